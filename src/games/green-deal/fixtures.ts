/**
 * Rules fixtures for Green Deal (`goldpit verify`): one round (or the rest of the game) played by the
 * real engine from a given position — seats, tiles, piles in given orders, the coin of the auction —
 * with given decisions, compared with hand-computed expectations. The format is documented in
 * docs/games/green-deal.md ("Fixtures").
 */
import { dirname } from 'node:path';
import type { FixtureHooks } from '../../core/definition.js';
import { InputError } from '../../core/errors.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, show, type Where } from '../../core/validate.js';
import { CATEGORIES } from './components.js';
import { parseGreenDealConfig } from './config.js';
import { apply, type GreenDealRequest, pending, type SeatSetup, setupScripted, type TileSetup } from './engine.js';
import { COUNTERS, ENDINGS } from './metrics.js';
import type { GreenDealConfig } from './params.js';
import { canInvest, canPlace, isAllocation, maxBid, maxRepayment, packAllocation } from './rules.js';
import {
  ACTION,
  BUY_PR,
  DIVIDEND,
  DONE,
  type GreenDealState,
  LOAN_SLOTS,
  NC,
  OVER,
  PLAY_CARD,
  REPAY_LOANS,
  ScriptError,
  SUSTAINABILITY,
  TAKE_LOAN,
  TAX_CASH,
  TAX_CHIP,
  tablesOf,
} from './state.js';

type Kind = GreenDealRequest['kind'];
const KINDS: readonly Kind[] = ['bid', 'invest', 'place', 'contact', 'allocate', 'repay'];

export interface FixtureDecision {
  readonly seat: number;
  readonly kind: Kind;
  /** The engine answer (investment code, cell, packed allocation, …). */
  readonly answer: number;
  /** As written (for messages). */
  readonly text: string;
  /** The fixture expects the engine to refuse this answer (the next decision of the seat is then used). */
  readonly refused: boolean;
}

type PerSeat = readonly number[];

export interface GdFixture {
  readonly file: string;
  readonly name: string;
  readonly config: GreenDealConfig;
  readonly players: number;
  readonly round: number;
  readonly untilEnd: boolean;
  readonly seats: readonly SeatSetup[];
  readonly tiles: readonly TileSetup[];
  readonly prSupply: number | null;
  readonly sustainability: readonly (readonly number[])[];
  readonly actions: readonly number[];
  readonly loans: readonly number[];
  readonly coin: readonly number[] | null;
  readonly decisions: readonly FixtureDecision[];
  readonly expect: {
    readonly order?: PerSeat;
    readonly cash?: PerSeat;
    readonly income?: PerSeat;
    readonly vp?: PerSeat;
    readonly track?: readonly PerSeat[];
    readonly prChips?: PerSeat;
    readonly prSupply?: number;
    readonly loans?: readonly PerSeat[];
    readonly handSize?: PerSeat;
    readonly tiles?: readonly string[];
    readonly scores?: PerSeat;
    readonly winners?: PerSeat;
    readonly ranks?: PerSeat;
    readonly endedBy?: string;
    readonly counters?: Readonly<Record<string, PerSeat>>;
  };
}

const TOP_KEYS = [
  'game',
  'name',
  'note',
  'players',
  'rules',
  'params',
  'components',
  'round',
  'until',
  'seats',
  'tiles',
  'prSupply',
  'piles',
  'coin',
  'decisions',
  'expect',
];
const SEAT_KEYS = ['cash', 'income', 'vp', 'track', 'prChips', 'loans', 'hand', 'inFront', 'cooperations'];
const EXPECT_KEYS = [
  'order',
  'cash',
  'income',
  'vp',
  'track',
  'prChips',
  'prSupply',
  'loans',
  'handSize',
  'tiles',
  'scores',
  'winners',
  'ranks',
  'endedBy',
  'counters',
];

function intList(at: Where, field: string, raw: unknown, length: number | null, min: number, max: number): number[] {
  if (!Array.isArray(raw) || (length !== null && raw.length !== length)) {
    throw new InputError(at.file, field, `expected a list of ${length ?? 'any number of'} integers, got ${show(raw)}`);
  }
  return raw.map((v, i) => expectInt(at, `${field}[${i}]`, v, min, max));
}

