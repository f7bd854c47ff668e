/**
 * Hand-built Goldrausch positions for bot tests. A test describes the position in plain terms (names
 * for continents and cards, proposal ids, lists per seat: `makeView`, `makeRecord`); the fixture
 * writes it into an engine state and hands out that state's seat view — the one view every bot
 * reads. `said` and `colourOf` read a bot's answers back in the same plain terms, and `playMeeting`
 * plays one meeting on the engine itself.
 */
import { Purpose, RandomSource } from '../../src/core/random.js';
import type { RandomStream } from '../../src/core/random.js';
import {
  GREEN,
  MSG_ACCEPT,
  MSG_GIFT,
  MSG_PASS,
  MSG_PROMISE,
  MSG_PROPOSE,
  MSG_REJECT,
  NOBODY,
  NONE,
  Outbox,
  RED,
  type GoldrauschBot,
  type GoldrauschBotFactory,
} from '../../src/games/goldrausch/bot.js';
import { goldrausch } from '../../src/games/goldrausch/engine.js';
import { LOG_FIELDS } from '../../src/games/goldrausch/meeting.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, type GameParams, type RulesOptions } from '../../src/games/goldrausch/params.js';
import * as R from '../../src/games/goldrausch/records.js';
import { findBindingClauses } from '../../src/games/goldrausch/meeting.js';
import { CONTINENT_FIELDS, type GoldrauschState, SEAT_FIELDS, Stage } from '../../src/games/goldrausch/state.js';
import { CONTINENTS, type Colour, type ContinentIndex } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';

export interface Proposal {
  readonly id: string;
  readonly continent: ContinentIndex;
  readonly proposer: number;
  readonly upgrader: number | null;
  readonly next: readonly { round: number; upgrader: number | null }[];
  readonly acceptedBy: readonly number[];
}

export interface Agreement {
  readonly id: string;
  readonly continent: ContinentIndex;
  readonly parties: readonly number[];
  readonly upgrader: number | null;
  readonly round: number;
}

export interface Breach {
  readonly seat: number;
  readonly round: number;
  readonly continent: string;
  readonly source: string;
  readonly victims: readonly number[];
}

/** A rotation clause in force: in `round`, `parties` (alone on a continent) let `upgrader` upgrade. */
export interface Clause {
  readonly source: string;
  readonly round: number;
  readonly parties: readonly number[];
  readonly upgrader: number | null;
}

/** A message in the log, in plain terms. */
export interface Message {
  readonly t: number;
  readonly round?: number;
  readonly from: number;
  readonly type: 'PROPOSE' | 'ACCEPT' | 'REJECT' | 'PROMISE' | 'PASS' | 'GIFT';
  readonly continent?: string;
  /** PROPOSE: the proposal's id; ACCEPT/REJECT/PROMISE: the proposal referred to. */
  readonly id?: string;
  readonly ref?: string;
  readonly action?: 'GREEN' | 'RED';
}

/** A finished round (what the bots read of it). */
export interface RoundRecord {
  readonly round: number;
  readonly startPlayer: number;
  readonly locations: readonly ContinentIndex[];
  readonly commits: readonly (Colour | null)[];
  readonly commitTicks: readonly number[];
  readonly upgraded: readonly boolean[];
  readonly upgradeSucceeded: readonly boolean[];
  readonly payout: readonly number[];
  readonly fines: readonly number[];
  readonly goldBefore: readonly number[];
  readonly goldAfter: readonly number[];
  readonly stockBefore: readonly number[];
  readonly extract: readonly number[];
  readonly breaches: readonly Breach[];
}

export interface MeetingOverrides {
  tick?: number;
  locations?: readonly ContinentIndex[];
  messages?: readonly Message[];
  proposals?: readonly Proposal[];
  agreements?: readonly (Agreement | null)[];
  bindingClauses?: readonly Clause[];
  committed?: readonly boolean[];
  ownCommit?: Colour | null;
  passed?: readonly boolean[];
}

export interface ViewOverrides {
  seat?: number;
  players?: number;
  round?: number;
  rules?: RulesOptions;
  params?: GameParams;
  startPlayer?: number;
  gold?: readonly number[];
  stock?: readonly number[];
  extract?: readonly number[];
  countryHand?: readonly number[];
  upgradeHand?: readonly number[];
  kept?: readonly number[];
  broken?: readonly number[];
  history?: readonly RoundRecord[];
  meeting?: MeetingOverrides | null;
}

