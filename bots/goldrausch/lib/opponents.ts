/**
 * Who is who: a posterior over the heuristic strategies for every other seat, from the public
 * history (docs/games/goldrausch.md §13) and the meeting in progress. The built-in strategies leave clear
 * traces — the quiet ones (random, greedy, silent) never talk and lay their card on their first turn;
 * betrayers propose themselves, lay late (tick ticks − 1) and always green; the cooperative family
 * talks, lays by mid-meeting and keeps its word — and their continent choices have known
 * probabilities: greedy takes the arg-max of the shared expected-payout score (flat.ts `scores`), the
 * others a logit over it with temperature 2, random any card. The likelihood of every past round is
 * the product of those terms, each floored at a small ε so a surprise lowers a type without ruling
 * it out (a variant with other parameters is still matched to its nearest type).
 */
import { GREEN, MSG_ACCEPT, MSG_COMMITTED, MSG_PROMISE, MSG_PROPOSE, MSG_REJECT, NONE } from '../../../src/games/goldrausch/bot.js';
import { S_BREACH_VICTIMS, S_COMMIT, S_LOCATION, S_SUCCEEDED } from '../../../src/games/goldrausch/records.js';
import { GoldrauschState, nextSerial, SEAT_FIELDS, Stage } from '../../../src/games/goldrausch/state.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import { scores } from './continent.js';
import { greenPays } from './estimate.js';

/** The strategies a seat can be, as keys of HEURISTIC_BOTS. */
export const TYPES = ['random', 'greedy', 'cooperative', 'betrayer', 'reciprocal', 'silent', 'opportunist'] as const;
export type OpponentType = (typeof TYPES)[number];
const T = TYPES.length;
const RANDOM = 0;
const GREEDY = 1;
const COOPERATIVE = 2;
const BETRAYER = 3;
const RECIPROCAL = 4;
const SILENT = 5;
const OPPORTUNIST = 6;
const QUIET = [RANDOM, GREEDY, SILENT];
const FAMILY = [COOPERATIVE, RECIPROCAL, OPPORTUNIST];

/** Floor of every likelihood term. */
const EPS = 0.02;
const LOG_EPS = Math.log(EPS);

/** Whether `seat` talked (PROPOSE, ACCEPT, REJECT, PROMISE) in the meeting of round i (i = historyLength: the current one), as this seat can read it. */
function talked(view: GoldrauschView, i: number, seat: number): boolean {
  for (let k = view.messagesFrom(i); k < view.messagesTo(i); k++) {
    if (view.messageFrom(k) !== seat) continue;
    const type = view.messageType(k);
    if (type === MSG_PROPOSE || type === MSG_ACCEPT || type === MSG_REJECT || type === MSG_PROMISE) return true;
  }
  return false;
}

/** Whether `viewer` can read `seat`'s messages (GR-A11: private channels show only one's own continent). */
function audible(view: GoldrauschView, locations: readonly number[], seat: number): boolean {
  return view.rules.negotiationScope !== 'continent-private' || locations[seat] === locations[view.seat];
}

function sharing(locations: readonly number[], seat: number): boolean {
  for (let s = 0; s < locations.length; s++) if (s !== seat && locations[s] === locations[seat]) return true;
  return false;
}

export class OpponentModel {
  /** Log-likelihood per seat × type from the finished rounds. */
  private logLik = new Float64Array(0);
  private counted = 0;
  /**
   * A state for the positions of the past: a seat's phase 1 of an earlier round (or of this one), or
   * the start of that round's meeting, as its view showed them (built from this seat's view alone),
   * read by the heuristic bots' own scores and estimates.
   */
  private past: GoldrauschState | null = null;
  /** Scratch: the posterior of the last call, seat × type. */
  posterior = new Float64Array(0);

