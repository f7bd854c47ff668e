/**
 * Green Deal's components as data (GD-A20, GD-A23…A26): the rules sheet fixes the procedure and
 * almost no number, so every number the engine uses comes from one components set — rounds and
 * scoring rounds, start cash and income per player count, bid limit, income cap, the sustainability
 * track's stages, the PR chips, the dividend table, the loan pile, the Tax Refund, the action
 * display, the map with its start positions, and the two card lists. The format is documented in
 * docs/games/green-deal.md ("Components file"); every mistake names the file, the field and what
 * was expected.
 *
 * Every section says where its numbers come from (`source`): `sheet` (the short-rules sheet says
 * so), `inferred` (read from the sheet, not stated), `invented` (a placeholder), `publisher` or
 * `designer`. A set with an invented number is a placeholder: its id is on every result.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../../core/errors.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, isObject, show, type Where } from '../../core/validate.js';

/** The four sustainability categories, in the sheet's order (Umwelt, Jobs, Soziales, Forschung). */
export const CATEGORIES = ['environment', 'jobs', 'social', 'research'] as const;
export type Category = (typeof CATEGORIES)[number];
/** `category: "weakest"` of a steps effect: the category whose track is lowest when it applies (ties: the first in CATEGORIES order). */
export const WEAKEST = 4;

/** When an action card acts (GD-A25): at once, for the rest of the game, from the hand later (white symbol), at the end. */
export const TIMINGS = ['immediate', 'permanent', 'hand', 'end'] as const;
export type Timing = (typeof TIMINGS)[number];

/** Effects applied once (on buying an immediate card, or playing a hand card). */
export const ONCE_KINDS = ['cash', 'income', 'vp', 'steps', 'pr-chips'] as const;
/** Permanent modifiers of the owner (summed over its permanent cards). */
export const PERMANENT_KINDS = [
  'pr-discount',
  'card-discount',
  'interest-relief',
  'cooperation-bonus',
  'competition-guard',
  'dividend-bonus',
  'image',
] as const;
/** End-of-game VP (GD-A21: after the valuation, before the loans). */
export const END_KINDS = ['end-vp', 'end-vp-per-tile', 'end-vp-per-cooperation'] as const;
export const EFFECT_KINDS = [...ONCE_KINDS, ...PERMANENT_KINDS, ...END_KINDS] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** What each effect kind does, as the docs and error messages say it. */
export const EFFECT_MEANING: Readonly<Record<EffectKind, string>> = {
  cash: '+amount cash (≥ 0; the card cost is its price, GD-A28)',
  income: '±amount income steps (0…income cap)',
  vp: '±amount VP',
  steps: '+amount steps on the sustainability track of `category` (or "weakest")',
  'pr-chips': '+amount PR chips from the supply, as far as it reaches',
  'pr-discount': 'PR chips cost the owner amount less (not below 0)',
  'card-discount': 'sustainability cards cost the owner amount less (not below 0)',
  'interest-relief': 'each repayment costs the owner amount less interest (not below 0)',
  'cooperation-bonus': '+amount income steps to the owner for every cooperation it takes part in',
  'competition-guard': 'the owner loses amount steps fewer to a competitor (not below 0)',
  'dividend-bonus': '+amount VP whenever the owner pays a dividend',
  image: '+amount image in `category` at every PR scoring in which the owner places a chip there',
  'end-vp': '+amount VP at the end',
  'end-vp-per-tile': '+amount VP per own tile on the map at the end',
  'end-vp-per-cooperation': '+amount VP per cooperation the owner took part in, at the end',
};

const KINDS_BY_TIMING: Readonly<Record<Timing, readonly string[]>> = {
  immediate: ONCE_KINDS,
  hand: ONCE_KINDS,
  permanent: PERMANENT_KINDS,
  end: END_KINDS,
};

export const SOURCES = ['sheet', 'inferred', 'invented', 'publisher', 'designer'] as const;
export type Source = (typeof SOURCES)[number];