/** A bot's own random stream, as the engine would derive it (purpose bot + seat). */
export function stream(seed: number | string, seat = 0): RandomStream {
  return new RandomSource(seed, 0).stream(Purpose.bot + seat);
}

const CARD = (c: Colour | null | undefined): number => (c === 'green' ? GREEN : c === 'red' ? RED : NONE);
const LETTERS = 'ARV';
/** A proposal id "r3-V-2" → its number in its meeting (1). */
const indexOf = (id: string): number => Number(id.split('-')[2]) - 1;
const mask = (seats: readonly number[]): number => seats.reduce((m, s) => m | (1 << s), 0);
const sourceCode = (name: string): number => {
  if (name === 'promise') return -2;
  const [r, c, k] = name.slice(1).split('-');
  return R.proposalCode(Number(r), LETTERS.indexOf(c), Number(k) - 1);
};

/**
 * A state in the position `o` describes, for seat `o.seat` (default 0) of 4, round 1 with card RC01
 * (extraction azul 3, rosso 4, veridia 6) and the 4-player setup stock (7 / 11 / 16), everybody on 5
 * gold, full hands, no history; in phase 3 when `o.meeting` is given (tick 1 of 12, every pawn on
 * veridia, nothing said, nobody committed), else in phase 1.
 */
export function makeState(o: ViewOverrides = {}): GoldrauschState {
  const players = o.players ?? 4;
  const config = { rules: o.rules ?? DEFAULT_RULES, params: o.params ?? DEFAULT_PARAMS };
  const s = goldrausch.setup(config, players, new RandomSource('fixture', 0));
  const seat = o.seat ?? 0;
  const card = config.params.resourceDeck.cards.findIndex((c) => c.id === 'RC01');
  s.currentCard = card < 0 ? 0 : card;
  s.resourceOrder[0] = s.currentCard;
  s.round = o.round ?? 1;
  s.startPlayer = o.startPlayer ?? 0;
  for (let q = 0; q < players; q++) s.gold[q] = o.gold?.[q] ?? 5;
  const stock = o.stock ?? [7, 11, 16];
  const extract = o.extract ?? [3, 4, 6];
  for (let c = 0; c < 3; c++) {
    s.stock[c] = stock[c];
    s.extract[c] = extract[c];
  }
  for (let c = 0; c < 3; c++) s.countryHands[seat][c] = o.countryHand?.[c] ?? 1;
  for (let k = 0; k < 2; k++) s.upgradeHands[seat][k] = o.upgradeHand?.[k] ?? 1;
  for (let q = 0; q < players; q++) {
    s.kept[q] = o.kept?.[q] ?? 0;
    s.broken[q] = o.broken?.[q] ?? 0;
  }
  (o.history ?? []).forEach((record, i) => writeRecord(s, i, record));
  s.historyLength = o.history?.length ?? 0;
  s.meetingLog = s.logLength;
  if (o.meeting) writeMeeting(s, seat, o.meeting);
  return s;
}

/** The view of seat `o.seat` (default 0) of the position `o` describes (see `makeState`). */
export function makeView(o: ViewOverrides = {}): GoldrauschView {
  return makeState(o).views[o.seat ?? 0];
}

