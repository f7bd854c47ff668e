/**
 * The fast player (core/definition.ts `FastPlayer`): the engine's own transitions on one reused state,
 * driven in a tight loop with the built-in bots' flat `FastBot`s, filling the state's own flat record.
 * No second rules implementation: what it saves over the generic driver is the requests, answers and
 * `Asked` objects per decision. A bot answer the rules would refuse hands the game back (null): the
 * caller then plays it on the generic driver, which records the fault.
 */
import type { FastPlayer, FlatRecord, GameRecord } from '../../../core/definition.js';
import { gameKey, purposeKey } from '../../../core/random.js';
import type { GoldrauschBotFactory } from '../bot.js';
import type { GoldrauschConfig } from '../params.js';
import { Purpose } from '../purposes.js';
import { GameDraws, SeatRandom } from './draws.js';
import { mayLayCard, messageFault, playTurn, revealContinents } from './meeting.js';
import { flatRecord, gameRecordOf, stateRecord, type StateRecord } from './records.js';
import { SeatView } from './seat-view.js';
import { startGame } from './setup.js';
import { GoldrauschState, Stage } from './state.js';
import { GREEN, NONE, RED, newMessage, type FastBot, type FastBotFactory, type FastMessage } from './view.js';

/**
 * Plays games of one config and line-up on one state. Not re-entrant: a bot must not play another
 * game on the same player from inside a decision (no built-in heuristic bot does).
 */
export class StatePlayer {
  readonly state: GoldrauschState;
  readonly draws = new GameDraws();
  readonly bots: FastBot[];
  readonly views: SeatView[] = [];
  private readonly randoms: SeatRandom[];
  private readonly out: FastMessage = newMessage();
  private readonly outList: FastMessage[];
  private readonly record: StateRecord;
  /** The last game handed back (a bot's answer the rules refuse), and why. */
  handedBack: string | null = null;

  constructor(config: GoldrauschConfig, players: number, bots: readonly FastBotFactory[]) {
    if (bots.length !== players) throw new RangeError(`one fast bot per seat: ${bots.length} for ${players} seats`);
    // The built-in bots read no more of the record than its undetailed part (state.ts `detail`).
    this.state = new GoldrauschState(config, players, false);
    this.bots = bots.map((make) => make());
    this.randoms = bots.map(() => new SeatRandom());
    for (let s = 0; s < players; s++) this.views.push(new SeatView(this.state, s));
    this.outList = [this.out];
    this.record = stateRecord(this.state);
  }

  /** Plays the game with this key (core/random.ts `gameKey`); its record, or null when a bot's answer would be a fault. */
  play(key: number): StateRecord | null {
    const s = this.state;
    const draws = this.draws;
    draws.newGame(key);
    startGame(s, draws);
    const n = s.players;
    for (let seat = 0; seat < n; seat++) {
      const random = this.randoms[seat];
      random.key = purposeKey(key, Purpose.bot + seat);
      random.counter = 0;
      this.bots[seat].newGame(seat, random);
    }
    for (;;) {
      const stage = s.stage;
      if (stage === Stage.over) break;
      if (!(stage === Stage.continent ? this.continents() : this.turn())) return null;
    }
    // A GIFT that ends the race within a meeting leaves that round unrecorded, which a flat record
    // (one curve row per round of the game's length) cannot say: the generic driver records it.
    if (s.historyLength !== s.round) {
      this.handBack('a GIFT ended the game within a meeting', s.round);
      return null;
    }
    return flatRecord(s, this.record);
  }

  /** Phases 1–2: every seat's choice, in seat order, each on the board as it stands; false when one is not legal. */
  private continents(): boolean {
    const s = this.state;
    const n = s.players;
    const bots = this.bots;
    const views = this.views;
    for (let seat = 0; seat < n; seat++) {
      const c = bots[seat].chooseContinent(views[seat]);
      if (!(c === 0 || c === 1 || c === 2) || s.countryHands[seat][c] <= 0) return this.handBack('a continent not in hand', c);
      s.choices[seat] = c;
      // GR-A9: a built-in bot has no phase-1 card of its own: red (askBot's default).
      s.provisional[seat] = s.defaultCommitment ? RED : NONE;
    }
    revealContinents(s, this.draws);
    return true;
  }

  /** A meeting turn: its message, then maybe its card, or its idle promise; false when an answer is not legal. */
  private turn(): boolean {
    const s = this.state;
    const seat = s.order[s.turn];
    const bot = this.bots[seat];
    const view = this.views[seat];
    const out = this.out;
    out.continent = -1;
    out.clauseCount = 0;
    const sends = bot.negotiate(view, out);
    let card = NONE;
    if (mayLayCard(s, seat)) {
      card = bot.commitUpgrade(view);
      if (card !== NONE && ((card !== GREEN && card !== RED) || s.upgradeHands[seat][card === GREEN ? 0 : 1] <= 0))
        return this.handBack('an upgrade card not in hand', card);
    }
    let until = 0;
    let wake = 0;
    if (!sends && card === NONE) {
      until = bot.idleUntil(view);
      wake = bot.idleWake;
    } else if (sends) {
      const fault = messageFault(s, seat, out, s.gold[seat], s.proposalCount);
      if (fault !== null) return this.handBack(fault, out.type);
    }
    playTurn(s, this.outList, sends ? 1 : 0, card, until, wake, this.draws);
    return true;
  }

  /** Hands the game back (its own function: the messages are put together only here). */
  private handBack(why: string, value: unknown): false {
    this.handedBack = `${why} (${String(value)})`;
    return false;
  }
}

class EnginePlayer implements FastPlayer {
  bailouts = 0;
  constructor(private readonly player: StatePlayer) {}

  play(seed: string, index: number): FlatRecord | null {
    const record = this.player.play(gameKey(seed, index));
    if (record === null) this.bailouts++;
    return record;
  }

  gameRecord(flat: FlatRecord): GameRecord {
    return gameRecordOf(flat);
  }
}

/** A fast player for the line-up, or null when some seat's bot is not a built-in flat bot. */
export function fastPlayer(config: GoldrauschConfig, players: number, bots: readonly GoldrauschBotFactory[]): FastPlayer | null {
  const flat: FastBotFactory[] = [];
  for (const bot of bots) {
    if (bot.fast === undefined) return null;
    flat.push(bot.fast);
  }
  return new EnginePlayer(new StatePlayer(config, players, flat));
}