export interface SustainabilityCardType {
  readonly id: string;
  /** Index into CATEGORIES. */
  readonly category: number;
  readonly cost: number;
  /** Track steps in the card's category (1–5 on the sheet). */
  readonly steps: number;
  /** Income steps (may be negative, GD-A28). */
  readonly income: number;
  readonly vp: number;
  /** The project tile's size (project value). */
  readonly size: number;
  readonly count: number;
}

export interface Effect {
  readonly kind: EffectKind;
  readonly amount: number;
  /** Index into CATEGORIES, WEAKEST for "weakest", −1 where the kind takes none. */
  readonly category: number;
}

export interface ActionCardType {
  readonly id: string;
  readonly cost: number;
  readonly timing: Timing;
  readonly effects: readonly Effect[];
  readonly count: number;
}

export interface DividendRow {
  /** The row applies from this income up to the next row's. */
  readonly fromIncome: number;
  readonly pay: number;
  readonly vp: number;
}

export interface GreenDealComponents {
  readonly id: string;
  readonly note: string;
  /** Where each section's numbers come from: a source for the section, or one per field. */
  readonly sources: Readonly<Record<string, Source | Readonly<Record<string, Source>>>>;
  /** True when any number is invented (the report marks the id as a placeholder). */
  readonly placeholder: boolean;
  readonly rounds: number;
  readonly prScorings: readonly number[];
  readonly sustainabilityScorings: readonly number[];
  /** Start cash and income for 3, 4 and 5 players (index players − 3). */
  readonly startCash: readonly number[];
  readonly startIncome: readonly number[];
  /** The auction wheel's highest bid (GD-A7); null = only the bidder's cash limits it. */
  readonly maxBid: number | null;
  readonly incomeMax: number;
  readonly trackLength: number;
  /** Stage k is reached at track position `stageAt[k]`, worth `stageVp[k]` VP (GD-A20). */
  readonly stageAt: readonly number[];
  readonly stageVp: readonly number[];
  readonly prPrice: number;
  /** PR chips in the supply for 3, 4 and 5 players. */
  readonly prSupply: readonly number[];
  /** VP for the best, second, third … image in a category. */
  readonly prVp: readonly number[];
  readonly valuationVp: readonly number[];
  readonly dividends: readonly DividendRow[];
  /** The loan pile, top first (before a shuffle). */
  readonly loanPile: readonly number[];
  readonly shuffleLoans: boolean;
  readonly interest: number;
  readonly maxLoans: number;
  readonly vpPerUnpaidCash: number;
  readonly taxRefundCost: number;
  readonly taxRefundCash: number;
  readonly taxRefundChips: number;
  readonly actionAvailable: number;
  readonly actionPreview: number;
  readonly mapWidth: number;
  readonly mapHeight: number;
  /** Start cells (x, y) for 3, 4 and 5 players. */
  readonly startCells: readonly (readonly (readonly [number, number])[])[];
  readonly sustainabilityCards: readonly SustainabilityCardType[];
  readonly actionCards: readonly ActionCardType[];
}

const sub = (f: string, k: string) => (f ? `${f}.${k}` : k);
const PLAYER_COUNTS = ['3', '4', '5'] as const;

/** The top-level sections of a components file, in the documented order. */
export const SECTIONS = [
  'rounds',
  'start',
  'auction',
  'income',
  'track',
  'pr',
  'valuation',
  'dividends',
  'loans',
  'taxRefund',
  'actionDisplay',
  'map',
  'sustainabilityCards',
  'actionCards',
] as const;

/** The numeric fields of each section that a per-field `source` may name. */
const SECTION_FIELDS: Readonly<Record<(typeof SECTIONS)[number], readonly string[]>> = {
  rounds: ['count', 'prScorings', 'sustainabilityScorings'],
  start: ['3', '4', '5'],
  auction: ['maxBid'],
  income: ['max'],
  track: ['length', 'stages'],
  pr: ['price', 'supply', 'vp'],
  valuation: ['vp'],
  dividends: ['table'],
  loans: ['pile', 'shuffle', 'interest', 'maxUnpaid', 'vpPerUnpaidCash'],
  taxRefund: ['cost', 'cash', 'prChips'],
  actionDisplay: ['available', 'preview'],
  map: ['width', 'height', 'start'],
  sustainabilityCards: ['cards'],
  actionCards: ['cards'],
};

