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
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import type { RoundRecord } from '../../../src/games/goldrausch/state.js';
import { ReferenceFastView } from '../../../src/games/goldrausch/view-adapter.js';
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
const FULL_COUNTRY: readonly number[] = [1, 1, 1];
const FULL_UPGRADE: readonly number[] = [1, 1];

function talked(messages: readonly { from: number; type: string }[], seat: number): boolean {
  for (const m of messages) {
    if (m.from === seat && (m.type === 'PROPOSE' || m.type === 'ACCEPT' || m.type === 'REJECT' || m.type === 'PROMISE')) return true;
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
  private lastCounted: RoundRecord | null = null;
  /** The past views below read as the heuristic bots read a view (the same scores and estimates). */
  private readonly flat = new ReferenceFastView();
  /** Scratch: the posterior of the last call, seat × type. */
  posterior = new Float64Array(0);

  /** The posterior over TYPES for every seat (own seat included, ignored by callers); seat-major. */
  update(view: GoldrauschView): Float64Array {
    const n = view.players;
    const history = view.history;
    const grown = this.logLik.length === n * T && this.counted <= history.length && (this.counted === 0 || history[this.counted - 1] === this.lastCounted);
    if (!grown) {
      this.logLik = new Float64Array(n * T);
      this.counted = 0;
    }
    for (let i = this.counted; i < history.length; i++) this.addRound(view, i);
    this.counted = history.length;
    this.lastCounted = history.length > 0 ? history[history.length - 1] : null;
    if (this.posterior.length !== n * T) this.posterior = new Float64Array(n * T);
    const post = this.posterior;
    post.set(this.logLik);
    if (view.meeting !== null) this.addMeeting(view, post);
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

  /** The view a seat had in phase 1 of history round i (or of the current round, i = history.length). */
  private pastView(view: GoldrauschView, i: number, seat: number): GoldrauschView {
    if (i === view.history.length) {
      return { ...view, seat, stage: 'continent', meeting: null, countryHand: FULL_COUNTRY, upgradeHand: FULL_UPGRADE };
    }
    const r = view.history[i];
    return {
      ...view,
      seat,
      round: r.round,
      stage: 'continent',
      startPlayer: r.startPlayer,
      gold: r.goldBefore,
      stock: r.stockBefore,
      extract: r.extract,
      currentCard: r.resourceCard,
      countryHand: FULL_COUNTRY,
      upgradeHand: FULL_UPGRADE,
      history: view.history.slice(0, i),
      meeting: null,
    };
  }

  /** Adds log P(continent choice | type) for every other seat in round i. */
  private addContinent(view: GoldrauschView, i: number, locations: readonly number[], out: Float64Array): void {
    const n = view.players;
    for (let s = 0; s < n; s++) {
      if (s === view.seat) continue;
      const past = this.pastView(view, i, s);
      const v = scores(this.flat.of(past));
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
    const r = view.history[i];
    const n = view.players;
    const ll = this.logLik;
    this.addContinent(view, i, r.locations, ll);
    const ticks = view.params.negotiationTicks;
    for (let s = 0; s < n; s++) {
      if (s === view.seat) continue;
      const o = s * T;
      const shared = sharing(r.locations, s);
      const commit = r.commits[s];
      const tick = r.commitTicks[s];
      if (!shared) {
        // Alone every strategy but random lays green at once.
        const green = commit === 'green';
        for (let t = 0; t < T; t++) ll[o + t] += t === RANDOM ? Math.log(0.5) : green ? 0 : LOG_EPS;
        continue;
      }
      if (!audible(view, r.locations, s)) continue;
      const talk = talked(r.messages, s);
      for (const t of QUIET) {
        if (talk || tick > 1) ll[o + t] += LOG_EPS;
      }
      if (commit !== null) {
        ll[o + RANDOM] += Math.log(0.5);
        ll[o + SILENT] += Math.log(0.5);
        ll[o + GREEDY] += this.greedyGreen(view, i, s) === (commit === 'green') ? 0 : LOG_EPS;
      }
      // Betrayer: talks, lays green at tick ticks − 1.
      if (!talk || tick !== Math.max(1, ticks - 1) || commit !== 'green') ll[o + BETRAYER] += LOG_EPS;
      // The cooperative family talks and lays by mid-meeting (or when bound earlier).
      const late = tick === 0 || tick > Math.floor(ticks / 2) + 1;
      const broke = r.breaches.some((b) => b.seat === s);
      for (const t of FAMILY) {
        if (!talk) ll[o + t] += LOG_EPS;
        if (late) ll[o + t] += LOG_EPS;
        if (broke) ll[o + t] += t === OPPORTUNIST ? Math.log(0.2) : LOG_EPS;
      }
    }
  }

  /** Greedy's card in a past shared round: green iff its expected value beats red. */
  private greedyGreen(view: GoldrauschView, i: number, seat: number): boolean {
    const r = view.history[i];
    const past = this.pastView(view, i, seat);
    const meetingView: GoldrauschView = {
      ...past,
      stage: 'meeting',
      meeting: {
        tick: 1,
        ticks: view.params.negotiationTicks,
        locations: r.locations,
        messages: [],
        proposals: [],
        agreements: [null, null, null],
        bindingClauses: [],
        committed: r.locations.map(() => false),
        ownCommit: null,
        passed: r.locations.map(() => false),
      },
    };
    return greenPays(this.flat.of(meetingView));
  }

  /** Evidence of the meeting in progress: this round's continent choices, talk and timing so far. */
  private addMeeting(view: GoldrauschView, out: Float64Array): void {
    const m = view.meeting!;
    this.addContinent(view, view.history.length, m.locations, out);
    const ticks = m.ticks;
    for (let s = 0; s < view.players; s++) {
      if (s === view.seat || !sharing(m.locations, s) || !audible(view, m.locations, s)) continue;
      const o = s * T;
      const talk = talked(m.messages, s);
      let tick = 0;
      for (const msg of m.messages) if (msg.from === s && msg.type === 'COMMITTED') tick = msg.t;
      // Quiet strategies lay their card on their first turn.
      if (talk || (m.committed[s] && tick > 1) || (!m.committed[s] && m.tick > 1)) for (const t of QUIET) out[o + t] += LOG_EPS;
      if (m.committed[s] && tick < ticks - 1) out[o + BETRAYER] += LOG_EPS;
      if (!m.committed[s] && m.tick > Math.floor(ticks / 2) + 1) for (const t of FAMILY) out[o + t] += LOG_EPS;
      if (m.tick > 1 && !talk) for (const t of [...FAMILY, BETRAYER]) out[o + t] += LOG_EPS;
    }
  }
}
