/**
 * GOLD's registration (GameDefinition): scenario config, compact game records, run facts, the fast
 * player, the replay story and the fixtures.
 */
import type { ConfigFacts, GameDefinition } from '../../core/definition.js';
import type { GoldBot } from './bot.js';
import { CARD_TYPES, COMPOSITION, DYNAMITE, PairOutcome, cardName, cardValue, diggerColour, goldTotal, pairOutcome } from './cards.js';
import { SCENARIO_SECTIONS, parseGoldConfig } from './config.js';
import { goldKnizia, type GoldAnswer, type GoldRequest } from './engine.js';
import { goldFixtures } from './fixtures.js';
import { COUNTERS, ENDINGS, ROUND_COUNTERS } from './metrics.js';
import { changedRules, type GoldConfig } from './params.js';
import { fastPlayer } from './player.js';
import { record } from './record.js';
import { searchHints } from './search-hints.js';
import { Stage, type GoldState } from './state.js';
import type { GoldView } from './view.js';
import { check, comebackCheckpoints, presentation, tournament } from './presentation.js';
import { replay } from './replay.js';
import { goldTunables } from './tunables.js';

/** Games a "game" holds: the series plays one per player (§3.4). */
function gamesPerRecord(config: GoldConfig): number {
  return config.rules.series ? (config.players ?? 5) : 1;
}

export function facts(config: GoldConfig): ConfigFacts {
  return {
    dataIds: {},
    changedRules: changedRules(config.rules) as Record<string, unknown>,
    resolved: { rules: config.rules, params: config.params, ...(config.composition ? { composition: config.composition } : {}) },
    changedCards: changedCards(config),
  };
}

/** The layout's counts that differ from the printed ones (§1), one line per card ("dynamite: 5 → 6"). */
export function changedCards(config: GoldConfig): readonly string[] {
  const counts = config.composition;
  if (counts === undefined) return [];
  const out: string[] = [];
  // Diggers count per colour (the section sets all five alike): one line per value.
  for (let code = 0; code < CARD_TYPES; code++) {
    if (counts[code] === COMPOSITION[code] || diggerColour(code) > 0) continue;
    const name = code === DYNAMITE ? 'dynamite' : diggerColour(code) === 0 ? `digger ${cardValue(code)} (each colour)` : `gold ${cardValue(code)}`;
    out.push(`${name}: ${COMPOSITION[code]} → ${counts[code]}`);
  }
  return out;
}

const seatName = (names: readonly string[], s: number) => `seat ${s} (${names[s]})`;

