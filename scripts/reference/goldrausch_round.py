#!/usr/bin/env python3
"""Independent reference for one Goldrausch round, phases 4 (wheel / event) and 5 (profit).

Written from the rules specification in docs/games/goldrausch.md (sections 5, 6, 7, 8, 11, 16),
not from the TypeScript engine.  Python 3 standard library only.

Usage:
    python3 scripts/reference/goldrausch_round.py fixtures/goldrausch/*.json [-v]

For every fixture prints ``OK name`` when the fixture's ``expect`` equals the reference result, or
``MISMATCH name: expected ... got ...``; exits 1 when any fixture mismatches or cannot be evaluated.
``-v`` additionally prints the bank delta and the resolution trace.

Fixture format: see fixtures/goldrausch/*.json (players, rules, params, before, choices, wheel,
event, expect).  Supported option overrides (section 16 keys, kebab-case values):
  penaltySink (bank|continent), finePayment (partial|all-or-nothing), fineTiming (after|before),
  fineScope (upgraders|all-on-continent), exemption (fine-only|upgrade-succeeds|not-counted),
  shortage (sequential; pro-rata is NOT supported), continentOrder (cap|stock),
  winCheck (immediate|end-of-profit|end-of-round|immediate-gross), winThresholdStrict (bool),
  equalRightsPool (players|players-and-board), capCut (trim-now|trim-on-respawn),
  vultureAllEqual (3|1|5), oppositeOdd (rotate|leave-one-out; random is not supported).
Numeric params: fine, winThreshold, caps, capCuts.
"""

import json
import sys

CONTINENTS = ("azul", "rosso", "veridia")

DEFAULT_RULES = {
    "penaltySink": "bank",
    "finePayment": "partial",
    "fineTiming": "after",
    "fineScope": "upgraders",
    "exemption": "fine-only",
    "shortage": "sequential",
    "continentOrder": "cap",
    "winCheck": "immediate",
    "winThresholdStrict": False,
    "equalRightsPool": "players",
    "capCut": "trim-now",
    "vultureAllEqual": 3,
    "oppositeOdd": "rotate",
}

ALLOWED = {
    "penaltySink": ("bank", "continent"),
    "finePayment": ("partial", "all-or-nothing"),
    "fineTiming": ("after", "before"),
    "fineScope": ("upgraders", "all-on-continent"),
    "exemption": ("fine-only", "upgrade-succeeds", "not-counted"),
    "shortage": ("sequential",),
    "continentOrder": ("cap", "stock"),
    "winCheck": ("immediate", "end-of-profit", "end-of-round", "immediate-gross"),
    "winThresholdStrict": (False, True),
    "equalRightsPool": ("players", "players-and-board"),
    "capCut": ("trim-now", "trim-on-respawn"),
    "vultureAllEqual": (3, 1, 5),
    "oppositeOdd": ("rotate", "leave-one-out"),
}

DEFAULT_PARAMS = {
    "fine": 2,
    "winThreshold": 50,
    "caps": {"azul": 10, "rosso": 20, "veridia": 30},
    "capCuts": {"barren-land": 2, "poor-mother-earth": 3},
}

WHEEL_FIELDS = ("disaster-azul", "disaster-rosso", "disaster-veridia", "disaster-world", "calm", "event")

EVENTS = (
    "alms", "workaholic-azul", "rigorous-rosso", "business-veridia", "free-market",
    "gold-shower-azul", "gold-shower-rosso", "gold-shower-veridia", "drying-vein",
    "progress-azul", "progress-rosso", "progress-veridia",
    "nostalgia-azul", "nostalgia-rosso", "nostalgia-veridia",
    "market-crash", "equal-rights", "barren-land", "poor-mother-earth", "resource-shortage",
    "vulture", "subsidy", "change-of-management", "hurricane", "paperwork-chaos",
)

# amounts printed on the cards (not exposed as params by section 16)
SUBSIDY = 2
VULTURE_RICHEST, VULTURE_POOREST, VULTURE_OTHERS = 5, 1, 3
SHORTAGE_CUT = 2


class FixtureError(Exception):
    pass


class GameOver(Exception):
    pass