function intList(at: Where, field: string, v: unknown, min: number, max: number, minLength = 1, maxLength = 1000): number[] {
  if (!Array.isArray(v) || v.length < minLength || v.length > maxLength) {
    throw new InputError(at.file, field, `expected a list of ${minLength} to ${maxLength} integers, got ${show(v)}`);
  }
  return v.map((x, i) => expectInt(at, `${field}[${i}]`, x, min, max));
}

function section(at: Where, f: string, data: Record<string, unknown>, key: (typeof SECTIONS)[number], fields: readonly string[]): Record<string, unknown> {
  const field = sub(f, key);
  const obj = expectObject(at, field, data[key]);
  expectKnownKeys(at, field, obj, ['source', ...fields]);
  for (const k of fields) {
    if (obj[k] === undefined && k !== 'maxBid') throw new InputError(at.file, sub(field, k), `missing; the ${key} section needs ${fields.join(', ')}`);
  }
  return obj;
}

function sourceOf(at: Where, field: string, v: unknown, fields: readonly string[]): Source | Record<string, Source> {
  if (typeof v === 'string') return expectOneOf(at, field, v, SOURCES);
  if (!isObject(v)) {
    throw new InputError(
      at.file,
      field,
      `expected where the numbers come from: one of ${SOURCES.join(' | ')}, or an object giving one per field (${fields.join(', ')}), got ${show(v)}`,
    );
  }
  expectKnownKeys(at, field, v, fields);
  const out: Record<string, Source> = {};
  for (const k of fields) {
    if (v[k] === undefined) throw new InputError(at.file, `${field}.${k}`, `missing; a per-field source names every field (${fields.join(', ')})`);
    out[k] = expectOneOf(at, `${field}.${k}`, v[k], SOURCES);
  }
  return out;
}

function cell(at: Where, field: string, v: unknown, width: number, height: number): [number, number] {
  if (!Array.isArray(v) || v.length !== 2) throw new InputError(at.file, field, `expected a cell [x, y], got ${show(v)}`);
  return [expectInt(at, `${field}[0]`, v[0], 0, width - 1), expectInt(at, `${field}[1]`, v[1], 0, height - 1)];
}

function uniqueId(at: Where, field: string, id: string, seen: Set<string>): void {
  if (seen.has(id)) throw new InputError(at.file, field, `duplicate card id ${show(id)}; give each entry its own "id"`);
  seen.add(id);
}

function sustainabilityCard(at: Where, p: string, c: unknown, incomeMax: number, trackLength: number): SustainabilityCardType {
  const card = expectObject(at, p, c);
  expectKnownKeys(at, p, card, ['id', 'category', 'cost', 'steps', 'income', 'vp', 'size', 'count']);
  return {
    id: expectString(at, `${p}.id`, card.id),
    category: CATEGORIES.indexOf(expectOneOf(at, `${p}.category`, card.category, CATEGORIES)),
    cost: expectInt(at, `${p}.cost`, card.cost, 0, 1000),
    steps: expectInt(at, `${p}.steps`, card.steps, 0, trackLength),
    income: expectInt(at, `${p}.income`, card.income ?? 0, -incomeMax, incomeMax),
    vp: expectInt(at, `${p}.vp`, card.vp ?? 0, -1000, 1000),
    size: expectInt(at, `${p}.size`, card.size, 1, 99),
    count: expectInt(at, `${p}.count`, card.count ?? 1, 0, 100),
  };
}

