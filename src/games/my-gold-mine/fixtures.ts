/**
 * Round fixtures for My Gold Mine (`goldpit verify`): one round played by the real engine from given
 * deck orders (top first, the exit deck's reshuffles included) and given choices each turn, compared
 * with hand-computed expectations. The format is documented in docs/games/my-gold-mine.md.
 */
import { dirname } from 'node:path';
import type { FixtureHooks } from '../../core/definition.js';
import { InputError } from '../../core/errors.js';
import { RandomSource } from '../../core/random.js';
import { expectInt, expectKnownKeys, expectObject, expectOneOf, expectString, show } from '../../core/validate.js';
import { parseMyGoldMineConfig } from './config.js';
import { EXIT_ACTIONS, type ExitAction } from './decks.js';
import { apply, pending, setupScripted } from './engine.js';
import { trace } from './log.js';
import { ENDINGS } from './metrics.js';
import type { MyGoldMineConfig } from './params.js';
import { ELIMINATED, EXIT_ACTION, EXITED, OVER, ScriptError, SWAP_TARGET, type MyGoldMineState } from './state.js';

type Place = number | 'exit' | 'eliminated';

export interface FixtureTurn {
  readonly dwarf: number;
  readonly choice: 'dig' | 'exit';
  readonly action?: ExitAction;
  readonly target?: number;
}

export interface MgmFixture {
  readonly file: string;
  readonly name: string;
  readonly config: MyGoldMineConfig;
  readonly players: number;
  readonly round: number;
  readonly startPlayer: number;
  readonly nuggets: readonly number[];
  readonly dig: readonly number[];
  readonly exit: readonly number[];
  readonly reshuffles: readonly (readonly number[])[];
  readonly turns: readonly FixtureTurn[];
  readonly expect: {
    readonly positions?: readonly Place[];
    readonly drago?: number;
    readonly ladder?: readonly number[];
    readonly eliminated?: readonly number[];
    readonly gold?: readonly number[];
    readonly nuggets?: readonly number[];
    readonly roundWinner?: number | null;
    readonly endedBy?: string;
    readonly dragonSteps?: number;
    readonly scores?: readonly number[];
    readonly winners?: readonly number[];
  };
}

const TOP_KEYS = [
  'game',
  'name',
  'note',
  'players',
  'rules',
  'params',
  'round',
  'startPlayer',
  'nuggets',
  'digDeck',
  'exitDeck',
  'exitReshuffles',
  'turns',
  'expect',
];
const EXPECT_KEYS = ['positions', 'drago', 'ladder', 'eliminated', 'gold', 'nuggets', 'roundWinner', 'endedBy', 'dragonSteps', 'scores', 'winners'];

function intList(file: string, field: string, raw: unknown, length: number | null, min: number, max: number): number[] {
  if (!Array.isArray(raw) || (length !== null && raw.length !== length)) {
    throw new InputError(file, field, `expected a list of ${length ?? 'any number of'} integers, got ${show(raw)}`);
  }
  return raw.map((v, i) => expectInt({ file }, `${field}[${i}]`, v, min, max));
}

/** Card ids → type indices, checked against the deck's counts (a fixture cannot hold cards the deck lacks). */
function cardList(file: string, field: string, raw: unknown, ids: readonly string[], counts: readonly number[]): number[] {
  if (!Array.isArray(raw)) throw new InputError(file, field, `expected a list of card ids (top first) from ${ids.join(', ')}, got ${show(raw)}`);
  const used = new Array<number>(ids.length).fill(0);
  return raw.map((v, i) => {
    const type = ids.indexOf(expectOneOf({ file }, `${field}[${i}]`, v, ids));
    if (++used[type] > counts[type]) throw new InputError(file, `${field}[${i}]`, `the deck holds ${counts[type]} card(s) "${ids[type]}", the list has more`);
    return type;
  });
}