/** A cell [x, y] as its index. */
function cellOf(at: Where, field: string, raw: unknown, width: number, height: number): number {
  if (!Array.isArray(raw) || raw.length !== 2) throw new InputError(at.file, field, `expected a cell [x, y], got ${show(raw)}`);
  return expectInt(at, `${field}[1]`, raw[1], 0, height - 1) * width + expectInt(at, `${field}[0]`, raw[0], 0, width - 1);
}

/** Card ids → types, checked against the counts of the components (a fixture cannot hold cards the game lacks). */
function cardList(at: Where, field: string, raw: unknown, ids: readonly string[], counts: number[]): number[] {
  if (!Array.isArray(raw)) throw new InputError(at.file, field, `expected a list of card ids (top first) from ${ids.join(', ')}, got ${show(raw)}`);
  return raw.map((v, i) => {
    const type = ids.indexOf(expectOneOf(at, `${field}[${i}]`, v, ids));
    if (--counts[type] < 0)
      throw new InputError(at.file, `${field}[${i}]`, `the game has no more card(s) "${ids[type]}" (the components' count, less those listed before)`);
    return type;
  });
}

function investCode(at: Where, field: string, text: string, config: GreenDealConfig): number {
  const [verb, arg] = text.split(':');
  const ids = config.params.components.actionCards.map((t) => t.id);
  const bad = () => {
    throw new InputError(
      at.file,
      field,
      `expected done, sustainability:<category>, action:<slot>, tax-refund:chip|cash, pr, dividend, loan, loan:<index>, repay:<slots>, play:<card id>; got ${show(text)}`,
    );
  };
  switch (verb) {
    case 'done':
      return DONE;
    case 'sustainability':
      return SUSTAINABILITY + CATEGORIES.indexOf(expectOneOf(at, field, arg, CATEGORIES));
    case 'action':
      return ACTION + expectInt(at, field, Number(arg), 0, 7);
    case 'tax-refund':
      return expectOneOf(at, field, arg, ['chip', 'cash']) === 'chip' ? TAX_CHIP : TAX_CASH;
    case 'pr':
      return BUY_PR;
    case 'dividend':
      return DIVIDEND;
    case 'loan':
      return TAKE_LOAN + (arg === undefined ? 0 : expectInt(at, field, Number(arg), 0, 47));
    case 'repay': {
      if (arg === undefined) bad();
      let mask = 0;
      for (const slot of arg.split(',')) mask |= 1 << expectInt(at, field, Number(slot), 0, LOAN_SLOTS - 1);
      return REPAY_LOANS + mask;
    }
    case 'play':
      return PLAY_CARD + ids.indexOf(expectOneOf(at, field, arg, ids));
  }
  return bad();
}

function decision(at: Where, field: string, raw: unknown, config: GreenDealConfig, players: number): FixtureDecision {
  const obj = expectObject(at, field, raw);
  expectKnownKeys(at, field, obj, ['seat', 'note', 'refused', ...KINDS]);
  const seat = expectInt(at, `${field}.seat`, obj.seat, 0, players - 1);
  const given = KINDS.filter((k) => obj[k] !== undefined);
  if (given.length !== 1)
    throw new InputError(at.file, field, `expected exactly one of ${KINDS.join(', ')}, got ${given.length === 0 ? 'none' : given.join(' and ')}`);
  const kind = given[0];
  const v = obj[kind];
  const f = `${field}.${kind}`;
  const c = config.params.components;
  let answer: number;
  switch (kind) {
    case 'bid':
    case 'repay':
      answer = expectInt(at, f, v, 0, 100000);
      break;
    case 'invest':
      answer = investCode(at, f, expectString(at, f, v), config);
      break;
    case 'place':
      answer = cellOf(at, f, v, c.mapWidth, c.mapHeight);
      break;
    case 'contact':
      answer = expectOneOf(at, f, v, ['cooperate', 'compete']) === 'compete' ? 1 : 0;
      break;
    default: {
      const list = intList(at, f, v, 5, 0, 63);
      if (list[4] > 1) throw new InputError(at.file, `${f}[4]`, `the centre holds at most 1 chip, got ${list[4]}`);
      answer = packAllocation(list[0], list[1], list[2], list[3], list[4]);
    }
  }
  const refused = obj.refused === undefined ? false : expectOneOf(at, `${field}.refused`, obj.refused, [true, false]);
  return { seat, kind, answer, text: `${kind} ${JSON.stringify(v)}`, refused };
}