class Round:
    def __init__(self, fx):
        self.fx = fx
        self.n = fx["players"]
        if not 4 <= self.n <= 6:
            raise FixtureError("players must be 4..6")
        self.rules = dict(DEFAULT_RULES)
        for k, v in (fx.get("rules") or {}).items():
            if k not in ALLOWED:
                raise FixtureError("unsupported rule option %r" % k)
            if k == "vultureAllEqual":
                v = int(v)
            if v not in ALLOWED[k]:
                raise FixtureError("unsupported value %r for %s" % (v, k))
            self.rules[k] = v
        p = fx.get("params") or {}
        self.fine = int(p.get("fine", DEFAULT_PARAMS["fine"]))
        self.threshold = int(p.get("winThreshold", DEFAULT_PARAMS["winThreshold"]))
        self.caps_base = dict(DEFAULT_PARAMS["caps"])
        self.caps_base.update(p.get("caps") or {})
        self.cap_cuts = dict(DEFAULT_PARAMS["capCuts"])
        self.cap_cuts.update(p.get("capCuts") or {})

        b = fx["before"]
        self.start = b["startPlayer"]
        self.gold = list(b["gold"])
        self.stock = {c: b["stock"][c] for c in CONTINENTS}
        self.extract = {c: b["extract"][c] for c in CONTINENTS}
        self.cap_reduction = b.get("capReduction", 0)
        if len(self.gold) != self.n or len(fx["choices"]) != self.n:
            raise FixtureError("gold/choices length differs from players")
        if not 0 <= self.start < self.n:
            raise FixtureError("bad startPlayer")
        for c in CONTINENTS:
            if self.stock[c] > self.cap(c) or self.stock[c] < 0:
                raise FixtureError("stock of %s outside 0..cap" % c)
        for s in range(self.n):
            if self.reached(self.gold[s]):
                raise FixtureError("seat %d already at the win threshold before the round" % s)
        self.loc = [ch["continent"] for ch in fx["choices"]]
        self.card = [ch["upgrade"] for ch in fx["choices"]]  # True / False / None (timeout)
        for c in self.loc:
            if c not in CONTINENTS:
                raise FixtureError("bad continent %r" % c)
        self.wheel = fx["wheel"]
        if self.wheel not in WHEEL_FIELDS:
            raise FixtureError("bad wheel %r" % self.wheel)
        self.event = fx.get("event")
        if (self.wheel == "event") != (self.event is not None):
            raise FixtureError("event must be given iff wheel is 'event'")
        if self.event is not None and self.event not in EVENTS:
            raise FixtureError("unknown event %r" % self.event)
        self.bank_delta = 0
        self.winners = []
        self.poorest_at_event = set()
        self.trace = []

    # ---------------------------------------------------------------- helpers
    def cap(self, c):
        return max(0, self.caps_base[c] - self.cap_reduction)

    def reached(self, g):
        if self.rules["winThresholdStrict"]:
            return g > self.threshold
        return g >= self.threshold

    def clockwise(self):
        return [(self.start + k) % self.n for k in range(self.n)]

    def log(self, msg):
        self.trace.append(msg)

    def check_win(self, when):
        """Players at/over the threshold; the richest of them win (exact tie -> shared)."""
        cands = [s for s in range(self.n) if self.reached(self.gold[s])]
        if not cands:
            return False
        top = max(self.gold[s] for s in cands)
        self.winners = sorted(s for s in cands if self.gold[s] == top)
        self.log("win check %s -> winners %s" % (when, self.winners))
        return True

    # ---------------------------------------------------------------- phase 4
    def phase4(self):
        w = self.wheel
        self.disaster = set()
        if w == "disaster-world":
            self.disaster = set(CONTINENTS)
        elif w.startswith("disaster-"):
            self.disaster = {w[len("disaster-"):]}
        if w != "event":
            return
        e = self.event
        g = self.gold
        if e == "alms":
            lo = min(g)
            self.poorest_at_event = {s for s in range(self.n) if g[s] == lo}  # GR-A22
        elif e == "market-crash":
            hi, lo = max(g), min(g)
            if hi != lo:  # all equal -> nothing happens (GR-A27)
                rich = [s for s in range(self.n) if g[s] == hi]
                poor = [s for s in range(self.n) if g[s] == lo]
                if len(rich) > 1 or len(poor) > 1:
                    raise FixtureError("market-crash with tied richest/poorest is random")
                r, p = rich[0], poor[0]
                g[r], g[p] = g[p], g[r]
        elif e == "equal-rights":
            total = sum(g)
            if self.rules["equalRightsPool"] == "players-and-board":
                total += sum(self.stock.values())
                for c in CONTINENTS:
                    self.stock[c] = 0
            share = total // self.n
            old = sum(g)
            for s in range(self.n):
                g[s] = share
            # remainder to the bank; with the board pool the bank balance also absorbs the board
            self.bank_delta += old - share * self.n
            if self.rules["equalRightsPool"] == "players-and-board":
                self.bank_delta += total - old
        elif e in ("barren-land", "poor-mother-earth"):
            self.cap_reduction += int(self.cap_cuts[e])
            if self.rules["capCut"] == "trim-now":  # GR-A29
                for c in CONTINENTS:
                    excess = self.stock[c] - self.cap(c)
                    if excess > 0:
                        self.stock[c] -= excess
                        self.bank_delta += excess
        elif e == "vulture":  # GR-A30
            hi, lo = max(g), min(g)
            for s in range(self.n):
                if hi == lo:
                    loss = self.rules["vultureAllEqual"]
                elif g[s] == hi:
                    loss = VULTURE_RICHEST
                elif g[s] == lo:
                    loss = VULTURE_POOREST
                else:
                    loss = VULTURE_OTHERS
                paid = min(loss, g[s])
                g[s] -= paid
                self.bank_delta += paid
        elif e == "subsidy":
            for s in range(self.n):
                g[s] += SUBSIDY
                self.bank_delta -= SUBSIDY
        elif e == "change-of-management":  # upgrade card i -> i+1; a missing card passes as red
            new = [None] * self.n
            for i in range(self.n):
                new[(i + 1) % self.n] = bool(self.card[i])
            self.card = new
        elif e == "hurricane":  # country card i -> i-2, upgrade cards stay
            new = [None] * self.n
            for i in range(self.n):
                new[(i - 2) % self.n] = self.loc[i]
            self.loc = new
        elif e == "paperwork-chaos":  # GR-A34
            new = [None] * self.n
            if self.n % 2 == 0 or self.rules["oppositeOdd"] == "rotate":
                # even n: swap with the opposite seat; odd n (rotate): move floor(n/2) clockwise
                k = self.n // 2
                for i in range(self.n):
                    new[(i + k) % self.n] = bool(self.card[i])
            else:  # leave-one-out: consecutive clockwise pairs from the start player, last keeps
                order = self.clockwise()
                for j in range(0, self.n - 1, 2):
                    a, b = order[j], order[j + 1]
                    new[a], new[b] = bool(self.card[b]), bool(self.card[a])
                last = order[-1]
                new[last] = self.card[last]
            self.card = new
            newloc = [None] * self.n
            for i in range(self.n):
                newloc[(i - 1) % self.n] = self.loc[i]
            self.loc = newloc
        # other events only modify phase 5
        if self.rules["winCheck"] in ("immediate", "immediate-gross"):
            if self.check_win("after phase 4 (%s)" % e):
                raise GameOver()

    # ---------------------------------------------------------------- phase 5
    def effective_upgrade(self, s):
        c = self.loc[s]
        if self.event == "progress-" + c:
            return True  # GR-A25: also for timed-out players
        if self.event == "nostalgia-" + c:
            return False  # GR-A26
        return self.card[s] is True  # None (timeout) = red

    def exempt(self, s, c):
        e = self.event
        if e == "alms":
            return s in self.poorest_at_event
        if e == "free-market":
            return True
        return (e, c) in (("workaholic-azul", "azul"), ("rigorous-rosso", "rosso"),
                          ("business-veridia", "veridia"))

    def base_amount(self, c):
        e, x = self.event, self.extract[c]
        if e == "gold-shower-" + c:
            return 2 * x
        if e == "drying-vein":
            return x // 2
        if e == "resource-shortage":
            return max(0, x - SHORTAGE_CUT)
        return x

    def continent_order(self):
        by_cap = sorted(CONTINENTS, key=lambda c: -self.caps_base[c])  # veridia, rosso, azul
        if self.rules["continentOrder"] == "stock":
            # by current stock at the start of phase 5, ties in cap order (stable sort)
            return sorted(by_cap, key=lambda c: -self.stock[c])
        return by_cap

    def pay_fine(self, s, c):
        have = self.gold[s]
        if self.rules["finePayment"] == "partial":
            paid = min(self.fine, have)
        else:
            paid = self.fine if have >= self.fine else 0
        self.gold[s] -= paid
        if self.rules["penaltySink"] == "continent":
            room = max(0, self.cap(c) - self.stock[c])
            back = min(paid, room)
            self.stock[c] += back
            self.bank_delta += paid - back
        else:
            self.bank_delta += paid
        self.log("  seat %d fined %d (had %d)" % (s, paid, have))

    def phase5(self):
        order = self.continent_order()
        for c in order:
            seats = [s for s in self.clockwise() if self.loc[s] == c]
            U = [s for s in seats if self.effective_upgrade(s)]
            others = [s for s in seats if s not in U]
            counting = [s for s in U if not (self.rules["exemption"] == "not-counted" and self.exempt(s, c))]
            base = self.base_amount(c)
            hit = c in self.disaster
            self.log("%s: seats %s upgraders %s base %d stock %d%s" % (
                c, seats, U, base, self.stock[c], " DISASTER" if hit else ""))
            for s in U + others:
                is_up = s in U
                if is_up:
                    if self.rules["exemption"] == "not-counted":
                        collides = any(q != s for q in counting)
                    else:
                        collides = len(U) >= 2
                else:
                    if self.rules["exemption"] == "not-counted":
                        collides = len(counting) >= 2
                    else:
                        collides = len(U) >= 2
                if hit:
                    amount = 0
                elif is_up and not collides:
                    amount = 2 * base
                elif is_up and self.rules["exemption"] == "upgrade-succeeds" and self.exempt(s, c):
                    amount = 2 * base
                else:
                    amount = base
                liable = is_up or self.rules["fineScope"] == "all-on-continent"
                fined = liable and collides and not self.exempt(s, c)
                if fined and self.rules["fineTiming"] == "before":
                    self.pay_fine(s, c)
                got = min(amount, self.stock[c])
                self.stock[c] -= got
                self.gold[s] += got
                self.log("  seat %d %s gets %d (amount %d) -> %d, stock %d" % (
                    s, "U" if is_up else "-", got, amount, self.gold[s], self.stock[c]))
                if self.rules["winCheck"] == "immediate-gross" and self.check_win("gross seat %d" % s):
                    raise GameOver()
                if fined and self.rules["fineTiming"] == "after":
                    self.pay_fine(s, c)
                if self.rules["winCheck"] == "immediate" and self.check_win("after seat %d" % s):
                    raise GameOver()
        if self.rules["winCheck"] in ("end-of-profit", "end-of-round"):
            # end-of-round: phase 6 does not change gold, so the round-end check sees this state
            self.check_win("end of phase 5")

    def run(self):
        try:
            self.phase4()
            self.phase5()
        except GameOver:
            pass
        return {"gold": self.gold, "stock": dict(self.stock), "winner": self.winners}


def normalise(r):
    return {"gold": list(r["gold"]), "stock": {c: r["stock"][c] for c in CONTINENTS},
            "winner": sorted(r.get("winner", []))}


def main(argv):
    verbose = "-v" in argv
    paths = [a for a in argv if a != "-v"]
    if not paths:
        print(__doc__.strip())
        return 2
    bad = 0
    for path in paths:
        try:
            with open(path) as f:
                fx = json.load(f)
            name = fx.get("name", path)
            rnd = Round(fx)
            got = normalise(rnd.run())
            exp = normalise(fx["expect"])
        except (FixtureError, KeyError, ValueError, TypeError) as ex:
            print("ERROR %s: %s" % (path, ex))
            bad += 1
            continue
        if got == exp:
            print("OK %s" % name)
        else:
            bad += 1
            print("MISMATCH %s: expected %s got %s" % (name, json.dumps(exp), json.dumps(got)))
        if verbose:
            print("  bank delta %+d" % rnd.bank_delta)
            for line in rnd.trace:
                print("   ", line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