function writeRecord(s: GoldrauschState, i: number, record: RoundRecord): void {
  const n = s.players;
  for (let q = 0; q < n; q++) {
    const at = (i * n + q) * SEAT_FIELDS;
    const row = s.seatRows;
    row[at + R.S_LOCATION] = record.locations[q];
    row[at + R.S_FINAL_LOCATION] = record.locations[q];
    row[at + R.S_COMMIT] = CARD(record.commits[q]);
    row[at + R.S_COMMIT_TICK] = record.commitTicks[q];
    row[at + R.S_FINAL_CARD] = CARD(record.commits[q]) === NONE ? RED : CARD(record.commits[q]);
    row[at + R.S_UPGRADED] = record.upgraded[q] ? 1 : 0;
    row[at + R.S_SUCCEEDED] = record.upgradeSucceeded[q] ? 1 : 0;
    row[at + R.S_PAYOUT] = record.payout[q];
    row[at + R.S_FINES] = record.fines[q];
    row[at + R.S_GOLD_BEFORE] = record.goldBefore[q];
    row[at + R.S_GOLD_AFTER] = record.goldAfter[q];
    const breach = record.breaches.find((b) => b.seat === q);
    row[at + R.S_BREACH_VICTIMS] = breach ? mask(breach.victims) : -1;
    row[at + R.S_BREACH_SOURCE] = breach ? sourceCode(breach.source) : 0;
    row[at + R.S_BOUND] = breach ? 2 : 0;
  }
  for (let c = 0; c < 3; c++) {
    const at = (3 * i + c) * CONTINENT_FIELDS;
    s.continentRows[at + R.C_STOCK_BEFORE] = record.stockBefore[c];
    s.continentRows[at + R.C_EXTRACT] = record.extract[c];
    s.continentRows[at + R.C_AGREEMENT] = -1;
    s.continentRows[at + R.C_UPGRADER] = NOBODY;
  }
  const at = i * 8;
  s.roundRows[at + R.R_START_PLAYER] = record.startPlayer;
  s.roundRows[at + R.R_RESOURCE_CARD] = s.currentCard;
  s.roundRows[at + R.R_NEXT_CARD] = -1;
  s.roundRows[at + R.R_WHEEL] = 4;
  s.roundRows[at + R.R_EVENT] = -1;
  s.roundRows[at + R.R_LOG_START] = s.logLength;
  s.roundRows[at + R.R_LOG_END] = s.logLength;
  s.roundRows[at + R.R_PROPOSAL_START] = s.archiveCount;
}

const TYPE = { PROPOSE: MSG_PROPOSE, ACCEPT: MSG_ACCEPT, REJECT: MSG_REJECT, PROMISE: MSG_PROMISE, PASS: MSG_PASS, GIFT: MSG_GIFT } as const;

function writeMeeting(s: GoldrauschState, seat: number, m: MeetingOverrides): void {
  const n = s.players;
  s.stage = Stage.meeting;
  s.tick = m.tick ?? 1;
  const locations = m.locations ?? new Array<ContinentIndex>(n).fill(2);
  s.laidMask = 0;
  s.passedMask = 0;
  for (let q = 0; q < n; q++) {
    s.locations[q] = locations[q];
    s.committed[q] = m.committed?.[q] ? 1 : 0;
    s.passed[q] = m.passed?.[q] ? 1 : 0;
    s.commits[q] = NONE;
    s.promises[q] = NONE;
    if (s.committed[q]) s.laidMask |= 1 << q;
    if (s.passed[q]) s.passedMask |= 1 << q;
  }
  s.commits[seat] = CARD(m.ownCommit);
  if (s.commits[seat] !== NONE) {
    s.committed[seat] = 1;
    s.laidMask |= 1 << seat;
  }
  const proposals = m.proposals ?? [];
  s.proposalCount = proposals.length;
  s.poolLength = 0;
  proposals.forEach((p, i) => {
    s.propContinent[i] = p.continent;
    s.propProposer[i] = p.proposer;
    s.propUpgrader[i] = p.upgrader ?? NOBODY;
    s.propAccepted[i] = mask(p.acceptedBy);
    s.propRejected[i] = 0;
    s.propClauseStart[i] = s.poolLength;
    s.propClauseCount[i] = p.next.length;
    for (const clause of p.next) {
      s.poolRound[s.poolLength] = clause.round;
      s.poolUpgrader[s.poolLength] = clause.upgrader ?? NOBODY;
      s.poolLength++;
    }
  });
  const agreements = m.agreements ?? [null, null, null];
  for (let c = 0; c < 3; c++) {
    const a = agreements[c];
    s.agreementProposal[c] = a ? indexOf(a.id) : -1;
    s.agreementParties[c] = a ? mask(a.parties) : 0;
    s.agreementUpgrader[c] = a ? (a.upgrader ?? NOBODY) : NOBODY;
  }
  const clauses = m.bindingClauses ?? [];
  s.clauseCount = clauses.length;
  clauses.forEach((c, k) => {
    s.clauseRound[k] = c.round;
    s.clauseParties[k] = mask(c.parties);
    s.clauseUpgrader[k] = c.upgrader ?? NOBODY;
    s.clauseSource[k] = sourceCode(c.source);
  });
  s.bindingCount = findBindingClauses(s);
  s.meetingLog = s.logLength;
  for (const msg of m.messages ?? []) {
    const at = LOG_FIELDS * s.logLength++;
    const ref = msg.type === 'PROPOSE' ? msg.id : msg.ref;
    s.log[at] = msg.t;
    s.log[at + 1] = msg.from;
    s.log[at + 2] = TYPE[msg.type];
    s.log[at + 3] = msg.continent === undefined ? locations[msg.from] : CONTINENTS.indexOf(msg.continent as (typeof CONTINENTS)[number]);
    s.log[at + 4] = ref === undefined ? -1 : indexOf(ref);
    s.log[at + 5] = msg.action === 'GREEN' ? GREEN : msg.action === 'RED' ? RED : 0;
    if (msg.type === 'PROMISE') s.promises[msg.from] = msg.action === 'GREEN' ? GREEN : RED;
    if (msg.type === 'REJECT' && ref !== undefined) s.propRejected[indexOf(ref)] |= 1 << msg.from;
    if (msg.type === 'ACCEPT' && ref !== undefined) s.propAccepted[indexOf(ref)] |= 1 << msg.from;
  }
  s.order = [seat];
  s.turn = 0;
  s.needsStale = true;
}

