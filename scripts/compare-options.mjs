#!/usr/bin/env node
// Do two builds play the same games under the rules options scripts/compare-outputs.sh does not
// exercise? `node scripts/compare-options.mjs OLD_DIR NEW_DIR [GAMES=200] [search]` (both built).
// Per option set (5-6 players, private/table negotiation, hidden gold, commitRevisable, gifts by a
// gifting wrapper bot, kept cards, bank 270, default-commitment, partial agreements, payout variants,
// and everything at once), plays game g of every set in turn (configs alternate in one process),
// every 7th game with frozen states, and compares a SHA-256 of (final state, faults, outcome, record).
// With `search`, every 10th game seats a 2-rollout Search bot (the engine called from inside a bot).
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
const [oldArg, newArg, gamesArg, withSearch] = process.argv.slice(2);
const oldDir = resolve(oldArg),
  newDir = resolve(newArg);
const GAMES = Number(gamesArg ?? 200);
async function load(dir) {
  const sc = await import(`${dir}/dist/src/sim/scenario.js`);
  const run = await import(`${dir}/dist/src/sim/run.js`);
  const bots = await import(`${dir}/dist/bots/goldrausch/index.js`);
  return { sc, run, bots };
}
const builds = { old: await load(oldDir), new: await load(newDir) };
const OPTIONS = {
  p5: { players: 5 },
  p6: { players: 6 },
  private: { rules: { negotiationScope: 'continent-private' } },
  table: { rules: { negotiationScope: 'table' } },
  hidden: { rules: { goldVisibility: 'hidden' } },
  revisable: { rules: { commitRevisable: true } },
  gifts: { rules: { allowGoldGifts: true }, gifts: true },
  'gifts-gross': { rules: { allowGoldGifts: true, winCheck: 'immediate-gross' }, gifts: true, players: 5 },
  keep: { rules: { passedCards: 'keep' } },
  keep6: { rules: { passedCards: 'keep', oppositeOdd: 'random' }, players: 5 },
  leave1: { rules: { oppositeOdd: 'leave-one-out' }, players: 5 },
  bank270: { rules: { bank: 270 } },
  'default-commit': { rules: { phase1UpgradeCard: 'default-commitment' } },
  partial: { rules: { allowPartialAgreements: true }, players: 6 },
  prorata: { rules: { shortage: 'pro-rata', continentOrder: 'stock' } },
  'exempt-ns': { rules: { exemption: 'not-counted', fineScope: 'all-on-continent', fineTiming: 'before' } },
  'exempt-us': { rules: { exemption: 'upgrade-succeeds', finePayment: 'all-or-nothing', penaltySink: 'continent' } },
  eor: { rules: { winCheck: 'end-of-round', finalTiebreak: 'fewest-fines', respawnTiming: 'end-of-current-round' } },
  eop: { rules: { winCheck: 'end-of-profit', finalTiebreak: 'random', capCut: 'trim-on-respawn', equalRightsPool: 'players-and-board', vultureAllEqual: 5 } },
  all: {
    rules: {
      negotiationScope: 'table',
      goldVisibility: 'hidden',
      commitRevisable: true,
      allowGoldGifts: true,
      passedCards: 'keep',
      bank: 270,
      phase1UpgradeCard: 'default-commitment',
      allowPartialAgreements: true,
      shortage: 'pro-rata',
    },
    players: 6,
    gifts: true,
  },
  'all-private5': {
    rules: {
      negotiationScope: 'continent-private',
      goldVisibility: 'hidden',
      commitRevisable: true,
      allowGoldGifts: true,
      passedCards: 'keep',
      bank: 270,
      phase1UpgradeCard: 'default-commitment',
      allowPartialAgreements: true,
      oppositeOdd: 'random',
    },
    players: 5,
    gifts: true,
  },
};
const NAMES = ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'random', 'silent', 'opportunist'];
function giftBot(inner, seat, random, n) {
  // Gives 1–2 gold to a neighbour now and then, with a proposal after it in the same turn; some illegal gifts.
  return {
    name: 'gifter',
    chooseContinent: (v) => inner.chooseContinent(v),
    provisionalUpgrade: inner.provisionalUpgrade ? (v) => inner.provisionalUpgrade(v) : undefined,
    negotiate(view) {
      const base = inner.negotiate(view) ?? [];
      const x = random.next();
      if (x < 0.25) return [{ type: 'GIFT', to: (seat + 1) % n, amount: 1 + (view.round % 2) }, ...base];
      if (x < 0.3) return [{ type: 'GIFT', to: (seat + 2) % n, amount: 999 }, ...base];
      if (x < 0.35) return [...base, { type: 'GIFT', to: (seat + 3) % n, amount: 1 }, { type: 'PASS' }];
      return base;
    },
    commitUpgrade: (v) => inner.commitUpgrade(v),
  };
}
function scenarioFor(b, key, opt, g) {
  const players = opt.players ?? 4;
  const seats = Array.from({ length: players }, (_, s) => NAMES[(s + g) % NAMES.length]);
  const scenario = b.sc.parseScenario(`/tmp/${key}.json`, { name: key, players, seats, rules: opt.rules, seed: `opt-${key}` });
  let bots = scenario.bots;
  if (opt.gifts) {
    bots = bots.map((f, s) => (s % 2 === 0 ? { name: 'gifter', create: (seat, random) => giftBot(f.create(seat, random), seat, random, players) } : f));
  }
  if (withSearch && g % 10 === 0) {
    const search = b.bots.makeSearch({ rollouts: 2 });
    bots = bots.map((f, s) => (s === g % players ? search : f));
  }
  return { ...scenario, bots };
}
function hashOf(b, scenario, g, freeze) {
  const played = b.run.playOne(scenario, g, { seed: scenario.seed, freeze });
  const record = scenario.definition.record(played.final);
  if (b === builds.new) {
    const st = (stats[scenario.name] ??= { gifts: 0, faults: 0, moves: 0, exemptPoor: 0, over: {} });
    st.faults += played.faults.length;
    for (const r of played.final.history) {
      for (const m of r.messages) if (m.type === 'GIFT') st.gifts++;
      if (r.event === 'pass-upgrade-left' || r.event === 'paperwork-chaos' || String(r.event).includes('country')) st.moves++;
    }
    st.over[played.final.endedBy] = (st.over[played.final.endedBy] ?? 0) + 1;
  }
  const json = JSON.stringify({ final: played.final, faults: played.faults, outcome: played.outcome, record });
  return createHash('sha256').update(json).digest('hex');
}
let bad = 0;
const stats = {};
const keys = Object.keys(OPTIONS);
const counts = {};
// Interleaved: game g of every option, then game g+1 (configs alternate within one process).
for (let g = 0; g < GAMES; g++) {
  for (const key of keys) {
    const opt = OPTIONS[key];
    const freeze = g % 7 === 3;
    const ho = hashOf(builds.old, scenarioFor(builds.old, key, opt, g), g, freeze);
    const hn = hashOf(builds.new, scenarioFor(builds.new, key, opt, g), g, freeze);
    counts[key] = (counts[key] ?? 0) + 1;
    if (ho !== hn) {
      bad++;
      if (bad < 20) console.log(`DIFF ${key} game ${g} freeze=${freeze}`);
    }
  }
}
console.log(JSON.stringify(stats));
console.log(bad === 0 ? `ALL IDENTICAL (${GAMES} games x ${keys.length} options)` : `${bad} DIFFERENT`);
process.exitCode = bad === 0 ? 0 : 1;
