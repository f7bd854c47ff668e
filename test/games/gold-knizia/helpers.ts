/** Shared helpers of the GOLD tests: canonical layouts, configs, a scripted bot and view snapshots. */
import { RandomSource } from '../../../src/core/random.js';
import type { GoldBot } from '../../../src/games/gold-knizia/bot.js';
import { CANONICAL_DECK, CARD_TYPES, POSITIONS } from '../../../src/games/gold-knizia/cards.js';
import { parseGoldConfig } from '../../../src/games/gold-knizia/config.js';
import { setupWithLayout, turnCard } from '../../../src/games/gold-knizia/engine.js';
import type { GoldConfig } from '../../../src/games/gold-knizia/params.js';
import type { GoldState } from '../../../src/games/gold-knizia/state.js';
import type { GoldView } from '../../../src/games/gold-knizia/view.js';

/**
 * The canonical layout (scripts/gold-layout.mjs --legend): G1 0–4, G2 5–11, G3 12–18, G4 19–23;
 * colour c: v2 at 24+7c and 25+7c, v3 26+7c/27+7c, v4 28+7c/29+7c, v5 30+7c; X 59–63.
 */
export const CANON: readonly number[] = CANONICAL_DECK;

export function config(rules: Record<string, unknown> = {}, params?: Record<string, unknown>, players?: number): GoldConfig {
  return parseGoldConfig({ rules, params, players }, { file: 'test.json' });
}

export const TEST_RANDOM = new RandomSource('gold-test', 0);

/** A state on `layout` after playing `turns` (each a list of positions) through the engine. */
export function played(cfg: GoldConfig, players: number, turns: readonly (readonly number[])[], startPlayer = 0, layout: readonly number[] = CANON): GoldState {
  const s = setupWithLayout(cfg, players, layout, startPlayer, TEST_RANDOM);
  for (const turn of turns) for (const p of turn) turnCard(s, p, TEST_RANDOM);
  return s;
}

/** Everything a view says, as plain data (for comparing two views). */
export function snapshot(view: GoldView): unknown {
  const n = view.players;
  const seats = Array.from({ length: n }, (_, s) => s);
  const positions = Array.from({ length: POSITIONS }, (_, p) => p);
  const codes = Array.from({ length: CARD_TYPES }, (_, c) => c);
  return {
    seat: view.seat,
    turn: view.turn,
    active: view.activeSeat,
    start: view.startPlayer,
    rush: view.rush,
    decision: view.decision,
    first: [view.firstPosition, view.firstCard],
    table: Array.from({ length: view.tableCount }, (_, i) => view.tablePosition(i)),
    onTable: positions.map((p) => view.onTable(p)),
    cardAt: positions.map((p) => view.cardAt(p)),
    known: Array.from({ length: view.knownCount }, (_, i) => view.knownPosition(i)),
    unknown: Array.from({ length: view.unknownCount }, (_, i) => view.unknownPosition(i)),
    left: codes.map((c) => [
      view.left(c),
      view.knownLeft(c),
      view.unknownLeft(c),
      Array.from({ length: view.knownLeft(c) }, (_, i) => view.knownPositionOf(c, i)),
    ]),
    masks: [view.knownCodes, view.unknownCodes, view.leftCodes],
    owners: [0, 1, 2, 3, 4].map((c) => view.owner(c)),
    gold: seats.map((s) => [view.gold(s), view.goldCards(s), view.goldCardsKnown(s)]),
    series: [view.seriesGame, view.seriesGames, seats.map((s) => view.seriesScore(s))],
  };
}

/** A bot that answers from a script (positions in order), for driving the generic player. */
export function scriptedBot(positions: number[]): GoldBot {
  const next = () => {
    const p = positions.shift();
    if (p === undefined) throw new Error('script exhausted');
    return p;
  };
  return { name: 'scripted', firstCard: next, secondCard: next, rushCard: next };
}

/**
 * 22 captures on the canonical layout (digger position, gold position), each by a digger strong
 * enough for its gold: 44 cards leave the table, and the G1s at 3 and 4 stay (GK rush tests).
 */
export const CAPTURES_22: readonly (readonly [number, number])[] = [
  [19, 28],
  [20, 35],
  [21, 42],
  [22, 49],
  [23, 56],
  [12, 26],
  [13, 33],
  [14, 40],
  [15, 47],
  [16, 54],
  [17, 29],
  [18, 36],
  [5, 24],
  [6, 31],
  [7, 38],
  [8, 45],
  [9, 52],
  [10, 25],
  [11, 32],
  [0, 39],
  [1, 46],
  [2, 53],
];
