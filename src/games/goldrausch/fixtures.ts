/**
 * Round fixtures — the rules conformance format. A fixture sets up one position, plays phases 4 and 5
 * of one round with a given wheel result (and event card), and compares the state after phase 5.
 */
import { dirname } from 'node:path';
import type { FixtureHooks } from '../../core/definition.js';
import { InputError } from '../../core/errors.js';
import { RandomSource } from '../../core/random.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, show } from '../../core/validate.js';
import { parseGoldrauschConfig, perContinent } from './config.js';
import { GREEN, NONE, RED } from './bot.js';
import { eventCardsOf } from './cards.js';
import { capOf } from './climate.js';
import { applyEvent, applyWheel } from './events.js';
import { openResolution, resolveProfit } from './round.js';
import { GoldrauschState, WHEEL_CODE } from './state.js';
import { CONTINENTS, EVENT_CARD_IDS, WHEEL_FIELDS, type Colour, type ContinentIndex, type EventCardId, type WheelField } from './types.js';

export interface RoundFixture {
  readonly file: string;
  readonly name: string;
  readonly players: number;
  readonly raw: { rules?: unknown; params?: unknown };
  readonly startPlayer: number;
  readonly gold: number[];
  readonly stock: number[];
  readonly extract: number[];
  readonly capReduction: number;
  readonly locations: ContinentIndex[];
  readonly cards: (Colour | null)[];
  readonly wheel: WheelField;
  readonly event: EventCardId | null;
  readonly expect: { gold?: number[]; stock?: number[]; winner?: number[] };
}

export interface FixtureResult {
  readonly gold: number[];
  readonly stock: number[];
  readonly winner: number[];
}

function seatList(file: string, field: string, raw: unknown, players: number, min = 0): number[] {
  if (!Array.isArray(raw) || raw.length !== players) {
    throw new InputError(file, field, `expected a list of ${players} integers (one per seat), got ${show(raw)}`);
  }
  return raw.map((v, i) => expectInt({ file }, `${field}[${i}]`, v, min));
}

/** Reads and checks a fixture; every problem names the file and the field. */
export function parseFixture(file: string, data: unknown): RoundFixture {
  const at = { file };
  const obj = expectObject(at, '', data);
  expectKnownKeys(at, '', obj, ['game', 'name', 'players', 'rules', 'params', 'before', 'choices', 'wheel', 'event', 'expect', 'note']);
  const name = typeof obj.name === 'string' && obj.name ? obj.name : file;
  const players = expectInt(at, 'players', obj.players, 4, 6);
  const before = expectObject(at, 'before', obj.before);
  expectKnownKeys(at, 'before', before, ['startPlayer', 'gold', 'stock', 'extract', 'capReduction']);
  const startPlayer = expectInt(at, 'before.startPlayer', before.startPlayer, 0, players - 1);
  const gold = seatList(file, 'before.gold', before.gold, players);
  const stock = [...perContinent({ file }, 'before.stock', before.stock, 0)];
  const extract = [...perContinent({ file }, 'before.extract', before.extract, 0)];
  const capReduction = before.capReduction === undefined ? 0 : expectInt(at, 'before.capReduction', before.capReduction, 0);
  if (!Array.isArray(obj.choices) || obj.choices.length !== players) {
    throw new InputError(file, 'choices', `expected ${players} choices (one per seat), got ${show(obj.choices)}`);
  }
  const locations: ContinentIndex[] = [];
  const cards: (Colour | null)[] = [];
  obj.choices.forEach((c, i) => {
    const choice = expectObject(at, `choices[${i}]`, c);
    expectKnownKeys(at, `choices[${i}]`, choice, ['continent', 'upgrade']);
    locations.push(CONTINENTS.indexOf(expectOneOf(at, `choices[${i}].continent`, choice.continent, CONTINENTS)) as ContinentIndex);
    const up = expectOneOf(at, `choices[${i}].upgrade`, choice.upgrade, [true, false, null]);
    cards.push(up === null ? null : up ? 'green' : 'red');
  });
  const wheel = expectOneOf(at, 'wheel', obj.wheel, WHEEL_FIELDS);
  let event: EventCardId | null = null;
  if (wheel === 'event') event = expectOneOf(at, 'event', obj.event, EVENT_CARD_IDS);
  else if (obj.event !== undefined) throw new InputError(file, 'event', `an event card needs wheel "event", but wheel is ${show(wheel)}`);
  const expectRaw = expectObject(at, 'expect', obj.expect);
  expectKnownKeys(at, 'expect', expectRaw, ['gold', 'stock', 'winner']);
  const expect: RoundFixture['expect'] = {};
  if (expectRaw.gold !== undefined) expect.gold = seatList(file, 'expect.gold', expectRaw.gold, players);
  if (expectRaw.stock !== undefined) expect.stock = [...perContinent({ file }, 'expect.stock', expectRaw.stock, 0)];
  if (expectRaw.winner !== undefined) {
    if (!Array.isArray(expectRaw.winner)) throw new InputError(file, 'expect.winner', `expected a list of seats, got ${show(expectRaw.winner)}`);
    expect.winner = expectRaw.winner.map((v, i) => expectInt(at, `expect.winner[${i}]`, v, 0, players - 1));
  }
  // A fixture that expects nothing would PASS whatever the engine does.
  if (Object.keys(expect).length === 0) {
    throw new InputError(
      file,
      'expect',
      `checks nothing: give at least one of "gold" (per seat), "stock" (per continent) or "winner" (seats), got ${show(expectRaw)}`,
    );
  }
  const fixture: RoundFixture = {
    file,
    name,
    players,
    raw: { rules: obj.rules, params: obj.params },
    startPlayer,
    gold,
    stock,
    extract,
    capReduction,
    locations,
    cards,
    wheel,
    event,
    expect,
  };
  // Checks that need the config: stock within the caps.
  const config = parseGoldrauschConfig(fixture.raw, { file, dir: dirname(file) });
  const caps = new GoldrauschState(config, players);
  caps.capReduction = capReduction;
  for (let c = 0; c < 3; c++) {
    const cap = capOf(caps, c);
    if (stock[c] > cap) throw new InputError(file, `before.stock.${CONTINENTS[c]}`, `stock ${stock[c]} is above the cap ${cap}`);
  }
  return fixture;
}

