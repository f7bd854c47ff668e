/**
 * The bot contract of the fast kernel (`kernel.ts`): a seat's view as flat numbers, and the fast
 * bot interface. It carries the same information as `GoldrauschView` (docs/games/goldrausch.md §13) for
 * what the built-in heuristic bots read, and nothing a seat may not see: other seats' gold is null
 * when gold is hidden (GR-A36), and with private channels (GR-A11) other continents' proposals and
 * agreements read as absent.
 *
 * Encodings (one per concept, used by the kernel, the fast bots and the records alike):
 *  - continent: azul 0, rosso 1, veridia 2;
 *  - upgrade card: NONE 0 (no card laid / timed out), GREEN 1, RED 2;
 *  - a plan's or proposal's upgrader: a seat, or NOBODY (−1) for "nobody upgrades";
 *  - message types: the `MessageType` bits of state.ts `messageBit` (PROPOSE 1, ACCEPT 2, REJECT 4,
 *    PROMISE 8, PASS 16, COMMITTED 32, GIFT 64), so a set of types is a bit mask;
 *  - seat sets: bit masks (bit s = seat s).
 *
 * A view is a window on the kernel's live arrays: read it during the call it is passed to, and keep
 * nothing from it across calls except plain numbers (the arrays are reused from round to round and
 * game to game). Bots never write to it (the types are read-only).
 */

export const NONE = 0;
export const GREEN = 1;
export const RED = 2;
/** A proposal's or plan's upgrader when nobody is to upgrade (upgrader null). */
export const NOBODY = -1;

export const MSG_PROPOSE = 1;
export const MSG_ACCEPT = 2;
export const MSG_REJECT = 4;
export const MSG_PROMISE = 8;
export const MSG_PASS = 16;
export const MSG_COMMITTED = 32;
export const MSG_GIFT = 64;
/** Every message type (a bot without `idleIgnores` is woken by any message about its continent). */
export const MSG_ALL = 127;

export interface FastView {
  /** This seat. */
  readonly seat: number;
  readonly players: number;
  /** A number that changes with every game the kernel plays (a key for per-game memos). */
  readonly game: number;
  /** The current round, 1-based. */
  readonly round: number;
  readonly startPlayer: number;

  // Parameters and rules the bots read (GameParams, RulesOptions).
  readonly rounds: number;
  readonly fine: number;
  readonly winThreshold: number;
  readonly winThresholdStrict: boolean;
  /** params.negotiationTicks. */
  readonly ticks: number;
  /**
   * §6: the chance that the wheel stops mining on continent c (its own disaster field plus the broken
   * globe, over all fields), exactly as view-adapter.ts `disasterOdds` computes it.
   */
  readonly disaster: readonly number[];
  /**
   * A number that identifies the parameters (the config the kernel was built for): a key for memos
   * that depend on them (the same number for the same params object).
   */
  readonly paramsKey: number;

  // The board (public).
  readonly stock: readonly number[];
  /** Extraction amounts of the current resource card. */
  readonly extract: readonly number[];
  /** Seat s's gold, or null when gold is hidden and s is another seat (GR-A36). */
  gold(s: number): number | null;
  /** This seat's country cards per continent (standard hand [1, 1, 1] unless passed cards are kept). */
  readonly countryHand: readonly number[];
  /** This seat's upgrade cards [green, red]. */
  readonly upgradeHand: readonly number[];
  /** Public reputation ledger (§15.3), per seat. */
  readonly kept: readonly number[];
  readonly broken: readonly number[];

  // The public history of finished rounds, oldest first (index i = round i + 1).
  readonly historyLength: number;
  /**
   * Optional (the kernel leaves it out: its `game` changes only with the game): a number that stays
   * the same while the public history only grows (each history extends the one before), though
   * `game` may change (the reference adapter's `game` also changes with the gold and the pawns). The
   * bots' shared history digest counts only the new records while it stays the same.
   */
  readonly historyKey?: number;
  /** Where seat s's pawn stood in phase 2 of history round i. */
  histLocation(i: number, s: number): number;
  /** The card seat s laid in phase 3 of history round i (NONE = timed out), before events moved it. */
  histCommit(i: number, s: number): number;
  /** Whether s was the sole, paid-double upgrader in history round i. */
  histSucceeded(i: number, s: number): boolean;
  /** The round number of history round i (i + 1). */
  histRound(i: number): number;
  /** −1 if s broke no obligation in history round i; else the mask of the parties it let down. */
  histBreachVictims(i: number, s: number): number;