function seatSetup(at: Where, field: string, raw: unknown, config: GreenDealConfig, players: number, counts: number[]): SeatSetup {
  const obj = expectObject(at, field, raw);
  expectKnownKeys(at, field, obj, SEAT_KEYS);
  const c = config.params.components;
  const ids = c.actionCards.map((t) => t.id);
  let track = [0, 0, 0, 0];
  if (obj.track !== undefined) {
    if (Array.isArray(obj.track)) track = intList(at, `${field}.track`, obj.track, NC, 0, c.trackLength);
    else {
      const t = expectObject(at, `${field}.track`, obj.track);
      expectKnownKeys(at, `${field}.track`, t, CATEGORIES);
      track = CATEGORIES.map((name) => (t[name] === undefined ? 0 : expectInt(at, `${field}.track.${name}`, t[name], 0, c.trackLength)));
    }
  }
  const loans = obj.loans === undefined ? [] : intList(at, `${field}.loans`, obj.loans, null, 1, 100000);
  if (loans.length > LOAN_SLOTS) throw new InputError(at.file, `${field}.loans`, `at most ${LOAN_SLOTS} loans, got ${loans.length}`);
  const hand = obj.hand === undefined ? [] : cardList(at, `${field}.hand`, obj.hand, ids, counts);
  const owned = obj.inFront === undefined ? [] : cardList(at, `${field}.inFront`, obj.inFront, ids, counts);
  return {
    cash: obj.cash === undefined ? c.startCash[players - 3] : expectInt(at, `${field}.cash`, obj.cash, 0, 100000),
    income: obj.income === undefined ? c.startIncome[players - 3] : expectInt(at, `${field}.income`, obj.income, 0, c.incomeMax),
    vp: obj.vp === undefined ? 0 : expectInt(at, `${field}.vp`, obj.vp, -100000, 100000),
    track,
    chips: obj.prChips === undefined ? 0 : expectInt(at, `${field}.prChips`, obj.prChips, 0, 63),
    loans,
    hand,
    owned,
    cooperations: obj.cooperations === undefined ? 0 : expectInt(at, `${field}.cooperations`, obj.cooperations, 0, 1000),
  };
}

