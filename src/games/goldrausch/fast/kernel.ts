/**
 * The fast kernel: Goldrausch for the built-in heuristic bots, on flat lists reused from game to game.
 *
 * It plays exactly the games the reference engine plays for the same (seed, game index) with the same
 * line-up, draw for draw, and writes the same compact record (definition.ts `record`). The rules are
 * not written here: setup (setup.ts `setupBoard`), the wheel and the event cards (events.ts), profit
 * and fines (round.ts), respawn, the resource deck and the time limit (climate.ts) are the reference
 * engine's own functions, run on one `RoundWork` per kernel whose gold, stock and fines-paid lists are
 * the kernel's live lists. What the kernel has of its own:
 *  - the meeting (fast/meeting.ts), the one part of the rules still in two forms (see there why);
 *  - its bots are the `FastBot`s of the built-in heuristic bots, which read a `FastView` of flat
 *    numbers (fast/seat-view.ts) and are trusted (no time budget, no freezing, no fault handling);
 *  - it keeps no history of states: the public round records the bots read are flat lists, and the
 *    game record is written as the game goes (fast/record.ts).
 *
 * The reference engine stays the only engine for replays, stories, the search bot and bot files.
 * test/fast/identity.test.ts checks the two against each other over every rules option.
 */
import { purposeKey, shuffleInPlace } from '../../../core/random.js';
import { Purpose } from '../purposes.js';
import { respawn, reshuffledResources, timeLimitWinners } from '../climate.js';
import { applyWheel, drawEvent, endOfRoundEvent, spinWheel, wheelOf, type EventDecks, type WheelTable } from '../events.js';
import type { GoldrauschConfig } from '../params.js';
import { newWork, resetWork, resolveProfit, richestAtThreshold, type RoundWork } from '../round.js';
import { GameDraws } from './draws.js';
import { eventDeckList, setupBoard } from '../setup.js';
import { filled } from '../state.js';
import type { Colour, ContinentIndex, EventSlot, WheelField } from '../types.js';
import { FastBailout, FastMeeting, packed } from './meeting.js';
import { checkObligations, finish, kernelBindings, newResult, nextHands, recordRound, type FastResult } from './record.js';
import { SeatRandom, SeatView } from './seat-view.js';
import { GREEN, NONE, nextSerial, serialOf, type FastBot, type FastBotFactory } from './view.js';

export { FastBailout } from './meeting.js';
export { gameRecord, type FastResult } from './record.js';

const NO_EVENTS: readonly EventSlot[] = [];

/**
 * Plays games of one config and line-up. Build one per (config, players, line-up) and thread; `play`
 * then reuses every list. Not re-entrant: a bot must not play another game on the same kernel from
 * inside a decision (no built-in heuristic bot does).
 */
export class FastKernel {
  // Config, resolved once.
  readonly config: GoldrauschConfig;
  readonly players: number;
  readonly rounds: number;
  readonly fine: number;
  readonly winThreshold: number;
  readonly strict: boolean;
  /** `FastView.paramsKey`: one per params object (blanked-card configs share their params, and the bots' memos). */
  readonly paramsKey: number;
  /** §6: each continent's chance of a disaster, as the bots read it (`FastView.disaster`). */
  readonly disaster: number[] = [0, 0, 0];
  readonly goldHidden: boolean;
  /**
   * GR-A9: the card a seat that laid none in phase 3 counts with — none (red, GR-A10) by default, or
   * the phase-1 card with default-commitment, which a built-in bot (no provisionalUpgrade) lays red.
   * Never green, so a timed-out seat breaks no obligation.
   */
  private readonly timeoutColour: Colour | null;
  private readonly keepCards: boolean;
  private readonly respawnOnReveal: boolean;
  /** The wheel's fields and weights (events.ts `wheelOf`). */
  private readonly wheel: WheelTable;
  private readonly winEndOfRound: boolean;