function effect(at: Where, p: string, e: unknown, timing: Timing, incomeMax: number): Effect {
  const obj = expectObject(at, p, e);
  const allowed = KINDS_BY_TIMING[timing];
  if (typeof obj.kind !== 'string' || !allowed.includes(obj.kind)) {
    const other = (EFFECT_KINDS as readonly string[]).includes(obj.kind as string)
      ? ` (${show(obj.kind)} belongs to ${TIMINGS.filter((t) => KINDS_BY_TIMING[t].includes(obj.kind as string)).join(' / ')} cards)`
      : '';
    throw new InputError(at.file, `${p}.kind`, `a ${timing} card's effect kind is one of ${allowed.join(' | ')}, got ${show(obj.kind)}${other}`);
  }
  const kind = obj.kind as EffectKind;
  const takesCategory = kind === 'steps' || kind === 'image';
  expectKnownKeys(at, p, obj, takesCategory ? ['kind', 'amount', 'category'] : ['kind', 'amount']);
  // GD-A28: cash on a card is its cost; a cash effect gives, never takes. Income and VP may fall.
  const signed = kind === 'income' || kind === 'vp';
  const amount = expectInt(at, `${p}.amount`, obj.amount, signed ? -(kind === 'income' ? incomeMax : 1000) : 0, kind === 'income' ? incomeMax : 1000);
  let category = -1;
  if (takesCategory) {
    const choices = kind === 'steps' ? [...CATEGORIES, 'weakest'] : CATEGORIES;
    const name = expectOneOf(at, `${p}.category`, obj.category, choices as readonly string[]);
    category = name === 'weakest' ? WEAKEST : CATEGORIES.indexOf(name as Category);
  }
  return { kind, amount, category };
}

function actionCard(at: Where, p: string, c: unknown, incomeMax: number): ActionCardType {
  const card = expectObject(at, p, c);
  expectKnownKeys(at, p, card, ['id', 'cost', 'timing', 'effects', 'count']);
  const timing = expectOneOf(at, `${p}.timing`, card.timing, TIMINGS);
  if (!Array.isArray(card.effects) || card.effects.length > 8) {
    throw new InputError(at.file, `${p}.effects`, `expected a list of up to 8 effects ({ "kind", "amount" }), got ${show(card.effects)}`);
  }
  return {
    id: expectString(at, `${p}.id`, card.id),
    cost: expectInt(at, `${p}.cost`, card.cost, 0, 1000),
    timing,
    effects: card.effects.map((e, i) => effect(at, `${p}.effects[${i}]`, e, timing, incomeMax)),
    count: expectInt(at, `${p}.count`, card.count ?? 1, 0, 100),
  };
}

/**
 * Checks a components object (`f` = where it sits in `at.file`; '' = the whole file) and returns
 * the engine's form. Besides each field's type and range it checks what the rules need: scoring
 * rounds within the game, ascending stages and dividend rows, enough start cells on the map and no
 * two on one cell, a map of at least 3 × 3 (so a tile's four edge neighbours are four cells), at
 * least one sustainability card per category.
 */
