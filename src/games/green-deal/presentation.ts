/**
 * How Green Deal is named and shown (GameDefinition.presentation), what `check` and tournaments use
 * for it, and its comeback checkpoints — built from the metric labels in metrics.ts.
 */
import type { CheckHooks, GamePresentation, Label, TournamentHooks } from '../../core/definition.js';
import { COUNTER_INFO, ENDING_INFO, type MetricInfo, ROUND_COUNTER_INFO } from './metrics.js';
import { type GreenDealConfig, PLACEHOLDER_COMPONENTS } from './params.js';
import { starterBot } from './starter-bot.js';

const labels = (infos: readonly MetricInfo[]): Record<string, Label> =>
  Object.fromEntries(infos.map((m) => [m.name, { label: m.label, description: m.description }]));

/** The note the report shows beside a placeholder components id. */
export const PLACEHOLDER_NOTE = 'placeholder components: numbers marked \u201cinvented\u201d are goldpit\u2019s, not the publisher\u2019s';

export const presentation: GamePresentation = {
  title: 'Green Deal',
  step: { one: 'round', many: 'rounds' },
  score: 'VP',
  endings: labels(ENDING_INFO),
  counters: labels(COUNTER_INFO),
  stepCounters: labels(ROUND_COUNTER_INFO),
  chanceCards: 'action cards',
  faultRule:
    'A faulting seat bids 0, ends its investment (M5 "nothing" if it had made none), places on the first legal cell, cooperates, puts every PR chip on its highest track and repays all it can at the end (goldpit\u2019s fallback; the rules have none).',
  placeholders: { [PLACEHOLDER_COMPONENTS.id]: PLACEHOLDER_NOTE },
  tournamentCounters: ['cooperations', 'competitionsWon'],
  sections: [
    {
      kind: 'step-counters',
      id: 'investments',
      title: 'Auction and investments per round',
      explain:
        'Mean per game, by round, all seats together: cash bid in the auction (every bid is paid), sustainability and action cards bought, Tax Refunds, loans taken and repaid, PR chips bought, dividends paid, hand cards played.',
      counters: ['bids', 'sustainabilityCards', 'actionCards', 'taxRefunds', 'loansTaken', 'loansRepaid', 'prChipsBought', 'dividends', 'handCardsPlayed'],
    },
    {
      kind: 'step-counters',
      id: 'map',
      title: 'The map: tiles, cooperations and competitions per round',
      explain: 'Mean per game, by round: tiles placed, and contacts of same-category tiles resolved as cooperation or competition.',
      counters: ['tiles', 'cooperations', 'competitions'],
    },
    {
      kind: 'step-counters',
      id: 'economy',
      title: 'Income and cash of the table',
      explain: 'Mean per game after each round: the income and the cash of all seats together.',
      counters: ['income', 'cash'],
    },
    {
      kind: 'counter-table',
      id: 'income-by-bot',
      title: 'Income curve by bot',
      explain:
        'Per seat-game: income after a fifth, two fifths, three fifths and four fifths of the rounds (rounds 2, 4, 6, 8 of 10) and at the end, and the cash left at the end.',
      counters: ['income20', 'income40', 'income60', 'income80', 'finalIncome', 'finalCash'],
    },
    {
      kind: 'counter-table',
      id: 'vp-sources',
      title: 'Where the VP come from, and the weakest category',
      explain:
        'Per seat-game: VP from the PR scorings, the sustainability scorings, the valuation, dividends and cards, VP lost to loans, and the stage of the weakest category at the first and the last sustainability scoring.',
      counters: ['prVp', 'sustainabilityVp', 'valuationVp', 'dividendVp', 'cardVp', 'loanPenalty', 'weakestStageFirst', 'weakestStageLast'],
    },
    {
      kind: 'counter-table',
      id: 'investments-by-bot',
      title: 'Investments by bot',
      explain:
        'Per seat-game: cash bid and rounds first in turn order, cards bought, Tax Refunds, loans taken and repaid, PR chips bought and PR places won, dividends, hand cards played.',
      counters: [
        'bidTotal',
        'firstInOrder',
        'sustainabilityCards',
        'actionCards',
        'taxRefunds',
        'loansTaken',
        'loansRepaid',
        'prChipsBought',
        'prPlacesWon',
        'dividends',
        'handCardsPlayed',
      ],
    },
    {
      kind: 'counter-table',
      id: 'contacts',
      title: 'Cooperation and competition',
      explain:
        'Per seat-game: tiles placed, cooperations taken part in, competitions won (chosen) and lost (suffered); the cooperation share is cooperations / (cooperations + competitions won).',
      counters: ['tiles', 'cooperations', 'competitionsWon', 'competitionsLost'],
      share: { label: 'cooperation share', of: 'cooperations', against: 'competitionsWon' },
    },
    { kind: 'chance-cards', id: 'action-cards' },
  ],
};

/** After the first two PR scorings (rounds 4 and 7 of the placeholder set). */
export const comebackCheckpoints = (config: GreenDealConfig): readonly number[] => {
  const c = config.params.components;
  const points = c.prScorings.filter((r) => r < c.rounds).slice(0, 2);
  return points.length > 0 ? points : [Math.max(1, Math.floor(c.rounds / 2))];
};

/**
 * The universal tolerances fit: every game lasts the components' rounds (length never moves), and
 * the final-score tolerance is relative (2% of the baseline's mean VP).
 */
export const check: CheckHooks = { tolerance: {} };

export const tournament: TournamentHooks = {
  // The heuristic field, 4 players as in scenarios/green-deal-4p.json.
  players: 4,
  checkBotOpponents: ['greedy', 'cooperator', 'competitor'],
  heuristics: ['greedy', 'cooperator', 'competitor', 'prudent'],
  starterBot,
};