  // The game.
  game = 0;
  round = 1;
  startPlayer = 0;
  /** Phases 4–6 run on this (round.ts); its gold, stock and finesPaid are the game's lists. */
  readonly work: RoundWork;
  readonly gold: number[];
  readonly stock: number[] = [0, 0, 0];
  readonly extract: number[] = [0, 0, 0];
  /** The resource deck's order: `shuffledResources` (the kernel's own list, shuffled in place each game), longer when reshuffled. */
  private resourceOrder: readonly number[] = [];
  private readonly shuffledResources: number[];
  /**
   * The event deck as setup shuffles it (the kernel's own list; a reshuffle of the discard pile
   * replaces `decks.deck`), and the positions the shuffle moves (shuffled as numbers, so the shuffle
   * sees one kind of list; the same permutation).
   */
  private readonly shuffledEvents: EventSlot[];
  private readonly eventPositions: number[];
  private resourcePos = 0;
  private currentCard = 0;
  private resourceShuffles = 0;
  private readonly decks: EventDecks = { deck: NO_EVENTS, pos: 0, discard: NO_EVENTS, besideClock: NO_EVENTS, shuffles: 0 };
  readonly countryHands: number[][];
  readonly upgradeHands: number[][];
  readonly kept: number[];
  readonly broken: number[];
  // Public history, flat: round i (0-based) of seat s at [i * players + s].
  readonly historyLocations: number[];
  readonly historyCards: number[];
  readonly historySucceeded: number[];
  readonly historyBreaches: number[];
  /** Where each pawn stands after phase 2 (events may move them later: `work.locations`). */
  readonly locations: ContinentIndex[];
  readonly meeting: FastMeeting;
  /** The round's obligations' sources, over the meeting's masks (record.ts `checkObligations`). */
  readonly bindings: ReturnType<typeof kernelBindings>;
  /** The upgrade cards as the rules read them (`RoundWork.cards`), from the meeting's laid cards. */
  private readonly laid: (Colour | null)[];
  /** The seats' continent choices in phase 1, revealed together in phase 2. */
  private readonly choices: number[];

  readonly bots: FastBot[];
  private readonly randoms: SeatRandom[];
  readonly views: SeatView[] = [];
  /** The game's draws, for the rules of phases 4–6 and the meeting. */
  readonly draws = new GameDraws();

  /** The last game's record. */
  readonly result: FastResult;

