/**
 * The fast player (core/definition.ts `FastPlayer`): the engine's own transitions on one reused
 * state, driven in a tight loop with the line-up's bots, filling the state's own flat record. No
 * second rules implementation: it asks each bot what the engine's `askBot` asks, in the same order,
 * and checks the answers with the engine's own rules (`messageFault`, the hands); what it leaves out
 * is the driver's bookkeeping — the requests' and answers' lists, `Asked` objects and fault records,
 * a try around each call, freezing and timing, a fresh state per game — and, for a line-up of
 * heuristic built-ins, the story's detail (state.ts `detail`, bot.ts `readsNoDetail`). A decision
 * that would be a fault, or a throw, hands the game back (null): the generic driver then plays it
 * and records the fault. `test/games/goldrausch/fast-player.test.ts` holds the two to the same records.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { Purpose, RandomSource } from '../../core/random.js';
import { GREEN, MSG_ALL, MSG_GIFT, MSG_PROPOSE, NONE, RED, needsDetail, type GoldrauschBot } from './bot.js';
import { GameDraws } from './draws.js';
import { mayLayCard, messageFault, playTurn, revealContinents } from './meeting.js';
import type { GoldrauschConfig } from './params.js';
import { flatRecord, gameRecordOf, stateRecord, type StateRecord } from './records.js';
import { startGame } from './setup.js';
import { GoldrauschState, Stage } from './state.js';

/**
 * Plays games of one config and line-up on one state. Not re-entrant: a bot must not play another
 * game on the same player from inside a decision (no built-in bot does; the search bot plays its
 * own states).
 */
export class StatePlayer implements FastPlayer {
  readonly state: GoldrauschState;
  readonly draws = new GameDraws();
  private readonly bots: GoldrauschBot[] = [];
  private readonly record: StateRecord;
  bailouts = 0;
  /** Why the last game was handed back. */
  handedBack: string | null = null;

  constructor(
    config: GoldrauschConfig,
    players: number,
    private readonly factories: readonly BotFactory<GoldrauschBot>[],
  ) {
    if (factories.length !== players) throw new RangeError(`one bot per seat: ${factories.length} for ${players} seats`);
    this.state = new GoldrauschState(config, players, needsDetail(factories));
    this.record = stateRecord(this.state);
  }

  /** Game `index` of a run with this seed, as the generic driver would record it; null = play it there (a fault). */
  play(seed: string, index: number): FlatRecord | null {
    const s = this.state;
    const random = new RandomSource(seed, index);
    const draws = this.draws;
    draws.newGame(random.gameKey);
    startGame(s, draws);
    // The bots as playOne (sim/run.ts) makes them: fresh per game, seeded from their own streams.
    for (let seat = 0; seat < s.players; seat++) this.bots[seat] = this.factories[seat].create(seat, random.stream(Purpose.bot + seat));
    try {
      for (;;) {
        const stage = s.stage;
        if (stage === Stage.over) break;
        if (!(stage === Stage.continent ? this.continents() : this.turn())) {
          this.bailouts++;
          return null;
        }
      }
    } catch (e) {
      // A bot threw: the generic driver plays the game and records the fault.
      this.bailouts++;
      this.handedBack = `a bot threw (${e instanceof Error ? e.message : 'not an Error'})`;
      return null;
    }
    // A GIFT that ends the race within a meeting leaves that round unrecorded, which a flat record
    // (one curve row per round of the game's length) cannot say: the generic driver records it.
    if (s.historyLength !== s.round) {
      this.bailouts++;
      this.handedBack = 'a GIFT ended the game within a meeting';
      return null;
    }
    return flatRecord(s, this.record);
  }

  gameRecord(flat: FlatRecord): GameRecord {
    return gameRecordOf(flat);
  }

  /**
   * Phases 1–2: every seat's continent card, asked in seat order, then revealed; false where the
   * engine's `askBot` would record a fault. The same answers as `askBot` gives, without its fault
   * bookkeeping (a throw reaches `play`).
   */
  private continents(): boolean {
    const s = this.state;
    const bots = this.bots;
    for (let seat = 0; seat < s.players; seat++) {
      const bot = bots[seat];
      const view = s.views[seat];
      const c: unknown = bot.chooseContinent(view);
      if (!(c === 0 || c === 1 || c === 2) || s.countryHands[seat][c] <= 0) return this.handBack('a continent not in hand', c);
      s.choices[seat] = c;
      let provisional = NONE;
      if (s.defaultCommitment) {
        // GR-A9: a bot without provisionalUpgrade lays red (askBot's default).
        const p: unknown = bot.provisionalUpgrade ? bot.provisionalUpgrade(view) : RED;
        if (p === GREEN || p === RED) provisional = p;
      }
      s.provisional[seat] = provisional;
    }
    revealContinents(s, this.draws);
    return true;
  }

  /**
   * A meeting turn: the seat's messages (written into the state's outbox), then its card if it may
   * lay one, or its idle promise; applied with the engine's own `playTurn`. False where `askBot`
   * would record a fault (an illegal or extra message, a card not in hand, a list returned).
   */
  private turn(): boolean {
    const s = this.state;
    const seat = s.order[s.turn];
    const bot = this.bots[seat];
    const view = s.views[seat];
    const out = s.outbox;
    out.open();
    let returned: unknown;
    try {
      returned = bot.negotiate(view, out);
    } finally {
      out.close();
    }
    if (returned !== undefined && Array.isArray(returned)) return this.handBack('negotiate returned an array', returned);
    const count = out.count;
    if (count > 0) {
      if (count > s.messagesPerTick) return this.handBack('too many messages', count);
      let gold = s.gold[seat];
      let proposals = s.proposalCount;
      for (let k = 0; k < count; k++) {
        const m = out.message(k);
        const why = messageFault(s, seat, m, gold, proposals);
        if (why !== null) return this.handBack(why, m.type);
        if (m.type === MSG_PROPOSE) proposals++;
        else if (m.type === MSG_GIFT) gold -= m.amount;
      }
    }
    let card = NONE;
    if (mayLayCard(s, seat)) {
      const c: unknown = bot.commitUpgrade(view);
      if (c === GREEN || c === RED) {
        if (s.upgradeHands[seat][c - 1] <= 0) return this.handBack('an upgrade card not in hand', c);
        card = c;
      } else if (c !== NONE) return this.handBack('not an upgrade card', c);
    }
    let until = 0;
    let wake = MSG_ALL;
    if (count === 0 && card === NONE && bot.idleUntil !== undefined) {
      const t = bot.idleUntil(view);
      if (Number.isInteger(t) && t > s.tick) until = t;
      const w = bot.idleWake;
      if (w !== undefined && Number.isInteger(w)) wake = w & MSG_ALL;
    }
    playTurn(s, out.messages, count, card, until, wake, this.draws);
    return true;
  }

  /** Hands the game back (its own function: the message is put together only here). */
  private handBack(why: string, value: unknown): false {
    this.handedBack = `${why} (${String(value)})`;
    return false;
  }
}

/** The fast player of a line-up of bots (any: built-ins and bot files alike play on the same engine). */
export function fastPlayer(config: GoldrauschConfig, players: number, bots: readonly BotFactory<GoldrauschBot>[]): FastPlayer {
  return new StatePlayer(config, players, bots);
}
