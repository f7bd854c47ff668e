/**
 * The fast player (core/definition.ts `FastPlayer`): the engine's own transitions on one reused
 * state, driven in a tight loop with the line-up's bots, filling the state's own flat record. No
 * second rules or asking implementation: it asks each bot with the engine's own `askContinent` and
 * `askTurn` (what `askBot` does: the try, the checks against the rules, the fault) and applies the
 * answers with the engine's own transitions; what it leaves out is the driver's bookkeeping — the
 * requests' and answers' lists, fault records, freezing and timing, a fresh state per game — and,
 * for a line-up of heuristic built-ins, the story's detail (state.ts `detail`, bot.ts
 * `readsNoDetail`). A decision with a fault hands the game back (null): the generic driver then
 * plays it and records the fault. `test/games/goldrausch/fast-player.test.ts` holds the two to the
 * same records.
 */
import type { BotFactory, FastPlayer, FlatRecord, GameRecord } from '../../core/definition.js';
import { Purpose, RandomSource } from '../../core/random.js';
import { needsDetail, type GoldrauschBot } from './bot.js';
import { ASK_FAULT, askContinent, askTurn, type GoldrauschAnswer } from './engine.js';
import { GameDraws, SeatStream } from './draws.js';
import { revealContinents } from './meeting.js';
import type { GoldrauschConfig } from './params.js';
import { flatRecord, gameRecordOf, stateRecord, type StateRecord } from './records.js';
import { startGame } from './setup.js';
import { GoldrauschState, Stage } from './state.js';

type ContinentAnswer = Extract<GoldrauschAnswer, { kind: 'continent' }>;

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
    for (let seat = 0; seat < s.players; seat++) this.bots[seat] = this.factories[seat].create(seat, new SeatStream(random, Purpose.bot + seat));
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
      // (askContinent and askTurn catch what a bot throws.) The generic driver plays the game.
      this.bailouts++;
      this.handedBack = `the engine threw (${e instanceof Error ? e.message : 'not an Error'})`;
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
   * Phases 1–2: every seat's continent card, asked in seat order with the engine's `askContinent`,
   * then revealed; false where that records a fault.
   */
  private continents(): boolean {
    const s = this.state;
    const bots = this.bots;
    for (let seat = 0; seat < s.players; seat++) {
      const asked = askContinent(bots[seat], seat, s.views[seat], s, this.draws);
      if (asked.fault !== undefined) return this.handBack(asked.fault.message);
      const answer = asked.answer as ContinentAnswer;
      s.choices[seat] = answer.continent;
      s.provisional[seat] = answer.provisional;
    }
    revealContinents(s, this.draws);
    return true;
  }

  /**
   * A meeting turn, asked with the engine's `askTurn` and applied with its `playTurn`; false where
   * `askTurn` records a fault.
   */
  private turn(): boolean {
    const s = this.state;
    const seat = s.order[s.turn];
    // askTurn plays a turn without a fault itself.
    if (askTurn(this.bots[seat], seat, s.views[seat], s, this.draws) !== ASK_FAULT) return true;
    return this.handBack(s.turnFault?.message ?? 'a fault');
  }

  /** Hands the game back (a fault: the generic driver plays the game and records it). */
  private handBack(why: string): false {
    this.handedBack = why;
    return false;
  }
}

/** The fast player of a line-up of bots (any: built-ins and bot files alike play on the same engine). */
export function fastPlayer(config: GoldrauschConfig, players: number, bots: readonly BotFactory<GoldrauschBot>[]): FastPlayer {
  return new StatePlayer(config, players, bots);
}