/** A past round: calm wheel, nobody upgraded, no breaches, unless overridden. */
export function makeRecord(players: number, overrides: Partial<RoundRecord> = {}): RoundRecord {
  const zeros = new Array<number>(players).fill(0);
  const falses = new Array<boolean>(players).fill(false);
  return {
    round: 1,
    startPlayer: 0,
    locations: new Array<ContinentIndex>(players).fill(2),
    commits: new Array<Colour | null>(players).fill('red'),
    commitTicks: zeros,
    upgraded: falses,
    upgradeSucceeded: falses,
    payout: zeros,
    fines: zeros,
    goldBefore: zeros,
    goldAfter: zeros,
    stockBefore: [7, 11, 16],
    extract: [3, 4, 6],
    breaches: [],
    ...overrides,
  };
}

export function breach(seat: number, round: number, victims: number[]): Breach {
  return { seat, round, continent: 'veridia', source: `r${round}-V-1`, victims };
}

export function proposal(id: string, proposer: number, upgrader: number | null, acceptedBy: number[] = [proposer], continent: ContinentIndex = 2): Proposal {
  return { id, continent, proposer, upgrader, next: [], acceptedBy };
}

export function agreement(id: string, parties: number[], upgrader: number | null, continent: ContinentIndex = 2, round = 1): Agreement {
  return { id, continent, parties, upgrader, round };
}

/** agreements array with `a` in force on its continent. */
export function agreementsWith(a: Agreement): (Agreement | null)[] {
  const out: (Agreement | null)[] = [null, null, null];
  out[a.continent] = a;
  return out;
}

/** A message a bot wrote, in plain terms (proposals by id, upgraders null for nobody). */
export type Said =
  | { type: 'PROPOSE'; plan: { upgrader: number | null }; next?: { round: number; upgrader: number | null }[]; continent?: string }
  | { type: 'ACCEPT' | 'REJECT'; ref: string }
  | { type: 'PROMISE'; action: 'GREEN' | 'RED'; ref?: string }
  | { type: 'PASS' }
  | { type: 'GIFT'; to: number; amount: number };