export function componentsFromData(at: Where, f: string, data: unknown): GreenDealComponents {
  const obj = expectObject(at, f, data);
  expectKnownKeys(at, f, obj, ['id', 'note', ...SECTIONS]);
  const id = expectString(at, sub(f, 'id'), obj.id);
  const note = obj.note === undefined ? '' : expectString(at, sub(f, 'note'), obj.note);
  const sources: Record<string, Source | Record<string, Source>> = {};
  const read = (key: (typeof SECTIONS)[number]) => {
    const s = section(at, f, obj, key, SECTION_FIELDS[key]);
    if (s.source === undefined) {
      throw new InputError(at.file, sub(sub(f, key), 'source'), `missing; say where the numbers come from: ${SOURCES.join(' | ')} (or one per field)`);
    }
    sources[key] = sourceOf(at, sub(sub(f, key), 'source'), s.source, SECTION_FIELDS[key]);
    return s;
  };
  const field = (key: string, k: string) => sub(sub(f, key), k);

  const r = read('rounds');
  const rounds = expectInt(at, field('rounds', 'count'), r.count, 1, 30);
  const scoringList = (k: string) => {
    const list = intList(at, field('rounds', k), r[k], 1, rounds, 0, rounds);
    list.forEach((v, i) => {
      if (i > 0 && v <= list[i - 1]) throw new InputError(at.file, `${field('rounds', k)}[${i}]`, `expected rounds in ascending order, got ${show(list)}`);
    });
    return list;
  };
  const prScorings = scoringList('prScorings');
  const sustainabilityScorings = scoringList('sustainabilityScorings');

  const inc = read('income');
  const incomeMax = expectInt(at, field('income', 'max'), inc.max, 1, 1000);

  const st = read('start');
  const startCash: number[] = [];
  const startIncome: number[] = [];
  for (const n of PLAYER_COUNTS) {
    const p = field('start', n);
    const s = expectObject(at, p, st[n]);
    expectKnownKeys(at, p, s, ['cash', 'income']);
    startCash.push(expectInt(at, `${p}.cash`, s.cash, 0, 100000));
    startIncome.push(expectInt(at, `${p}.income`, s.income, 0, incomeMax));
  }

  const au = read('auction');
  const maxBid = au.maxBid === undefined || au.maxBid === null ? null : expectInt(at, field('auction', 'maxBid'), au.maxBid, 0, 100000);

  const tr = read('track');
  const trackLength = expectInt(at, field('track', 'length'), tr.length, 1, 1000);
  if (!Array.isArray(tr.stages) || tr.stages.length === 0 || tr.stages.length > 64) {
    throw new InputError(at.file, field('track', 'stages'), `expected a list of 1 to 64 stages ({ "at": track position, "vp": VP }), got ${show(tr.stages)}`);
  }
  const stageAt: number[] = [];
  const stageVp: number[] = [];
  tr.stages.forEach((s, i) => {
    const p = `${field('track', 'stages')}[${i}]`;
    const stage = expectObject(at, p, s);
    expectKnownKeys(at, p, stage, ['at', 'vp']);
    const pos = expectInt(at, `${p}.at`, stage.at, 1, trackLength);
    if (i > 0 && pos <= stageAt[i - 1])
      throw new InputError(at.file, `${p}.at`, `expected stages at ascending track positions (stage ${i - 1} is at ${stageAt[i - 1]}), got ${pos}`);
    stageAt.push(pos);
    stageVp.push(expectInt(at, `${p}.vp`, stage.vp, 0, 100000));
  });

  const pr = read('pr');
  const prPrice = expectInt(at, field('pr', 'price'), pr.price, 0, 1000);
  const supply = expectObject(at, field('pr', 'supply'), pr.supply);
  expectKnownKeys(at, field('pr', 'supply'), supply, PLAYER_COUNTS);
  const prSupply = PLAYER_COUNTS.map((n) => expectInt(at, `${field('pr', 'supply')}.${n}`, supply[n], 0, 63));
  const prVp = intList(at, field('pr', 'vp'), pr.vp, 0, 100000, 1, 5);

  const va = read('valuation');
  const valuationVp = intList(at, field('valuation', 'vp'), va.vp, 0, 100000, 1, 5);

  const dv = read('dividends');
  if (!Array.isArray(dv.table) || dv.table.length > incomeMax + 1) {
    throw new InputError(
      at.file,
      field('dividends', 'table'),
      `expected a list of up to ${incomeMax + 1} rows ({ "fromIncome", "pay", "vp" }), got ${show(dv.table)}`,
    );
  }
  const dividends: DividendRow[] = dv.table.map((row, i) => {
    const p = `${field('dividends', 'table')}[${i}]`;
    const o = expectObject(at, p, row);
    expectKnownKeys(at, p, o, ['fromIncome', 'pay', 'vp']);
    return {
      fromIncome: expectInt(at, `${p}.fromIncome`, o.fromIncome, 0, incomeMax),
      pay: expectInt(at, `${p}.pay`, o.pay, 0, 100000),
      vp: expectInt(at, `${p}.vp`, o.vp, 0, 100000),
    };
  });
  dividends.forEach((row, i) => {
    if (i > 0 && row.fromIncome <= dividends[i - 1].fromIncome) {
      throw new InputError(
        at.file,
        `${field('dividends', 'table')}[${i}].fromIncome`,
        `expected rows in ascending order of income, got ${row.fromIncome} after ${dividends[i - 1].fromIncome}`,
      );
    }
  });

  const lo = read('loans');
  const loanPile = intList(at, field('loans', 'pile'), lo.pile, 1, 100000, 0, 48);
  if (typeof lo.shuffle !== 'boolean')
    throw new InputError(at.file, field('loans', 'shuffle'), `expected true (shuffled at setup) or false (top first as listed), got ${show(lo.shuffle)}`);
  const interest = expectInt(at, field('loans', 'interest'), lo.interest, 0, 100000);
  const maxLoans = expectInt(at, field('loans', 'maxUnpaid'), lo.maxUnpaid, 0, 3);
  const vpPerUnpaidCash = expectInt(at, field('loans', 'vpPerUnpaidCash'), lo.vpPerUnpaidCash, 0, 1000);

  const tx = read('taxRefund');
  const taxRefundCost = expectInt(at, field('taxRefund', 'cost'), tx.cost, 0, 1000);
  const taxRefundCash = expectInt(at, field('taxRefund', 'cash'), tx.cash, 0, 1000);
  const taxRefundChips = expectInt(at, field('taxRefund', 'prChips'), tx.prChips, 0, 63);

  const ad = read('actionDisplay');
  const actionAvailable = expectInt(at, field('actionDisplay', 'available'), ad.available, 0, 8);
  const actionPreview = expectInt(at, field('actionDisplay', 'preview'), ad.preview, 0, 8);

  const mp = read('map');
  const mapWidth = expectInt(at, field('map', 'width'), mp.width, 3, 64);
  const mapHeight = expectInt(at, field('map', 'height'), mp.height, 3, 64);
  const starts = expectObject(at, field('map', 'start'), mp.start);
  expectKnownKeys(at, field('map', 'start'), starts, PLAYER_COUNTS);
  const startCells = PLAYER_COUNTS.map((n) => {
    const p = `${field('map', 'start')}.${n}`;
    const list = starts[n];
    if (!Array.isArray(list) || list.length < Number(n) || list.length > mapWidth * mapHeight) {
      throw new InputError(at.file, p, `expected a list of at least ${n} start cells [x, y] (one per player at least), got ${show(list)}`);
    }
    const cells = list.map((c, i) => cell(at, `${p}[${i}]`, c, mapWidth, mapHeight));
    cells.forEach(([x, y], i) => {
      if (cells.findIndex(([a, b]) => a === x && b === y) < i) throw new InputError(at.file, `${p}[${i}]`, `start cell [${x}, ${y}] is listed twice`);
    });
    return cells;
  });

  const sc = read('sustainabilityCards');
  if (!Array.isArray(sc.cards) || sc.cards.length === 0) {
    throw new InputError(
      at.file,
      field('sustainabilityCards', 'cards'),
      `expected a non-empty list of cards ({ "id", "category", "cost", "steps", "income", "vp", "size", "count" }), got ${show(sc.cards)}`,
    );
  }
  const seen = new Set<string>();
  const sustainabilityCards = sc.cards.map((c, i) => {
    const p = `${field('sustainabilityCards', 'cards')}[${i}]`;
    const card = sustainabilityCard(at, p, c, incomeMax, trackLength);
    uniqueId(at, `${p}.id`, card.id, seen);
    return card;
  });
  CATEGORIES.forEach((name, c) => {
    if (!sustainabilityCards.some((t) => t.category === c && t.count > 0)) {
      throw new InputError(
        at.file,
        field('sustainabilityCards', 'cards'),
        `expected at least one ${name} card (count ≥ 1): every category has a pile in the display`,
      );
    }
  });

  const ac = read('actionCards');
  if (!Array.isArray(ac.cards)) {
    throw new InputError(
      at.file,
      field('actionCards', 'cards'),
      `expected a list of cards ({ "id", "cost", "timing", "effects", "count" }), got ${show(ac.cards)}`,
    );
  }
  const actionCards = ac.cards.map((c, i) => {
    const p = `${field('actionCards', 'cards')}[${i}]`;
    const card = actionCard(at, p, c, incomeMax);
    uniqueId(at, `${p}.id`, card.id, seen);
    return card;
  });
  if (actionCards.reduce((n, t) => n + t.count, 0) > 4096) throw new InputError(at.file, field('actionCards', 'cards'), 'at most 4,096 action cards');

  const placeholder = Object.values(sources).some((s) => (typeof s === 'string' ? s === 'invented' : Object.values(s).includes('invented')));
  return {
    id,
    note,
    sources,
    placeholder,
    rounds,
    prScorings,
    sustainabilityScorings,
    startCash,
    startIncome,
    maxBid,
    incomeMax,
    trackLength,
    stageAt,
    stageVp,
    prPrice,
    prSupply,
    prVp,
    valuationVp,
    dividends,
    loanPile,
    shuffleLoans: lo.shuffle,
    interest,
    maxLoans,
    vpPerUnpaidCash,
    taxRefundCost,
    taxRefundCash,
    taxRefundChips,
    actionAvailable,
    actionPreview,
    mapWidth,
    mapHeight,
    startCells,
    sustainabilityCards,
    actionCards,
  };
}