export function parseFixture(file: string, data: unknown): MgmFixture {
  const at = { file };
  const obj = expectObject(at, '', data);
  expectKnownKeys(at, '', obj, TOP_KEYS);
  expectOneOf(at, 'game', obj.game, ['my-gold-mine']);
  const name = expectString(at, 'name', obj.name);
  expectString(at, 'note', obj.note); // the hand computation: required
  const players = expectInt(at, 'players', obj.players, 2, 6);
  const config = parseMyGoldMineConfig({ rules: obj.rules, params: obj.params }, { file, dir: dirname(file) });
  const dwarves = players === 2 ? 4 : players;
  const round = obj.round === undefined ? 1 : expectInt(at, 'round', obj.round, 1, config.params.rounds);
  const startPlayer = expectInt(at, 'startPlayer', obj.startPlayer, 0, players - 1);
  const nuggets = obj.nuggets === undefined ? new Array<number>(players).fill(0) : intList(file, 'nuggets', obj.nuggets, players, 0, 1000);
  const digIds = config.params.digDeck.types.map((t) => t.id);
  const dig = cardList(
    file,
    'digDeck',
    obj.digDeck,
    digIds,
    config.params.digDeck.types.map((t) => t.count),
  );
  if (dig.length === 0) throw new InputError(file, 'digDeck', 'expected at least the top card');
  if (config.params.digDeck.types[dig[0]].kind === 'dragon')
    throw new InputError(file, 'digDeck[0]', 'the top card at the start of a round is never a dragon (§2.3: reshuffled until a gold card is on top)');
  const exitIds = config.params.exitDeck.types.map((t) => t.id);
  const exitCounts = config.params.exitDeck.types.map((t) => t.count);
  const exit = obj.exitDeck === undefined ? [] : cardList(file, 'exitDeck', obj.exitDeck, exitIds, exitCounts);
  let reshuffles: number[][] = [];
  if (obj.exitReshuffles !== undefined) {
    if (!Array.isArray(obj.exitReshuffles))
      throw new InputError(file, 'exitReshuffles', `expected a list of exit deck orders (top first), got ${show(obj.exitReshuffles)}`);
    reshuffles = obj.exitReshuffles.map((r, i) => cardList(file, `exitReshuffles[${i}]`, r, exitIds, exitCounts));
  }
  if (!Array.isArray(obj.turns) || obj.turns.length === 0) throw new InputError(file, 'turns', `expected a non-empty list of turns, got ${show(obj.turns)}`);
  const turns = obj.turns.map((t, i): FixtureTurn => {
    const f = `turns[${i}]`;
    const turn = expectObject(at, f, t);
    expectKnownKeys(at, f, turn, ['dwarf', 'choice', 'action', 'target', 'note']);
    const out: { -readonly [K in keyof FixtureTurn]: FixtureTurn[K] } = {
      dwarf: expectInt(at, `${f}.dwarf`, turn.dwarf, 0, dwarves - 1),
      choice: expectOneOf(at, `${f}.choice`, turn.choice, ['dig', 'exit'] as const),
    };
    if (turn.action !== undefined) out.action = expectOneOf(at, `${f}.action`, turn.action, EXIT_ACTIONS);
    if (turn.target !== undefined) out.target = expectInt(at, `${f}.target`, turn.target, 0, dwarves - 1);
    if (out.choice === 'dig' && (out.action !== undefined || out.target !== undefined)) {
      throw new InputError(file, `${f}.action`, 'a "dig" turn takes no action or target (those belong to "exit" turns)');
    }
    return out;
  });
  const e = expectObject(at, 'expect', obj.expect);
  expectKnownKeys(at, 'expect', e, EXPECT_KEYS);
  if (Object.keys(e).length === 0) throw new InputError(file, 'expect', `expected at least one of ${EXPECT_KEYS.join(', ')}`);
  const expect: { -readonly [K in keyof MgmFixture['expect']]: MgmFixture['expect'][K] } = {};
  if (e.positions !== undefined) {
    if (!Array.isArray(e.positions) || e.positions.length !== dwarves) {
      throw new InputError(
        file,
        'expect.positions',
        `expected ${dwarves} entries (one per dwarf): a card 1–8, "exit" or "eliminated", got ${show(e.positions)}`,
      );
    }
    expect.positions = e.positions.map((v, i) =>
      typeof v === 'string' ? expectOneOf(at, `expect.positions[${i}]`, v, ['exit', 'eliminated'] as const) : expectInt(at, `expect.positions[${i}]`, v, 1, 8),
    );
  }
  if (e.drago !== undefined) expect.drago = expectInt(at, 'expect.drago', e.drago, 1, 8);
  if (e.ladder !== undefined) expect.ladder = intList(file, 'expect.ladder', e.ladder, null, 0, dwarves - 1);
  if (e.eliminated !== undefined) expect.eliminated = intList(file, 'expect.eliminated', e.eliminated, null, 0, dwarves - 1);
  if (e.gold !== undefined) expect.gold = intList(file, 'expect.gold', e.gold, dwarves, 0, 100000);
  if (e.nuggets !== undefined) expect.nuggets = intList(file, 'expect.nuggets', e.nuggets, players, 0, 100000);
  if (e.roundWinner !== undefined) expect.roundWinner = e.roundWinner === null ? null : expectInt(at, 'expect.roundWinner', e.roundWinner, 0, players - 1);
  if (e.endedBy !== undefined) expect.endedBy = expectOneOf(at, 'expect.endedBy', e.endedBy, ENDINGS);
  if (e.dragonSteps !== undefined) expect.dragonSteps = expectInt(at, 'expect.dragonSteps', e.dragonSteps, 0, 7);
  const last = round === config.params.rounds;
  if (!last && (e.scores !== undefined || e.winners !== undefined)) {
    throw new InputError(
      file,
      e.scores !== undefined ? 'expect.scores' : 'expect.winners',
      `final scores exist only in the last round (round ${config.params.rounds}); this fixture plays round ${round}`,
    );
  }
  if (e.scores !== undefined) expect.scores = intList(file, 'expect.scores', e.scores, players, 0, 100000);
  if (e.winners !== undefined) expect.winners = intList(file, 'expect.winners', e.winners, null, 0, players - 1);
  return { file, name, config, players, round, startPlayer, nuggets, dig, exit, reshuffles, turns, expect };
}