/** What `bot` writes in its meeting turn at `view`, in plain terms. */
export function said(bot: GoldrauschBot, view: GoldrauschView): Said[] {
  const out = new Outbox();
  out.open();
  try {
    bot.negotiate(view, out);
  } finally {
    out.close();
  }
  const list: Said[] = [];
  for (let k = 0; k < out.count; k++) {
    const m = out.message(k);
    const id = (i: number) => view.proposalId(i);
    if (m.type === MSG_PROPOSE) {
      const p: Said = { type: 'PROPOSE', plan: { upgrader: m.upgrader === NOBODY ? null : m.upgrader } };
      if (m.clauseCount > 0)
        p.next = m.clauseRounds.slice(0, m.clauseCount).map((round, j) => ({ round, upgrader: m.clauseUpgraders[j] === NOBODY ? null : m.clauseUpgraders[j] }));
      if (m.continent >= 0) p.continent = CONTINENTS[m.continent];
      list.push(p);
    } else if (m.type === MSG_ACCEPT || m.type === MSG_REJECT) list.push({ type: m.type === MSG_ACCEPT ? 'ACCEPT' : 'REJECT', ref: id(m.ref) });
    else if (m.type === MSG_PROMISE)
      list.push(
        m.ref >= 0
          ? { type: 'PROMISE', action: m.action === GREEN ? 'GREEN' : 'RED', ref: id(m.ref) }
          : { type: 'PROMISE', action: m.action === GREEN ? 'GREEN' : 'RED' },
      );
    else if (m.type === MSG_PASS) list.push({ type: 'PASS' });
    else list.push({ type: 'GIFT', to: m.to, amount: m.amount });
  }
  return list;
}

/** A card as a name: GREEN 'green', RED 'red', NONE null. */
export function colourOf(card: number): Colour | null {
  return card === GREEN ? 'green' : card === RED ? 'red' : null;
}

/** A continent as a name. */
export function continentOf(c: number): string {
  return CONTINENTS[c];
}

export interface MeetingResult {
  commits: (Colour | null)[];
  commitTicks: number[];
  messages: Message[];
  agreements: ({ upgrader: number | null } | null)[];
  /** The faults of the meeting's decisions (an illegal or extra message, a throw). */
  faults: string[];
}

/**
 * Plays phase 3 of one round on the engine for `bots` standing on `locations`, from the position
 * `base` describes (seat 0's view of it; phases 4–6 follow on the engine, and the round's record is
 * read back).
 */
export function playMeeting(
  factories: readonly GoldrauschBotFactory[],
  locations: readonly ContinentIndex[],
  base: ViewOverrides = {},
  seed: number | string = 1,
): MeetingResult {
  const players = factories.length;
  const s = makeState({ ...base, players, meeting: null });
  const random = new RandomSource(seed, 0);
  const bots: GoldrauschBot[] = factories.map((f, seat) => f.create(seat, random.stream(Purpose.bot + seat)));
  const i = s.round - 1;
  const faults: string[] = [];
  goldrausch.apply(
    s,
    locations.map((continent) => ({ kind: 'continent', continent, provisional: NONE }) as const),
    random,
  );
  while (s.stage === Stage.meeting && s.historyLength <= i) {
    const pending = goldrausch.pending(s);
    if (pending.kind === 'terminal') break;
    const answers = pending.requests.map((r) => {
      const asked = goldrausch.askBot(bots[r.seat], r, s.views[r.seat], s, random);
      if (asked.fault) faults.push(`seat ${r.seat}: ${asked.fault.message}`);
      return asked.answer;
    });
    goldrausch.apply(s, answers, random);
  }
  const h = s.rows;
  const names: Message['type'][] = [];
  names[MSG_PROPOSE] = 'PROPOSE';
  names[MSG_ACCEPT] = 'ACCEPT';
  names[MSG_REJECT] = 'REJECT';
  names[MSG_PROMISE] = 'PROMISE';
  names[MSG_PASS] = 'PASS';
  names[MSG_GIFT] = 'GIFT';
  const messages: Message[] = [];
  for (let k = h.logStart(i); k < h.logEnd(i); k++) {
    const type = names[h.logField(k, 2)];
    if (type === undefined) continue; // COMMITTED
    const value = h.logField(k, 5);
    messages.push({ t: h.logField(k, 0), from: h.logField(k, 1), type, ...(type === 'PROMISE' ? { action: value === GREEN ? 'GREEN' : 'RED' } : {}) });
  }
  return {
    commits: Array.from({ length: players }, (_, q) => colourOf(h.seat(i, q, R.S_COMMIT))),
    commitTicks: Array.from({ length: players }, (_, q) => h.seat(i, q, R.S_COMMIT_TICK)),
    messages,
    agreements: [0, 1, 2].map((c) =>
      h.continent(i, c, R.C_AGREEMENT) < 0 ? null : { upgrader: h.continent(i, c, R.C_UPGRADER) === NOBODY ? null : h.continent(i, c, R.C_UPGRADER) },
    ),
    faults,
  };
}