  constructor(config: GoldrauschConfig, players: number, bots: readonly FastBotFactory[]) {
    const { rules, params } = config;
    if (!Number.isInteger(players) || players < 4 || players > 6) throw new RangeError(`Goldrausch needs 4–6 players, got ${players}`);
    if (bots.length !== players) throw new RangeError(`one fast bot per seat: ${bots.length} for ${players} seats`);
    const n = players;
    this.config = config;
    this.players = n;
    this.paramsKey = serialOf(params);
    this.rounds = params.rounds;
    this.fine = params.fine;
    this.winThreshold = params.winThreshold;
    this.strict = rules.winThresholdStrict;
    this.goldHidden = rules.goldVisibility === 'hidden';
    this.timeoutColour = rules.phase1UpgradeCard === 'default-commitment' ? 'red' : null;
    this.keepCards = rules.passedCards === 'keep';
    this.respawnOnReveal = rules.respawnTiming === 'on-reveal';
    this.wheel = wheelOf(params.wheel);
    this.winEndOfRound = rules.winCheck === 'end-of-round';
    // bots/goldrausch/lib/estimate.ts disasterOdds, the same expression (its total is this sum of
    // whole counts, exact in any order).
    const wheel = params.wheel;
    let total = 0;
    for (const f in wheel) total += wheel[f as WheelField];
    const own = [wheel['disaster-azul'], wheel['disaster-rosso'], wheel['disaster-veridia']];
    for (let c = 0; c < 3; c++) this.disaster[c] = total > 0 ? (own[c] + wheel['disaster-world']) / total : 0;

    const seats = (v: number) => packed(n, v);
    this.gold = seats(0);
    this.kept = seats(0);
    this.broken = seats(0);
    this.countryHands = [];
    this.upgradeHands = [];
    for (let s = 0; s < n; s++) {
      this.countryHands.push([1, 1, 1]);
      this.upgradeHands.push([1, 1]);
    }
    const history = () => packed(this.rounds * n, 0);
    this.historyLocations = history();
    this.historyCards = history();
    this.historySucceeded = history();
    this.historyBreaches = history();
    this.locations = seats(0) as ContinentIndex[];
    this.laid = filled<Colour | null>(n, null);
    this.choices = seats(0);
    // The engine's fresh work, made once; then the kernel's own gold and stock arrays in place of
    // its copies, so the rules change the kernel's game directly (resetWork readies it each round).
    this.work = newWork(
      { config, players: n, startPlayer: 0, gold: this.gold, stock: this.stock, capReduction: 0, bank: 0, finesPaid: seats(0), tieBreaks: 0 },
      this.extract,
      this.locations,
      this.laid,
    );
    this.work.gold = this.gold;
    this.work.stock = this.stock;
    this.shuffledResources = packed(params.resourceDeck.cards.length, 0);
    this.shuffledEvents = eventDeckList(config).slice();
    this.eventPositions = packed(this.shuffledEvents.length, 0);
    this.bots = bots.map((make) => make());
    this.randoms = bots.map(() => new SeatRandom());
    this.meeting = new FastMeeting(config, this);
    this.bindings = kernelBindings(this.meeting);
    for (let s = 0; s < n; s++) this.views.push(new SeatView(this, this.meeting, s));
    this.result = newResult(n, this.rounds);
  }

  /**
   * Plays the game with key `gameKey` (core/random.ts `gameKey(seed, index)`) and leaves its record in
   * `result`. Throws FastBailout when the game needs what the kernel does not implement.
   */
  play(gameKey: number): FastResult {
    this.setup(gameKey);
    for (;;) {
      this.chooseContinents();
      this.meeting.run();
      if (this.resolveRound()) break;
    }
    return this.result;
  }

  /** §3 Setup (setup.ts `setup`): the same draws and the same `setupBoard`, into the kernel's lists. */
  private setup(gameKey: number): void {
    const n = this.players;
    const { config, draws, work } = this;
    draws.newGame(gameKey);
    this.game = nextSerial();
    // setup.ts `setup`'s two shuffles, into the kernel's own lists (no new lists per game).
    const order = this.shuffledResources;
    for (let i = 0; i < order.length; i++) order[i] = i;
    shuffleInPlace(order, order.length, draws.key(Purpose.resourceDeck), 0);
    this.resourceOrder = order;
    const positions = this.eventPositions;
    for (let i = 0; i < positions.length; i++) positions[i] = i;
    shuffleInPlace(positions, positions.length, draws.key(Purpose.eventDeck), 0);
    const events = this.shuffledEvents;
    const deck = eventDeckList(config);
    for (let i = 0; i < events.length; i++) events[i] = deck[positions[i]];
    const decks = this.decks;
    decks.deck = events;
    decks.pos = 0;
    decks.discard = NO_EVENTS;
    decks.besideClock = NO_EVENTS;
    decks.shuffles = 0;
    work.bank = setupBoard(config, n, this.resourceOrder[0], this.stock, this.gold);
    work.capReduction = 0;
    work.tieBreaks = 0;
    this.startPlayer = draws.int(Purpose.setup, 0, n); // GR-A8: a random seat
    this.round = 1;
    this.resourcePos = 1;
    this.currentCard = this.resourceOrder[0];
    this.resourceShuffles = 0;
    for (let s = 0; s < n; s++) {
      work.finesPaid[s] = 0;
      this.kept[s] = 0;
      this.broken[s] = 0;
      const country = this.countryHands[s];
      country[0] = country[1] = country[2] = 1;
      const upgrade = this.upgradeHands[s];
      upgrade[0] = upgrade[1] = 1;
    }
    const r = this.result;
    r.cardCount = 0;
    for (let s = 0; s < n; s++) r.initialScores[s] = this.gold[s];
    const counters = r.counters;
    for (let k = 0; k < counters.length; k++) {
      const row = counters[k];
      for (let s = 0; s < n; s++) row[s] = 0;
    }
    for (let s = 0; s < n; s++) {
      const random = this.randoms[s];
      random.key = purposeKey(gameKey, Purpose.bot + s);
      random.counter = 0;
      this.bots[s].newGame(s, random);
    }
  }