/**
 * Plays phases 4 and 5 of the fixture's round on the engine (a state set to the fixture's position:
 * round 1, its gold, stock, extraction, cap cuts, pawns and cards). Chance (ties in #16, #25 random)
 * uses a fixed seed.
 */
export function playFixture(fixture: RoundFixture): FixtureResult {
  const config = parseGoldrauschConfig(fixture.raw, { file: fixture.file, dir: dirname(fixture.file) });
  const random = new RandomSource('fixture', 0);
  const s = new GoldrauschState(config, fixture.players);
  s.startPlayer = fixture.startPlayer;
  s.capReduction = fixture.capReduction;
  // The format has no bank: it starts at 0 (a finite bank then pays nothing, GR-A35).
  s.bank = 0;
  for (let seat = 0; seat < fixture.players; seat++) {
    s.gold[seat] = fixture.gold[seat];
    s.locations[seat] = fixture.locations[seat];
    const card = fixture.cards[seat];
    s.commits[seat] = card === null ? NONE : card === 'green' ? GREEN : RED;
  }
  for (let c = 0; c < 3; c++) {
    s.stock[c] = fixture.stock[c];
    s.extract[c] = fixture.extract[c];
  }
  openResolution(s);
  if (fixture.wheel === 'event') {
    if (fixture.event !== null)
      applyEvent(
        s,
        eventCardsOf(config.params).findIndex((card) => card.id === fixture.event),
        random,
      );
  } else applyWheel(s, WHEEL_CODE[fixture.wheel], random);
  if (s.winnerCount === 0) resolveProfit(s);
  return { gold: s.gold.slice(), stock: Array.from(s.stock), winner: s.winners.slice(0, s.winnerCount) };
}

/** Compares a result with the fixture's expectations; returns the differences (empty = pass). */
export function compareFixture(fixture: RoundFixture, result: FixtureResult): string[] {
  const diffs: string[] = [];
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const { expect } = fixture;
  if (expect.gold && !same(expect.gold, result.gold)) diffs.push(`gold expected [${expect.gold}] got [${result.gold}]`);
  if (expect.stock && !same(expect.stock, result.stock)) {
    const fmt = (v: readonly number[]) => CONTINENTS.map((c, i) => `${c} ${v[i]}`).join(', ');
    diffs.push(`stock expected {${fmt(expect.stock)}} got {${fmt(result.stock)}}`);
  }
  if (expect.winner) {
    const a = [...expect.winner].sort();
    const b = [...result.winner].sort();
    if (!same(a, b)) diffs.push(`winner expected [${a}] got [${b}]`);
  }
  return diffs;
}

/** Goldrausch's fixtures as `GameDefinition.fixtures` (core/definition.ts `FixtureHooks`). */
export const goldrauschFixtures: FixtureHooks<RoundFixture> = {
  parse: parseFixture,
  name: (fixture) => fixture.name,
  check: (fixture) => compareFixture(fixture, playFixture(fixture)),
};