export function parseFixture(file: string, data: unknown): GdFixture {
  const at = { file };
  const obj = expectObject(at, '', data);
  expectKnownKeys(at, '', obj, TOP_KEYS);
  expectOneOf(at, 'game', obj.game, ['green-deal']);
  const name = expectString(at, 'name', obj.name);
  expectString(at, 'note', obj.note); // the hand computation: required
  const players = expectInt(at, 'players', obj.players, 3, 5);
  const config = parseGreenDealConfig(
    { rules: obj.rules, params: obj.params, players, sections: obj.components === undefined ? {} : { components: obj.components } },
    { file, dir: dirname(file) },
  );
  const c = config.params.components;
  const t = tablesOf(config);
  const round = obj.round === undefined ? 1 : expectInt(at, 'round', obj.round, 1, c.rounds);
  const untilEnd = (obj.until === undefined ? 'round' : expectOneOf(at, 'until', obj.until, ['round', 'end'])) === 'end';
  const actionCounts = c.actionCards.map((a) => a.count);
  if (!Array.isArray(obj.seats) || obj.seats.length !== players)
    throw new InputError(file, 'seats', `expected ${players} seats (one per player), got ${show(obj.seats)}`);
  const seats = obj.seats.map((s, i) => seatSetup(at, `seats[${i}]`, s, config, players, actionCounts));
  const tiles: TileSetup[] = [];
  const taken = new Set<number>();
  if (obj.tiles !== undefined) {
    if (!Array.isArray(obj.tiles))
      throw new InputError(file, 'tiles', `expected a list of tiles ({ "at": [x, y], "seat", "category", "size" }), got ${show(obj.tiles)}`);
    obj.tiles.forEach((raw, i) => {
      const f = `tiles[${i}]`;
      const tile = expectObject(at, f, raw);
      expectKnownKeys(at, f, tile, ['at', 'seat', 'category', 'size']);
      const cell = cellOf(at, `${f}.at`, tile.at, c.mapWidth, c.mapHeight);
      if (taken.has(cell)) throw new InputError(file, `${f}.at`, 'a second tile on this cell');
      taken.add(cell);
      tiles.push({
        cell,
        seat: expectInt(at, `${f}.seat`, tile.seat, 0, players - 1),
        category: CATEGORIES.indexOf(expectOneOf(at, `${f}.category`, tile.category, CATEGORIES)),
        size: expectInt(at, `${f}.size`, tile.size, 1, 99),
      });
    });
  }
  const prSupply = obj.prSupply === undefined ? null : expectInt(at, 'prSupply', obj.prSupply, 0, 63);
  const piles = obj.piles === undefined ? {} : expectObject(at, 'piles', obj.piles);
  expectKnownKeys(at, 'piles', piles, [...CATEGORIES, 'actions', 'loans']);
  const sIds = c.sustainabilityCards.map((s) => s.id);
  const sCounts = c.sustainabilityCards.map((s) => s.count);
  const sustainability = CATEGORIES.map((category, k) => {
    if (piles[category] === undefined) return t.sCanon[k].slice();
    const list = cardList(at, `piles.${category}`, piles[category], sIds, sCounts);
    list.forEach((type, i) => {
      if (t.sCat[type] !== k) throw new InputError(file, `piles.${category}[${i}]`, `${sIds[type]} is a ${CATEGORIES[t.sCat[type]]} card`);
    });
    return list;
  });
  const actions =
    piles.actions === undefined
      ? t.aCanon.slice()
      : cardList(
          at,
          'piles.actions',
          piles.actions,
          c.actionCards.map((a) => a.id),
          actionCounts,
        );
  const loans = piles.loans === undefined ? c.loanPile.slice() : intList(at, 'piles.loans', piles.loans, null, 1, 100000);
  if (loans.length > c.loanPile.length)
    throw new InputError(file, 'piles.loans', `at most ${c.loanPile.length} loans (the components' pile), got ${loans.length}`);
  let coin: number[] | null = null;
  if (obj.coin !== undefined) {
    coin = intList(at, 'coin', obj.coin, players, 0, players - 1);
    if (new Set(coin).size !== players)
      throw new InputError(file, 'coin', `expected every seat once (the order among fully tied seats), got ${show(obj.coin)}`);
  }
  if (!Array.isArray(obj.decisions))
    throw new InputError(file, 'decisions', `expected a list of decisions ({ "seat", "bid" | "invest" | … }), got ${show(obj.decisions)}`);
  const decisions = obj.decisions.map((d, i) => decision(at, `decisions[${i}]`, d, config, players));
  const e = expectObject(at, 'expect', obj.expect);
  expectKnownKeys(at, 'expect', e, EXPECT_KEYS);
  if (Object.keys(e).length === 0) throw new InputError(file, 'expect', `expected at least one of ${EXPECT_KEYS.join(', ')}`);
  const expect: { -readonly [K in keyof GdFixture['expect']]: GdFixture['expect'][K] } = {};
  const perSeat = (key: string, min: number, max: number) => intList(at, `expect.${key}`, e[key], players, min, max);
  for (const key of ['cash', 'income', 'vp', 'prChips', 'handSize', 'scores'] as const) if (e[key] !== undefined) expect[key] = perSeat(key, -100000, 100000);
  if (e.order !== undefined) expect.order = perSeat('order', 0, players - 1);
  if (e.ranks !== undefined) expect.ranks = perSeat('ranks', 0, players - 1);
  if (e.winners !== undefined) expect.winners = intList(at, 'expect.winners', e.winners, null, 0, players - 1);
  if (e.prSupply !== undefined) expect.prSupply = expectInt(at, 'expect.prSupply', e.prSupply, 0, 63);
  const lists = (key: 'track' | 'loans', length: number | null) => {
    if (!Array.isArray(e[key]) || e[key].length !== players)
      throw new InputError(file, `expect.${key}`, `expected ${players} lists (one per seat), got ${show(e[key])}`);
    return e[key].map((l: unknown, i: number) => intList(at, `expect.${key}[${i}]`, l, length, 0, 100000));
  };
  if (e.track !== undefined) expect.track = lists('track', NC);
  if (e.loans !== undefined) expect.loans = lists('loans', null);
  if (e.tiles !== undefined) {
    if (!Array.isArray(e.tiles))
      throw new InputError(file, 'expect.tiles', `expected a list of tiles ({ "at", "seat", "category", "size" }), got ${show(e.tiles)}`);
    expect.tiles = e.tiles.map((raw, i) => {
      const f = `expect.tiles[${i}]`;
      const tile = expectObject(at, f, raw);
      expectKnownKeys(at, f, tile, ['at', 'seat', 'category', 'size']);
      const cell = cellOf(at, `${f}.at`, tile.at, c.mapWidth, c.mapHeight);
      return tileText(
        c.mapWidth,
        cell,
        expectInt(at, `${f}.seat`, tile.seat, 0, players - 1),
        expectOneOf(at, `${f}.category`, tile.category, CATEGORIES),
        expectInt(at, `${f}.size`, tile.size, 1, 99),
      );
    });
  }
  if (e.endedBy !== undefined) expect.endedBy = expectOneOf(at, 'expect.endedBy', e.endedBy, ENDINGS);
  if (e.counters !== undefined) {
    const counters = expectObject(at, 'expect.counters', e.counters);
    expectKnownKeys(at, 'expect.counters', counters, COUNTERS);
    expect.counters = Object.fromEntries(Object.entries(counters).map(([k, v]) => [k, intList(at, `expect.counters.${k}`, v, players, -100000, 100000)]));
  }
  const last = round === c.rounds || untilEnd;
  for (const key of ['scores', 'winners', 'ranks', 'endedBy'] as const) {
    if (e[key] !== undefined && !last) {
      throw new InputError(
        file,
        `expect.${key}`,
        `the final result exists only when the fixture plays the last round (round ${c.rounds}) or "until": "end"; it plays round ${round}`,
      );
    }
  }
  return {
    file,
    name,
    config,
    players,
    round,
    untilEnd,
    seats,
    tiles,
    prSupply,
    sustainability,
    actions,
    loans,
    coin,
    decisions,
    expect,
  };
}