  /** Phases 1–2: every seat chooses a continent card (seat order, each on the board as it stands); all are revealed. */
  private chooseContinents(): void {
    const n = this.players;
    const extracts = this.work.opts.extracts;
    for (let c = 0; c < 3; c++) this.extract[c] = extracts[3 * this.currentCard + c];
    for (let s = 0; s < n; s++) {
      const c = this.bots[s].chooseContinent(this.views[s]);
      if (!(c === 0 || c === 1 || c === 2) || this.countryHands[s][c] <= 0) {
        throw new FastBailout(`seat ${s} chose continent ${c}, not a card in hand`);
      }
      this.choices[s] = c;
    }
    for (let s = 0; s < n; s++) this.locations[s] = this.choices[s] as ContinentIndex;
  }

  /** Phases 4–6 (resolve.ts `resolveRound`, on the kernel's lists); returns true when the game is over. */
  private resolveRound(): boolean {
    const n = this.players;
    const round = this.round;
    const { config, draws, work } = this;
    const commits = this.meeting.commits;
    // Timeout = red (GR-A10) unless the phase-1 card stands (GR-A9).
    for (let s = 0; s < n; s++) {
      const c = commits[s];
      this.laid[s] = c === NONE ? this.timeoutColour : c === GREEN ? 'green' : 'red';
    }
    resetWork(work, this.startPlayer, this.extract, this.locations, this.laid);

    // Phase 4: the wheel, then on an exclamation mark the event card.
    const wheel = spinWheel(this.wheel, draws, round);
    let event: EventSlot | null = null;
    if (wheel === 'event') event = drawEvent(this.decks, config.params, draws);
    let over = applyWheel(work, wheel, event, draws);
    // Phase 5: profit.
    if (!over) over = resolveProfit(work);
    checkObligations(this, round);

    // Phase 6: climate change.
    const lastRound = round >= this.rounds;
    if (!over && !lastRound) {
      // GR-A3: no card is revealed after the final round.
      if (!this.respawnOnReveal) respawn(work, this.currentCard, null);
      if (this.resourcePos >= this.resourceOrder.length) {
        this.resourceShuffles++;
        this.resourceOrder = [...this.resourceOrder, ...reshuffledResources(config, this.currentCard, draws, this.resourceShuffles)];
      }
      this.currentCard = this.resourceOrder[this.resourcePos++];
      if (this.respawnOnReveal) respawn(work, this.currentCard, null);
    }
    // Called only in a round that drew a card (it returns at once otherwise), so that its code is
    // not compiled into every round's (docs/performance-log.md, 2026-11-26 stop 19).
    if (event !== null) endOfRoundEvent(this.decks, config.params, event);
    let winners: readonly number[] = work.winners;
    let ending = 0;
    if (!over && this.winEndOfRound) {
      winners = richestAtThreshold(config, work.gold);
      if (winners.length > 0) over = true;
    }
    if (!over && lastRound) {
      winners = timeLimitWinners(work, draws);
      over = true;
      ending = 1;
    }
    recordRound(this, round, event);
    if (this.keepCards) nextHands(this);
    if (over) {
      finish(this, round, ending, winners);
      return true;
    }
    this.round = round + 1;
    this.startPlayer = (this.startPlayer + 1) % n;
    return false;
  }
}
