/**
 * The fast player (core/definition.ts `FastPlayer`): the engine's own transitions and its own
 * `askBot` on one reused state, driven in a tight loop with the line-up's bots, filling the state's
 * own flat record. No second rules implementation: what it saves over the generic driver (sim/play.ts)
 * is the requests' and answers' lists, freezing and timing, and a fresh state per game; and, for a
 * line-up of heuristic built-ins, it keeps no story's detail (state.ts `detail`, bot.ts `readsNoDetail`). A decision that would be a
 * fault hands the game back (null): the generic driver then plays it and records the fault.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { Purpose, RandomSource } from '../../core/random.js';
import { needsDetail, type GoldrauschBot } from './bot.js';
import { GameDraws } from './draws.js';
import { askBot, pending, type GoldrauschRequest } from './engine.js';
import { playTurn, revealContinents } from './meeting.js';
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
    for (;;) {
      const stage = s.stage;
      if (stage === Stage.over) break;
      if (!(stage === Stage.continent ? this.continents() : this.turn())) {
        this.bailouts++;
        return null;
      }
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

  /** Phases 1–2: every seat's continent card, asked in seat order, then revealed; false at a fault. */
  private continents(): boolean {
    const s = this.state;
    const requests = pending(s);
    if (requests.kind !== 'decisions') return false;
    for (let seat = 0; seat < s.players; seat++) {
      const asked = askBot(this.bots[seat], requests.requests[seat], s.views[seat], s, this.draws);
      if (asked.fault !== undefined) return this.handBack(asked.fault.message);
      const answer = asked.answer as { readonly continent: number; readonly provisional: number };
      s.choices[seat] = answer.continent;
      s.provisional[seat] = answer.provisional;
    }
    revealContinents(s, this.draws);
    return true;
  }

  /** A meeting turn: the seat's messages, card or idle promise (engine.ts `askBot`), applied; false at a fault. */
  private turn(): boolean {
    const s = this.state;
    const seat = s.order[s.turn];
    const requests = pending(s);
    if (requests.kind !== 'decisions') return false;
    const asked = askBot(this.bots[seat], requests.requests[0] as GoldrauschRequest, s.views[seat], s, this.draws);
    if (asked.fault !== undefined) return this.handBack(asked.fault.message);
    const a = asked.answer;
    if (a.kind !== 'meeting-turn') return false;
    // askBot's answer is legal by construction: played as it is (apply would check it again).
    playTurn(s, a.messages, a.messages.length, a.commit, a.idleUntil, a.idleWake, this.draws);
    return true;
  }

  private handBack(why: string): false {
    this.handedBack = why;
    return false;
  }
}

/** The fast player of a line-up of bots (any: built-ins and bot files alike play on the same engine). */
export function fastPlayer(config: GoldrauschConfig, players: number, bots: readonly BotFactory<GoldrauschBot>[]): FastPlayer {
  return new StatePlayer(config, players, bots);
}