const tileText = (width: number, cell: number, seat: number, category: string, size: number) =>
  `[${cell % width}, ${Math.floor(cell / width)}] seat ${seat} ${category} ${size}`;

/** Whether the engine takes `answer` for the seat's request now (askBot's checks). */
function legal(state: GreenDealState, d: FixtureDecision): boolean {
  switch (d.kind) {
    case 'bid':
      return d.answer <= maxBid(state, d.seat);
    case 'invest':
      return canInvest(state, d.seat, d.answer);
    case 'place':
      return canPlace(state, d.seat, d.answer);
    case 'contact':
      return true;
    case 'allocate':
      return isAllocation(state, d.seat, d.answer);
    case 'repay':
      return d.answer <= maxRepayment(state, d.seat);
  }
}

export interface FixtureResult {
  readonly state: GreenDealState;
  /** Problems with the decisions themselves (one not asked for, an illegal one, a refused one taken). */
  readonly problems: string[];
}

/** Plays the fixture with its decisions; the state at its end and any problems of the script. */
export function playFixture(fixture: GdFixture): FixtureResult {
  const problems: string[] = [];
  const state = setupScripted(fixture.config, fixture.players, fixture.round, fixture.seats, fixture.tiles, fixture.prSupply, {
    sustainability: fixture.sustainability,
    actions: fixture.actions,
    loans: fixture.loans,
    coin: fixture.coin,
  });
  if (fixture.untilEnd) state.stopAfterRound = 0;
  const used = new Array<boolean>(fixture.decisions.length).fill(false);
  const answers: number[] = [];
  try {
    outer: while (state.stage !== OVER) {
      const p = pending(state);
      if (p.kind === 'terminal') break;
      answers.length = p.requests.length;
      for (let r = 0; r < p.requests.length; r++) {
        const request = p.requests[r];
        for (;;) {
          const i = fixture.decisions.findIndex((d, k) => !used[k] && d.seat === request.seat);
          if (i < 0) {
            problems.push(
              `decisions: seat ${request.seat} is asked for its ${request.kind} (round ${state.round}), and the fixture has no decision left for it`,
            );
            break outer;
          }
          const d = fixture.decisions[i];
          used[i] = true;
          if (d.kind !== request.kind) {
            problems.push(`decisions[${i}]: seat ${d.seat} is asked for its ${request.kind} (round ${state.round}), the fixture gives ${d.text}`);
            break outer;
          }
          const ok = legal(state, d);
          if (d.refused) {
            if (ok) {
              problems.push(`decisions[${i}]: ${d.text} of seat ${d.seat} expected to be refused, but it is legal`);
              break outer;
            }
            continue;
          }
          if (!ok) {
            problems.push(`decisions[${i}]: ${d.text} of seat ${d.seat} is not legal now (round ${state.round})`);
            break outer;
          }
          answers[r] = d.answer;
          break;
        }
      }
      apply(state, answers);
    }
  } catch (e) {
    if (!(e instanceof ScriptError)) throw e;
    problems.push(e.message);
  }
  const left = used.findIndex((u) => !u);
  if (left >= 0 && problems.length === 0)
    problems.push(`decisions[${left}]: ${fixture.decisions[left].text} of seat ${fixture.decisions[left].seat} was never asked for`);
  return { state, problems };
}