  // Phase 3, the meeting (only valid while the kernel asks a meeting decision).
  readonly tick: number;
  /** Where every pawn stands (public since phase 2). */
  readonly locations: readonly number[];
  /** Who has laid an upgrade card (1) or not (0); the colour is hidden. */
  readonly committed: readonly number[];
  /** Who has sent PASS (1) or not (0). */
  readonly passed: readonly number[];
  /** This seat's own laid card (NONE if none yet). */
  readonly ownCommit: number;
  /** This seat's latest PROMISE this meeting: NONE, GREEN or RED. */
  readonly ownPromise: number;
  /** Proposals of this meeting, in the order they were made (index = the kernel's proposal reference). */
  readonly proposalCount: number;
  /** Continent of proposal i, or −1 if this seat may not see it (private channels, GR-A11). */
  proposalContinent(i: number): number;
  proposalProposer(i: number): number;
  /** The proposal's upgrader: a seat or NOBODY. */
  proposalUpgrader(i: number): number;
  /** Seats that accepted proposal i (the proposer included), as a mask. */
  proposalAccepted(i: number): number;
  /** The agreement in force on continent c: its proposal index, or −1 (none, or hidden from this seat). */
  agreement(c: number): number;
  /** Parties of the agreement on c (mask; 0 when there is none). */
  agreementParties(c: number): number;
  /** Upgrader of the agreement on c: a party, or NOBODY. */
  agreementUpgrader(c: number): number;
  /** Whether this seat has sent a REJECT of proposal i. */
  hasRejected(i: number): boolean;
  /**
   * Rotation clauses from earlier rounds that bind `seat` now (§15.2), which only the reference
   * engine has (view-adapter.ts; the kernel leaves this out: no clause ever binds there): the
   * upgrader of the first naming somebody else (a seat or NOBODY), else `seat` if one names it, else
   * −2 (none).
   */
  clausePlan?(seat: number): number;
}

/**
 * The one message a fast bot may send in a turn (params.messagesPerTick ≥ 1 always allows one). The
 * engine sets `continent` to −1 and `clauseCount` to 0 before each turn, so a bot that sends none of
 * those writes only the first four fields.
 */
export interface FastMessage {
  /** MSG_PROPOSE, MSG_ACCEPT, MSG_REJECT, MSG_PROMISE, MSG_PASS or MSG_GIFT. */
  type: number;
  /** PROPOSE: the upgrader (a seat or NOBODY). */
  upgrader: number;
  /** ACCEPT / REJECT: the proposal index; PROMISE: a proposal index or −1 for none. */
  ref: number;
  /** PROMISE: GREEN or RED. */
  action: number;
  /** PROPOSE: the continent it is about; −1 = the sender's own (others only with negotiationScope table, GR-A11). */
  continent: number;
  /** GIFT (allowGoldGifts only): the recipient and the amount. */
  to: number;
  amount: number;
  /** PROPOSE: rotation clauses for later rounds (§15.2 `next`): `clauseRounds[k]`, `clauseUpgraders[k]` (a seat or NOBODY), k < clauseCount. */
  clauseCount: number;
  readonly clauseRounds: number[];
  readonly clauseUpgraders: number[];
}

/** A fresh message to write into (every field set). */
export function newMessage(): FastMessage {
  return { type: 0, upgrader: NOBODY, ref: -1, action: NONE, continent: -1, to: -1, amount: 0, clauseCount: 0, clauseRounds: [], clauseUpgraders: [] };
}

/** A seat's own random stream (`RandomStream` of core/random.ts: the same numbers in the same order). */
export interface FastRandom {
  /** A uniform float in [0, 1). */
  next(): number;
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

/**
 * A built-in bot, written once against `FastView`: the kernel serves the view from its arrays, the
 * reference engine through view-adapter.ts (the same bot objects, so the same decisions and draws on
 * both). One instance per seat may serve many games: `newGame` resets it.
 */
export interface FastBot {
  /** A new game: forget everything of the last one; `random` is this seat's stream for the game. */
  newGame(seat: number, random: FastRandom): void;
  /** D1: the continent (index) of the country card to lay; must be one in hand. */
  chooseContinent(view: FastView): number;
  /**
   * D2: writes this turn's message into `out` and returns true, or returns false for none. Called
   * on every meeting turn the seat gets, before `commitUpgrade`, with the same view.
   */
  negotiate(view: FastView, out: FastMessage): boolean;
  /**
   * D3/D4: GREEN or RED to lay a card now, NONE to wait. Asked only while the seat has laid no card
   * (or with commitRevisable), with the view as it was before this turn's message.
   */
  commitUpgrade(view: FastView): number;
  /**
   * `GoldrauschBot.idleUntil`, the same promise: asked after a turn without message and card;
   * returns the first tick at which the bot may act again (0 = none).
   */
  idleUntil(view: FastView): number;
  /** The message types that wake it from an idle promise (`GoldrauschBot.idleIgnores` removed from MSG_ALL). */
  readonly idleWake: number;
}

/** Makes a built-in bot (`GoldrauschBotFactory.fast`), one instance per seat. */
export type FastBotFactory = () => FastBot;

/**
 * Serial numbers for `FastView.game` and `FastView.paramsKey`, unique in the process: several
 * kernels (and test adapters) may play in one thread, and bots' memos must never mistake one game,
 * or one set of parameters, for another.
 */
let serial = 0;
export function nextSerial(): number {
  return ++serial;
}

const SERIALS = new WeakMap<object, number>();
/** A serial number per object (the same object, the same number), from the same counter. */
export function serialOf(key: object): number {
  let n = SERIALS.get(key);
  if (n === undefined) SERIALS.set(key, (n = nextSerial()));
  return n;
}