  /** The posterior over TYPES for every seat (own seat included, ignored by callers); seat-major. */
  update(view: GoldrauschView): Float64Array {
    const n = view.players;
    const length = view.historyLength;
    // A search bot plays one game: its history only grows.
    if (!(this.logLik.length === n * T && this.counted <= length)) {
      this.logLik = new Float64Array(n * T);
      this.counted = 0;
    }
    for (let i = this.counted; i < length; i++) this.addRound(view, i);
    this.counted = length;
    if (this.posterior.length !== n * T) this.posterior = new Float64Array(n * T);
    const post = this.posterior;
    post.set(this.logLik);
    if (view.stage === 'meeting') this.addMeeting(view, post);
    for (let s = 0; s < n; s++) {
      let max = -Infinity;
      for (let t = 0; t < T; t++) max = Math.max(max, post[s * T + t]);
      let total = 0;
      for (let t = 0; t < T; t++) {
        const p = Math.exp(post[s * T + t] - max);
        post[s * T + t] = p;
        total += p;
      }
      for (let t = 0; t < T; t++) post[s * T + t] /= total;
    }
    return post;
  }

  /**
   * The view `seat` had in phase 1 of history round i (i = historyLength: of the current round): the
   * round, start player, gold, stock and extraction it began with, the history before it, full hands.
   * With `meeting`, that round's meeting at tick 1 (the pawns where they stood, nothing said or laid).
   */
  private pastView(view: GoldrauschView, i: number, seat: number, meeting: boolean): GoldrauschView {
    const n = view.players;
    let s = this.past;
    if (s === null || s.players !== n || s.config.params !== view.params) {
      s = this.past = new GoldrauschState({ rules: view.rules, params: view.params }, n, false);
    }
    s.game = nextSerial(); // another position: the bots' per-game memos start afresh
    const current = i === view.historyLength;
    s.round = current ? view.round : i + 1;
    s.startPlayer = current ? view.startPlayer : view.histStartPlayer(i);
    s.historyLength = i;
    for (let seat = 0; seat < n; seat++) {
      s.gold[seat] = (current ? view.gold(seat) : view.histGoldBefore(i, seat)) ?? 0;
      s.countryHands[seat][0] = s.countryHands[seat][1] = s.countryHands[seat][2] = 1;
      s.upgradeHands[seat][0] = s.upgradeHands[seat][1] = 1;
    }
    for (let c = 0; c < 3; c++) {
      s.stock[c] = current ? view.stock(c) : view.histStockBefore(i, c);
      s.extract[c] = current ? view.extract(c) : view.histExtract(i, c);
    }
    for (let r = 0; r < i; r++) {
      for (let seat = 0; seat < n; seat++) {
        const at = (r * n + seat) * SEAT_FIELDS;
        s.seatRows[at + S_LOCATION] = view.histLocation(r, seat);
        s.seatRows[at + S_COMMIT] = view.histCommit(r, seat);
        s.seatRows[at + S_SUCCEEDED] = view.histSucceeded(r, seat) ? 1 : 0;
        s.seatRows[at + S_BREACH_VICTIMS] = view.histBreachVictims(r, seat);
      }
    }
    s.stage = Stage.continent;
    if (meeting) {
      s.stage = Stage.meeting;
      s.tick = 1;
      s.proposalCount = 0;
      s.bindingCount = 0;
      for (let seat = 0; seat < n; seat++) {
        s.locations[seat] = view.histLocation(i, seat);
        s.commits[seat] = NONE;
        s.committed[seat] = 0;
        s.passed[seat] = 0;
        s.promises[seat] = NONE;
      }
      for (let c = 0; c < 3; c++) {
        s.agreementProposal[c] = -1;
        s.agreementParties[c] = 0;
        s.agreementUpgrader[c] = -1;
      }
    }
    return s.views[seat];
  }

  /** Where every seat stood in round i (i = historyLength: now). */
  private locationsOf(view: GoldrauschView, i: number): number[] {
    const out: number[] = [];
    for (let s = 0; s < view.players; s++) out.push(i === view.historyLength ? view.location(s) : view.histLocation(i, s));
    return out;
  }