/** `goldpit replay`: the whole game, turn by turn, re-read from the layouts and the turn log. */
export function story(final: GoldState, names: readonly string[]): string {
  const n = final.players;
  const lines: string[] = [];
  lines.push(`GOLD (Knizia), ${n} players: ${names.map((b, s) => `seat ${s} ${b}`).join(', ')}`);
  lines.push(`Rules changed from defaults: ${JSON.stringify(changedRules(final.config.rules))}; turn cap ${final.maxTurns} per game`);
  lines.push(`Colours: ${[0, 1, 2, 3, 4].map((c) => `colour ${c} → ${final.owner[c] >= 0 ? `seat ${final.owner[c]}` : 'unowned'}`).join(', ')}`);
  const games = final.seriesGame + 1;
  const totals = new Array<number>(n).fill(0);
  for (let k = 0; k < games; k++) {
    const base = k * 64;
    const from = final.gameStartTurn[k];
    const to = k + 1 < games ? final.gameStartTurn[k + 1] : final.turn;
    const onTable = new Uint8Array(64).fill(1);
    let left = 64;
    const gold = new Array<number>(n).fill(0);
    const cards = (p: number) => `${p} ${cardName(final.layouts[base + p])}`;
    if (final.seriesGames > 1) lines.push(`Game ${k + 1} of ${final.seriesGames} (series), start player seat ${final.gameStartPlayer[k]}`);
    else lines.push(`Start player: seat ${final.gameStartPlayer[k]}`);
    lines.push(`  layout: ${Array.from({ length: 64 }, (_, p) => cardName(final.layouts[base + p])).join(' ')}`);
    let rushSeen = false;
    for (let t = from; t < to; t++) {
      const seat = final.turnSeat[t];
      const a = final.turnFirst[t];
      const b = final.turnSecond[t];
      const head = `  Turn ${t - from + 1} — ${seatName(names, seat)}`;
      if (b < 0) {
        if (!rushSeen) lines.push(`  Gold rush from here on (${left} cards on the table${left > 10 ? ': the stalemate rule' : ''})`);
        rushSeen = true;
        const code = final.layouts[base + a];
        onTable[a] = 0;
        left--;
        if (code < 4) gold[seat] += cardValue(code);
        lines.push(`${head}: turns ${cards(a)} → ${code < 4 ? `takes ${cardName(code)}` : 'leaves the game'}`);
        continue;
      }
      const ca = final.layouts[base + a];
      const cb = final.layouts[base + b];
      let what: string;
      switch (pairOutcome(ca, cb)) {
        case PairOutcome.capture: {
          const goldAt = ca < 4 ? a : b;
          const diggerAt = ca < 4 ? b : a;
          const owner = final.owner[diggerColour(final.layouts[base + diggerAt])];
          const receiver = owner >= 0 ? owner : seat;
          gold[receiver] += cardValue(final.layouts[base + goldAt]);
          onTable[goldAt] = onTable[diggerAt] = 0;
          left -= 2;
          what = `digger finds gold: ${cardName(final.layouts[base + goldAt])} to seat ${receiver}${owner < 0 ? ' (unowned colour: the active player)' : owner === seat ? '' : ' (owner of the digger)'}`;
          break;
        }
        case PairOutcome.driveOff: {
          const lower = cardValue(ca) < cardValue(cb) ? a : b;
          onTable[lower] = 0;
          left--;
          what = `the stronger digger drives off ${cards(lower)}`;
          break;
        }
        case PairOutcome.blast:
          onTable[a] = onTable[b] = 0;
          left -= 2;
          what = 'dynamite: both leave the game';
          break;
        default:
          what = 'nothing, both turned face down again';
      }
      lines.push(`${head}: ${cards(a)} + ${cards(b)} → ${what}`);
    }
    const ending = ENDINGS[final.gameEnding[k]];
    const unscored = Array.from({ length: 64 }, (_, p) => (onTable[p] && final.layouts[base + p] < 4 ? cardValue(final.layouts[base + p]) : 0)).reduce(
      (x, y) => x + y,
      0,
    );
    for (let s = 0; s < n; s++) totals[s] += gold[s];
    lines.push(
      `  Game over (${ending}${unscored > 0 ? `, ${unscored} gold unscored` : ''}): gold ${gold.join('/')}${final.seriesGames > 1 ? `; series totals ${totals.join('/')}` : ''}`,
    );
  }
  if (final.stage === Stage.over) {
    const winners = final.winners.slice(0, final.winnerCount);
    lines.push(
      `Result: ${winners.map((s) => seatName(names, s)).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'}; scores ${final.seriesScore.join('/')}, gold cards ${final.counters[1].join('/')}.`,
    );
  }
  return lines.join('\n');
}

/** "game 1, turn 12, second-card": where a FAULT line's decision was asked. */
export function decisionPlace(state: GoldState): string {
  const decision = state.stage === Stage.over ? 'over' : state.views[state.active].decision;
  return `${state.seriesGames > 1 ? `game ${state.seriesGame + 1}, ` : ''}turn ${state.turnInGame + 1}, ${decision}`;
}

export const goldKniziaDefinition = {
  module: goldKnizia,
  parseConfig: parseGoldConfig,
  scenarioSections: SCENARIO_SECTIONS,
  tunables: goldTunables,
  botMethods: ['firstCard', 'secondCard', 'rushCard'],
  search: searchHints,
  // No file references in GOLD's params: they are portable as they are.
  portableParams: (params: unknown) => params,
  fileParams: [] as readonly string[],
  // The step of GOLD is a turn; a series' curve runs over the turns of all its games.
  maxRounds: (config: GoldConfig) => config.params.maxTurns * gamesPerRecord(config),
  maxScore: (config: GoldConfig) => goldTotal(config.composition ?? COMPOSITION) * gamesPerRecord(config),
  endings: ENDINGS,
  chanceCards: [] as readonly string[],
  counters: COUNTERS,
  roundCounters: ROUND_COUNTERS,
  record,
  facts,
  // GOLD has no chance cards: nothing to blank.
  withBlankedCard: (config: GoldConfig) => config,
  fastPlayer,
  story,
  decisionPlace,
  fixtures: goldFixtures,
  presentation,
  replay,
  comebackCheckpoints,
  // No ending of GOLD is a balance signal of its own: every well-played game empties the table.
  keyEnding: null,
  check,
  tournament,
} satisfies Omit<GameDefinition<GoldConfig, GoldState, GoldView, GoldRequest, GoldAnswer, GoldBot>, 'builtinBots'>;