/** The components in their file form (portable params, the overrides' base, the docs). */
export function componentsData(c: GreenDealComponents): Record<string, unknown> {
  const byPlayers = <T>(f: (i: number) => T) => Object.fromEntries(PLAYER_COUNTS.map((n, i) => [n, f(i)]));
  const effectData = (e: Effect) => ({
    kind: e.kind,
    amount: e.amount,
    ...(e.category >= 0 ? { category: e.category === WEAKEST ? 'weakest' : CATEGORIES[e.category] } : {}),
  });
  const s = c.sources;
  return {
    id: c.id,
    ...(c.note ? { note: c.note } : {}),
    rounds: { source: s.rounds, count: c.rounds, prScorings: c.prScorings, sustainabilityScorings: c.sustainabilityScorings },
    start: { source: s.start, ...byPlayers((i) => ({ cash: c.startCash[i], income: c.startIncome[i] })) },
    auction: { source: s.auction, maxBid: c.maxBid },
    income: { source: s.income, max: c.incomeMax },
    track: { source: s.track, length: c.trackLength, stages: c.stageAt.map((at, k) => ({ at, vp: c.stageVp[k] })) },
    pr: { source: s.pr, price: c.prPrice, supply: byPlayers((i) => c.prSupply[i]), vp: c.prVp },
    valuation: { source: s.valuation, vp: c.valuationVp },
    dividends: { source: s.dividends, table: c.dividends.map((d) => ({ ...d })) },
    loans: {
      source: s.loans,
      pile: c.loanPile,
      shuffle: c.shuffleLoans,
      interest: c.interest,
      maxUnpaid: c.maxLoans,
      vpPerUnpaidCash: c.vpPerUnpaidCash,
    },
    taxRefund: { source: s.taxRefund, cost: c.taxRefundCost, cash: c.taxRefundCash, prChips: c.taxRefundChips },
    actionDisplay: { source: s.actionDisplay, available: c.actionAvailable, preview: c.actionPreview },
    map: { source: s.map, width: c.mapWidth, height: c.mapHeight, start: byPlayers((i) => c.startCells[i].map(([x, y]) => [x, y])) },
    sustainabilityCards: {
      source: s.sustainabilityCards,
      cards: c.sustainabilityCards.map((t) => ({
        id: t.id,
        category: CATEGORIES[t.category],
        cost: t.cost,
        steps: t.steps,
        income: t.income,
        vp: t.vp,
        size: t.size,
        count: t.count,
      })),
    },
    actionCards: {
      source: s.actionCards,
      cards: c.actionCards.map((t) => ({ id: t.id, cost: t.cost, timing: t.timing, effects: t.effects.map(effectData), count: t.count })),
    },
  };
}

/** Reads `params.components`: a path relative to the scenario (or fixture), or the set inline. */
export function parseComponents(where: Where & { dir: string }, field: string, raw: unknown): GreenDealComponents {
  if (typeof raw !== 'string') return componentsFromData(where, field, raw);
  const file = resolve(where.dir, raw);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new InputError(where.file, field, `cannot read components file ${show(raw)}: ${(e as Error).message}`);
  }
  return componentsFromData({ file }, '', data);
}