const list = (v: readonly unknown[]) => `[${v.join(', ')}]`;
const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Differences between the fixture's expectations and the played position (empty = pass). */
export function compareFixture(fixture: GdFixture, result: FixtureResult): string[] {
  const diffs = [...result.problems];
  const s = result.state;
  const e = fixture.expect;
  const P = s.players;
  const seats = (f: (seat: number) => number) => Array.from({ length: P }, (_, seat) => f(seat));
  const check = (name: string, want: readonly number[] | undefined, state: ArrayLike<number>) => {
    const got = Array.from(state);
    if (want !== undefined && !same(want, got)) diffs.push(`${name} expected ${list(want)} got ${list(got)}`);
  };
  check('order', e.order, s.order.slice(0, P));
  check('cash', e.cash, s.cash);
  check('income', e.income, s.income);
  check('vp', e.vp, s.vp);
  check('prChips', e.prChips, s.chips);
  check('handSize', e.handSize, s.handSize);
  if (e.prSupply !== undefined && e.prSupply !== s.prSupply) diffs.push(`prSupply expected ${e.prSupply} got ${s.prSupply}`);
  if (e.track) {
    for (let seat = 0; seat < P; seat++) check(`track[${seat}]`, e.track[seat], s.track.slice(seat * NC, seat * NC + NC));
  }
  if (e.loans) {
    for (let seat = 0; seat < P; seat++)
      check(
        `loans[${seat}]`,
        e.loans[seat],
        s.loans.slice(seat * LOAN_SLOTS, seat * LOAN_SLOTS + LOAN_SLOTS).filter((a) => a > 0),
      );
  }
  if (e.tiles) {
    const width = s.tables.width;
    const got: string[] = [];
    for (let cell = 0; cell < s.tables.cells; cell++) {
      if (s.owner[cell] >= 0) got.push(tileText(width, cell, s.owner[cell], CATEGORIES[s.cellCat[cell]], s.cellSize[cell]));
    }
    const missing = e.tiles.filter((t) => !got.includes(t));
    if (missing.length > 0 || got.length !== e.tiles.length) diffs.push(`tiles expected ${list(e.tiles)} got ${list(got)}`);
  }
  const over = s.stage === OVER && s.stopAfterRound === 0;
  if (e.scores) check('scores', e.scores, over ? s.scores : seats(() => Number.NaN));
  if (e.ranks) check('ranks', e.ranks, over ? s.ranks : seats(() => Number.NaN));
  if (e.winners) {
    const got = over ? s.winners.slice(0, s.winnerCount).sort() : ['(game not over)'];
    const want = [...e.winners].sort();
    if (!same(want, got)) diffs.push(`winners expected ${list(want)} got ${list(got)}`);
  }
  if (e.endedBy !== undefined) {
    const got = over ? ENDINGS[s.ending] : '(game not over)';
    if (got !== e.endedBy) diffs.push(`endedBy expected ${e.endedBy} got ${got}`);
  }
  for (const [name, want] of Object.entries(e.counters ?? {})) check(`counters.${name}`, want, s.counters[COUNTERS.indexOf(name)]);
  return diffs;
}

/** Green Deal's fixtures as `GameDefinition.fixtures`. */
export const greenDealFixtures: FixtureHooks<GdFixture> = {
  parse: parseFixture,
  name: (fixture) => fixture.name,
  check: (fixture) => compareFixture(fixture, playFixture(fixture)),
};