export interface FixtureResult {
  readonly state: MyGoldMineState;
  /** Problems with the script itself (a turn by the wrong dwarf, a card past the listed ones). */
  readonly problems: string[];
}

/**
 * Plays the fixture's round with its choices; the state after the round and any script problems.
 * `traced`: with the move log on (log.ts), for the story.
 */
export function playFixture(fixture: MgmFixture, traced = false): FixtureResult {
  const state = setupScripted(fixture.config, fixture.players, fixture.round, fixture.startPlayer, fixture.nuggets, {
    dig: fixture.dig,
    exit: fixture.exit,
    reshuffles: fixture.reshuffles,
  });
  if (traced) trace(state);
  const random = new RandomSource('fixture', 0); // never drawn from: every deck order is given
  const problems: string[] = [];
  const answers = [0];
  let t = -1;
  try {
    while (state.stage !== OVER) {
      const p = pending(state);
      if (p.kind === 'terminal') break;
      if (state.stage === EXIT_ACTION || state.stage === SWAP_TARGET) {
        const turn = fixture.turns[t];
        if (state.stage === EXIT_ACTION) {
          const card = state.drawn;
          const names = [state.tables.exitA[card], state.tables.exitB[card]].map((a) => EXIT_ACTIONS[a]);
          const i = turn.action === undefined ? -1 : names.indexOf(turn.action);
          if (i < 0) {
            problems.push(
              `turns[${t}].action: the drawn card "${fixture.config.params.exitDeck.types[card].id}" offers ${names.join(' or ')}, the fixture chooses ${show(turn.action)}`,
            );
            break;
          }
          answers[0] = i;
        } else {
          if (turn.target === undefined) {
            problems.push(`turns[${t}].target: the swap has several targets, the fixture names none`);
            break;
          }
          answers[0] = turn.target;
        }
      } else {
        t++;
        if (t >= fixture.turns.length) {
          problems.push(`turns: the round is not over after the ${fixture.turns.length} listed turns (dwarf ${state.actor} is to play)`);
          break;
        }
        const turn = fixture.turns[t];
        if (turn.dwarf !== state.actor) {
          problems.push(`turns[${t}].dwarf: expected ${turn.dwarf} got ${state.actor} (the dwarf whose turn it is)`);
          break;
        }
        answers[0] = turn.choice === 'dig' ? 0 : 1;
      }
      apply(state, answers, random);
    }
  } catch (e) {
    if (!(e instanceof ScriptError)) throw e;
    problems.push(e.message);
  }
  if (state.stage === OVER && t < fixture.turns.length - 1) problems.push(`turns: the round ended after ${t + 1} of the ${fixture.turns.length} listed turns`);
  return { state, problems };
}

