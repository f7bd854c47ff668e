/**
 * GOLD's rules-conformance fixtures (`goldpit verify`): a hand-made layout, a start player and the
 * positions turned, played by the real engine; the state after the listed turns is compared with
 * the hand-computed `expect`. Format: docs/games/gold-knizia.md "Fixtures".
 */
import type { FixtureHooks } from '../../core/definition.js';
import { InputError } from '../../core/errors.js';
import { RandomSource } from '../../core/random.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, show } from '../../core/validate.js';
import { CARD_TYPES, COMPOSITION, POSITIONS, cardName, parseCardName } from './cards.js';
import { parseGoldConfig } from './config.js';
import { rushTurnNow, setupWithLayout, turnCard } from './engine.js';
import { ENDINGS } from './metrics.js';
import type { GoldConfig } from './params.js';
import { Stage, type GoldState } from './state.js';

export interface GoldFixture {
  readonly file: string;
  readonly name: string;
  readonly players: number;
  readonly config: GoldConfig;
  readonly layout: readonly number[];
  readonly startPlayer: number;
  readonly turns: readonly (readonly number[])[];
  readonly expect: {
    readonly gold?: readonly number[];
    readonly goldCards?: readonly number[];
    readonly table?: number;
    readonly rush?: boolean;
    readonly over?: boolean;
    readonly winners?: readonly number[];
  };
}

const KEYS = ['game', 'name', 'players', 'rules', 'params', 'layout', 'startPlayer', 'turns', 'expect', 'note'];
const EXPECT_KEYS = ['gold', 'goldCards', 'table', 'rush', 'over', 'winners'];

function seatList(file: string, field: string, raw: unknown, players: number): number[] {
  if (!Array.isArray(raw) || raw.length !== players) {
    throw new InputError(file, field, `expected a list of ${players} integers (one per seat), got ${show(raw)}`);
  }
  return raw.map((v, i) => expectInt({ file }, `${field}[${i}]`, v, 0));
}

function parseLayout(file: string, raw: unknown): number[] {
  if (!Array.isArray(raw) || raw.length !== POSITIONS) {
    throw new InputError(
      file,
      'layout',
      `expected a list of ${POSITIONS} card codes (G1…G4, D<colour>-<value>, X), got ${Array.isArray(raw) ? `${raw.length} entries` : show(raw)}`,
    );
  }
  const counts = new Array<number>(CARD_TYPES).fill(0);
  const layout = raw.map((v, i) => {
    const code = typeof v === 'string' ? parseCardName(v) : -1;
    if (code < 0) throw new InputError(file, `layout[${i}]`, `expected a card code G1…G4, D<colour 0–4>-<value 2–5> or X, got ${show(v)}`);
    counts[code]++;
    return code;
  });
  const wrong: string[] = [];
  for (let c = 0; c < CARD_TYPES; c++) if (counts[c] !== COMPOSITION[c]) wrong.push(`${cardName(c)} ${counts[c]} (expected ${COMPOSITION[c]})`);
  if (wrong.length) throw new InputError(file, 'layout', `not the rules' 64 cards (§1): ${wrong.join(', ')}`);
  return layout;
}

/** Reads and checks a fixture (plays its turns to check them); every problem names the file and the field. */
export function parseGoldFixture(file: string, data: unknown): GoldFixture {
  const at = { file };
  const obj = expectObject(at, '', data);
  expectKnownKeys(at, '', obj, KEYS);
  if (obj.game !== 'gold-knizia') throw new InputError(file, 'game', `expected "gold-knizia", got ${show(obj.game)}`);
  const name = typeof obj.name === 'string' && obj.name ? obj.name : file;
  const players = expectInt(at, 'players', obj.players, 2, 5);
  const config = parseGoldConfig({ rules: obj.rules, params: obj.params, players }, at);
  if (config.rules.series) throw new InputError(file, 'rules.series', 'a fixture plays one game, not a series: remove rules.series');
  const layout = parseLayout(file, obj.layout);
  const startPlayer = expectInt(at, 'startPlayer', obj.startPlayer, 0, players - 1);
  if (!Array.isArray(obj.turns)) throw new InputError(file, 'turns', `expected a list of turns (each a list of 1 or 2 positions), got ${show(obj.turns)}`);
  const turns = obj.turns.map((turn, t) => {
    if (!Array.isArray(turn)) throw new InputError(file, `turns[${t}]`, `expected a list of 1 or 2 positions, got ${show(turn)}`);
    return turn.map((p, i) => expectInt(at, `turns[${t}][${i}]`, p, 0, POSITIONS - 1));
  });
  const ex = expectObject(at, 'expect', obj.expect);
  expectKnownKeys(at, 'expect', ex, EXPECT_KEYS);
  if (!EXPECT_KEYS.some((k) => ex[k] !== undefined)) throw new InputError(file, 'expect', `checks nothing: give at least one of ${EXPECT_KEYS.join(', ')}`);
  const expect: { -readonly [K in keyof GoldFixture['expect']]: GoldFixture['expect'][K] } = {};
  if (ex.gold !== undefined) expect.gold = seatList(file, 'expect.gold', ex.gold, players);
  if (ex.goldCards !== undefined) expect.goldCards = seatList(file, 'expect.goldCards', ex.goldCards, players);
  if (ex.table !== undefined) expect.table = expectInt(at, 'expect.table', ex.table, 0, POSITIONS);
  if (ex.rush !== undefined) expect.rush = expectOneOf(at, 'expect.rush', ex.rush, [true, false]);
  if (ex.over !== undefined) expect.over = expectOneOf(at, 'expect.over', ex.over, [true, false]);
  if (ex.winners !== undefined) {
    if (!Array.isArray(ex.winners))
      throw new InputError(file, 'expect.winners', `expected a list of seats ([] when the game is not over), got ${show(ex.winners)}`);
    expect.winners = ex.winners.map((v, i) => expectInt(at, `expect.winners[${i}]`, v, 0, players - 1));
  }
  const fixture: GoldFixture = { file, name, players, config, layout, startPlayer, turns, expect };
  playGoldFixture(fixture); // malformed turns throw here, before anything runs
  return fixture;
}