  /** Adds log P(continent choice | type) for every other seat in round i. */
  private addContinent(view: GoldrauschView, i: number, locations: readonly number[], out: Float64Array): void {
    const n = view.players;
    for (let s = 0; s < n; s++) {
      if (s === view.seat) continue;
      const v = scores(this.pastView(view, i, s, false));
      const c = locations[s];
      let max = -Infinity;
      for (let k = 0; k < 3; k++) max = Math.max(max, v[k]);
      let ties = 0;
      let z = 0;
      for (let k = 0; k < 3; k++) {
        if (v[k] === max) ties++;
        z += Math.exp((v[k] - max) / 2);
      }
      const logit = Math.exp((v[c] - max) / 2) / z;
      const greedy = v[c] === max ? 1 / ties : 0;
      const o = s * T;
      out[o + RANDOM] += Math.log(1 / 3);
      out[o + GREEDY] += Math.log(Math.max(EPS, greedy));
      for (const t of [COOPERATIVE, BETRAYER, RECIPROCAL, SILENT, OPPORTUNIST]) out[o + t] += Math.log(Math.max(EPS, logit));
    }
  }

  private addRound(view: GoldrauschView, i: number): void {
    const n = view.players;
    const ll = this.logLik;
    const locations = this.locationsOf(view, i);
    this.addContinent(view, i, locations, ll);
    const ticks = view.ticks;
    for (let s = 0; s < n; s++) {
      if (s === view.seat) continue;
      const o = s * T;
      const shared = sharing(locations, s);
      const commit = view.histCommit(i, s);
      const tick = view.histCommitTick(i, s);
      if (!shared) {
        // Alone every strategy but random lays green at once.
        const green = commit === GREEN;
        for (let t = 0; t < T; t++) ll[o + t] += t === RANDOM ? Math.log(0.5) : green ? 0 : LOG_EPS;
        continue;
      }
      if (!audible(view, locations, s)) continue;
      const talk = talked(view, i, s);
      for (const t of QUIET) {
        if (talk || tick > 1) ll[o + t] += LOG_EPS;
      }
      if (commit !== NONE) {
        ll[o + RANDOM] += Math.log(0.5);
        ll[o + SILENT] += Math.log(0.5);
        ll[o + GREEDY] += greenPays(this.pastView(view, i, s, true)) === (commit === GREEN) ? 0 : LOG_EPS;
      }
      // Betrayer: talks, lays green at tick ticks − 1.
      if (!talk || tick !== Math.max(1, ticks - 1) || commit !== GREEN) ll[o + BETRAYER] += LOG_EPS;
      // The cooperative family talks and lays by mid-meeting (or when bound earlier).
      const late = tick === 0 || tick > Math.floor(ticks / 2) + 1;
      const broke = view.histBreachVictims(i, s) !== -1;
      for (const t of FAMILY) {
        if (!talk) ll[o + t] += LOG_EPS;
        if (late) ll[o + t] += LOG_EPS;
        if (broke) ll[o + t] += t === OPPORTUNIST ? Math.log(0.2) : LOG_EPS;
      }
    }
  }

  /** Evidence of the meeting in progress: this round's continent choices, talk and timing so far. */
  private addMeeting(view: GoldrauschView, out: Float64Array): void {
    const now = view.historyLength;
    const locations = this.locationsOf(view, now);
    this.addContinent(view, now, locations, out);
    const ticks = view.ticks;
    for (let s = 0; s < view.players; s++) {
      if (s === view.seat || !sharing(locations, s) || !audible(view, locations, s)) continue;
      const o = s * T;
      const talk = talked(view, now, s);
      let tick = 0;
      for (let k = view.messagesFrom(now); k < view.messagesTo(now); k++)
        if (view.messageFrom(k) === s && view.messageType(k) === MSG_COMMITTED) tick = view.messageTick(k);
      const committed = view.committed(s);
      // Quiet strategies lay their card on their first turn.
      if (talk || (committed && tick > 1) || (!committed && view.tick > 1)) for (const t of QUIET) out[o + t] += LOG_EPS;
      if (committed && tick < ticks - 1) out[o + BETRAYER] += LOG_EPS;
      if (!committed && view.tick > Math.floor(ticks / 2) + 1) for (const t of FAMILY) out[o + t] += LOG_EPS;
      if (view.tick > 1 && !talk) for (const t of [...FAMILY, BETRAYER]) out[o + t] += LOG_EPS;
    }
  }
}