const list = (v: readonly unknown[]) => `[${v.join(', ')}]`;
const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Differences between the fixture's expectations and the played round (empty = pass). */
export function compareFixture(fixture: MgmFixture, result: FixtureResult): string[] {
  const diffs = [...result.problems];
  const s = result.state;
  const e = fixture.expect;
  const dwarves = s.dwarves;
  const places: Place[] = [];
  for (let d = 0; d < dwarves; d++) places.push(s.status[d] === EXITED ? 'exit' : s.status[d] === ELIMINATED ? 'eliminated' : s.pos[d]);
  if (e.positions && !same(e.positions, places)) diffs.push(`positions expected ${list(e.positions)} got ${list(places)}`);
  if (e.drago !== undefined && e.drago !== s.drago) diffs.push(`drago expected ${e.drago} got ${s.drago}`);
  const ladder = Array.from(s.ladder.subarray(0, s.ladderCount));
  if (e.ladder && !same(e.ladder, ladder)) diffs.push(`ladder expected ${list(e.ladder)} got ${list(ladder)}`);
  const out = Array.from(s.eliminated.subarray(0, s.eliminatedCount));
  if (e.eliminated && !same(e.eliminated, out)) diffs.push(`eliminated expected ${list(e.eliminated)} got ${list(out)}`);
  const over = s.stage === OVER;
  const gold = Array.from(s.roundGold);
  const nuggets = Array.from(s.nuggets);
  if (e.gold && !same(e.gold, gold)) diffs.push(`gold expected ${list(e.gold)} got ${over ? list(gold) : '(round not scored)'}`);
  if (e.nuggets && !same(e.nuggets, nuggets)) diffs.push(`nuggets expected ${list(e.nuggets)} got ${list(nuggets)}`);
  if (e.roundWinner !== undefined) {
    const got = over ? (s.roundWinner < 0 ? null : s.roundWinner) : '(round not scored)';
    if (got !== e.roundWinner) diffs.push(`roundWinner expected ${e.roundWinner} got ${got}`);
  }
  if (e.endedBy !== undefined) {
    const got = over ? ENDINGS[s.ending] : '(round not over)';
    if (got !== e.endedBy) diffs.push(`endedBy expected ${e.endedBy} got ${got}`);
  }
  if (e.dragonSteps !== undefined && e.dragonSteps !== 8 - s.drago) diffs.push(`dragonSteps expected ${e.dragonSteps} got ${8 - s.drago}`);
  if (e.scores && !same(e.scores, s.scores)) diffs.push(`scores expected ${list(e.scores)} got ${list(s.scores)}`);
  if (e.winners) {
    const got = s.winners.slice(0, s.winnerCount).sort();
    const want = [...e.winners].sort();
    if (!same(want, got)) diffs.push(`winners expected ${list(want)} got ${list(got)}`);
  }
  return diffs;
}

/** My Gold Mine's fixtures as `GameDefinition.fixtures`. */
export const myGoldMineFixtures: FixtureHooks<MgmFixture> = {
  parse: parseFixture,
  name: (fixture) => fixture.name,
  check: (fixture) => compareFixture(fixture, playFixture(fixture)),
};