/** Plays the fixture's turns on the engine; a turn the rules do not allow throws an InputError naming it. */
export function playGoldFixture(fixture: GoldFixture): GoldState {
  const { file, turns } = fixture;
  const s = setupWithLayout(fixture.config, fixture.players, fixture.layout, fixture.startPlayer, fixtureRandom);
  const leftIn = new Array<number>(POSITIONS).fill(-1);
  for (let t = 0; t < turns.length; t++) {
    const turn = turns[t];
    if (s.stage === Stage.over) {
      throw new InputError(file, `turns[${t}]`, `the game is over after turn ${t} (${ENDINGS[s.ending]}); remove the turns from here on`);
    }
    const rush = rushTurnNow(s);
    const arity = rush ? 1 : 2;
    if (turn.length !== arity) {
      const why = rush
        ? `a gold-rush turn (${s.liveCount} cards on the table${s.rush ? ', the rush in force' : ''})`
        : `a normal turn (${s.liveCount} cards on the table)`;
      throw new InputError(file, `turns[${t}]`, `expected ${arity} position${arity > 1 ? 's' : ''} for ${why}, got ${turn.length}`);
    }
    for (let i = 0; i < arity; i++) {
      const p = turn[i];
      if (s.card[p] < 0) throw new InputError(file, `turns[${t}][${i}]`, `position ${p} is not on the table (it left in turn ${leftIn[p] + 1})`);
      if (i === 1 && p === turn[0]) throw new InputError(file, `turns[${t}][1]`, `position ${p} is the turn's first card; a turn turns two different cards`);
    }
    for (let i = 0; i < arity; i++) turnCard(s, turn[i], fixtureRandom);
    for (const p of turn) if (s.card[p] < 0 && leftIn[p] < 0) leftIn[p] = t;
  }
  return s;
}
/** Lossy memory's draws in fixtures (they never change an outcome, only what seats remember). */
const fixtureRandom = new RandomSource('fixture', 0);

/** The differences between the fixture's expectations and the state after its turns (empty = pass). */
export function compareGoldFixture(fixture: GoldFixture, s: GoldState): string[] {
  const diffs: string[] = [];
  const { expect } = fixture;
  const over = s.stage === Stage.over;
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  if (expect.gold && !same(expect.gold, s.gold)) diffs.push(`gold expected [${expect.gold}] got [${s.gold}]`);
  if (expect.goldCards && !same(expect.goldCards, s.goldCards)) diffs.push(`goldCards expected [${expect.goldCards}] got [${s.goldCards}]`);
  if (expect.table !== undefined && expect.table !== s.liveCount) diffs.push(`table expected ${expect.table} got ${s.liveCount}`);
  if (expect.rush !== undefined && expect.rush !== s.rush) diffs.push(`rush expected ${expect.rush} got ${s.rush}`);
  if (expect.over !== undefined && expect.over !== over) diffs.push(`over expected ${expect.over} got ${over}${over ? ` (${ENDINGS[s.ending]})` : ''}`);
  if (expect.winners) {
    const got = over ? s.winners.slice(0, s.winnerCount) : [];
    const want = [...expect.winners].sort((a, b) => a - b);
    if (!same(want, got)) diffs.push(`winners expected [${want}] got [${got}]`);
  }
  return diffs;
}

export const goldFixtures: FixtureHooks<GoldFixture> = {
  parse: parseGoldFixture,
  name: (fixture) => fixture.name,
  check: (fixture) => compareGoldFixture(fixture, playGoldFixture(fixture)),
};
