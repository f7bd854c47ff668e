/**
 * Writes a run's outputs: summary.json and one CSV per table (csv-stringify), each file written to a
 * temporary name and renamed, so an interrupted write never leaves a half file behind.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { ordinal, renderReport, type RunFacts } from './html.js';
import type { CardImpact, ImpactReport, ReportGame, RunSummary } from './types.js';
import { headlineMetrics, impactMetricWords, leadMetric, metricKeys, type MetricKey } from './impact-words.js';

export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true }); // no stray temporary file when the rename fails (a folder named `path`)
    throw e;
  }
}

const csv = (columns: string[], rows: unknown[][]) => stringify(rows, { header: true, columns });

/**
 * Column and file names are in the game's words (`game`): Goldrausch's curves are per `round` in
 * `gold`, GOLD's per `turn`; the JSON field names are the same for every game (`round` = the step).
 */
/** The run files whose names depend on the game: its score curve, its chance-card table and its per-step table. */
export function gameFileNames(game: ReportGame): string[] {
  return [`${game.score.replace(/\W+/g, '_')}_curve.csv`, `${game.chanceCards.replace(/\W+/g, '_')}.csv`, `per_${game.step.one}.csv`];
}

export function writeRunOutputs(dir: string, summary: RunSummary, game: ReportGame, run: RunFacts | null = null, impact: ImpactReport | null = null): string[] {
  mkdirSync(dir, { recursive: true });
  const shape = summary.gameShape;
  const step = game.step.one;
  const score = game.score.replace(/\W+/g, '_');
  const stepCounters = shape.perRound.length ? Object.keys(shape.perRound[0]).filter((k) => k !== 'round') : [];
  const [curveFile, chanceCardsFile, perStepFile] = gameFileNames(game);
  const files: [string, string][] = [
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    [
      'bots.csv',
      csv(
        ['bot', 'seats', 'games', 'wins', 'win_rate', 'ci95_low', 'ci95_high', `mean_final_${score}`, 'faults'],
        summary.bots.map((b) => [b.bot, b.seats.join(' '), b.games, b.wins, b.winRate, b.ci95[0], b.ci95[1], b.meanFinalGold, b.faults]),
      ),
    ],
    [
      'seats.csv',
      csv(
        ['seat', 'bot', 'games', 'wins', 'win_rate', 'ci95_low', 'ci95_high', 'deviation_from_equal', `mean_final_${score}`],
        summary.seats.map((s, i) => [
          s.seat,
          s.bot,
          s.games,
          s.wins,
          s.winRate,
          s.ci95[0],
          s.ci95[1],
          summary.seatAdvantage.seats[i].deviation,
          s.meanFinalGold,
        ]),
      ),
    ],
    [
      curveFile,
      csv(
        [step, 'bot', `mean_${score}`, 'p10', 'p50', 'p90'],
        summary.goldCurve.map((g) => [g.round, g.bot, g.meanGold, g.p10, g.p50, g.p90]),
      ),
    ],
    [
      'seat_curve.csv',
      csv(
        [step, 'seat', `mean_${score}`, 'p10', 'p50', 'p90'],
        summary.seatCurve.map((g) => [g.round, g.seat, g.meanGold, g.p10, g.p50, g.p90]),
      ),
    ],
    [
      'winner_curve.csv',
      csv(
        [step, `winner_mean_${score}`, `rest_mean_${score}`],
        summary.winnerCurve.map((w) => [w.round, w.winner, w.rest]),
      ),
    ],
    ...((shape.tension
      ? [
          [
            'leader_wins.csv',
            csv(
              [step, 'games', 'leader_win_share', 'ci95_low', 'ci95_high'],
              shape.tension.leaderWins.map((l) => [l.step, l.games, l.share, l.ci95[0], l.ci95[1]]),
            ),
          ],
        ]
      : []) as [string, string][]),
    // A game without chance cards (GOLD) writes no chance-card table.
    ...((summary.chanceCards.length
      ? [
          [
            chanceCardsFile,
            csv(
              [
                'card',
                'draws',
                'draws_per_game',
                'mean_change_leader',
                'mean_change_middle',
                'mean_change_last',
                'leader_win_rate_drawn',
                'leader_win_rate_not_drawn',
                'not_drawn',
              ],
              summary.chanceCards.map((e) => [
                e.card,
                e.draws,
                e.perGame,
                e.meanChange.leader,
                e.meanChange.middle,
                e.meanChange.last,
                e.leaderWinRateDrawn,
                e.leaderWinRateNotDrawn,
                e.notDrawn ?? '',
              ]),
            ),
          ],
        ]
      : []) as [string, string][]),
    [
      'game_shape.csv',
      csv(
        ['metric', 'value'],
        [
          ['games', summary.games],
          ...Object.entries(shape.endings).map(([k, v]) => [`ended_by_${k}_share`, v.share]),
          ['shared_win_share', shape.sharedWinShare],
          [`mean_length_${game.step.many}`, shape.meanLength],
          ['mean_lead_changes', shape.meanLeadChanges],
          ...shape.comebacks.map((cb) => [`comeback_after_${step}_${cb.after}`, cb.share]),
          [`mean_gini_final_${score}`, shape.meanGini],
          ...(shape.tension
            ? [
                ['lead_changes_sd', shape.tension.sdLeadChanges],
                ['decided_games', shape.tension.decidedGames],
                [`mean_decisive_${step}`, shape.tension.meanDecisiveStep],
                ['mean_decisive_share', shape.tension.meanDecisiveShare],
                ['mean_winner_deficit', shape.tension.meanWinnerDeficit],
                ['winner_trailed_share', shape.tension.winnerTrailedShare],
                ['mean_final_margin', shape.tension.meanFinalMargin],
                ['zero_margin_share', shape.tension.zeroMarginShare],
              ]
            : []),
          ['seat_chi_squared', summary.seatAdvantage.chiSquared.statistic],
          ['seat_chi_squared_p', summary.seatAdvantage.chiSquared.pValue],
          // Only when a seat expects fewer than 5 wins: the p-value above is then an unreliable approximation.
          ...(summary.seatAdvantage.chiSquared.warning ? [['seat_chi_squared_warning', summary.seatAdvantage.chiSquared.warning]] : []),
          ['seat_balance', summary.seatAdvantage.balance],
          ...shape.lengthDistribution.map((l) => [`length_${l.rounds}_games`, l.games]),
        ],
      ),
    ],
    ...((stepCounters.length
      ? [
          [
            perStepFile,
            csv(
              [step, ...stepCounters],
              shape.perRound.map((r) => [r.round, ...stepCounters.map((k) => r[k])]),
            ),
          ],
        ]
      : []) as [string, string][]),
    [
      'per_game.csv',
      csv(
        ['counter', 'bot', 'mean_per_game'],
        Object.entries(summary.perGame).flatMap(([counter, byBot]) => Object.entries(byBot).map(([bot, v]) => [counter, bot, v])),
      ),
    ],
    ['report.html', renderReport(summary, impact, run, game)],
  ];
  // Wall time and workers vary from run to run: they live in run.json and the page, never in the tables.
  if (run) files.push(['run.json', `${JSON.stringify(run, null, 2)}\n`]);
  for (const [name, text] of files) writeAtomic(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}

/** The impact tables: impact.json and card_impact.csv (one row per card, metric and scope). */
export function writeImpactOutputs(dir: string, impact: ImpactReport): string[] {
  mkdirSync(dir, { recursive: true });
  const rows: unknown[][] = [];
  for (const c of impact.cards) {
    for (const scope of ['perGame', 'perDraw'] as const) {
      for (const [metric, e] of Object.entries(c[scope])) {
        // The swing is an observed share, not a test: its p, q and significant cells stay empty (`test` says so).
        const test = metric === 'swing' ? 'none (observed share)' : 'paired t';
        rows.push([
          c.card,
          c.drawnIn,
          scope === 'perGame' ? 'per_game' : 'per_draw',
          metric,
          test,
          e.n,
          e.estimate,
          e.ci95?.[0] ?? '',
          e.ci95?.[1] ?? '',
          e.pValue ?? '',
          e.qValue ?? '',
          e.significant ?? '',
        ]);
      }
    }
  }
  const files: [string, string][] = [
    ['impact.json', `${JSON.stringify(impact, null, 2)}\n`],
    // ci95 and p_value are per card (unadjusted); q_value_bh and significant are adjusted across the cards (BH).
    [
      'card_impact.csv',
      csv(['card', 'drawn_in', 'scope', 'metric', 'test', 'n', 'estimate', 'ci95_low', 'ci95_high', 'p_value', 'q_value_bh', 'significant'], rows),
    ],
  ];
  for (const [name, text] of files) writeAtomic(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}

/** The short table printed on stdout. */
export function summaryTable(summary: RunSummary, game: ReportGame): string {
  const step = game.step.one;
  const lines: string[] = [];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  lines.push(`${summary.scenario}: ${summary.games} games, seed ${JSON.stringify(summary.seed)}${summary.deckId ? `, deck ${summary.deckId}` : ''}`);
  lines.push('');
  // Columns padded to their widest cell, so a shorter interval does not shift the columns after it.
  lines.push(
    ...alignColumns([
      ['bot', 'seats', 'win rate', '(95% CI)', `mean ${game.score}`, 'faults'],
      ...summary.bots.map((b) => [
        b.bot,
        b.seats.join(','),
        pct(b.winRate),
        `(${pct(b.ci95[0])}\u2013${pct(b.ci95[1])})`,
        b.meanFinalGold.toFixed(2),
        String(b.faults),
      ]),
    ]),
  );
  lines.push('');
  lines.push(`win rate by seat: ${summary.seats.map((s) => `${s.seat}: ${pct(s.winRate)}`).join('  ')}`);
  lines.push(
    `ended by ${Object.entries(summary.endings)
      .map(([k, v]) => `${k} ${pct(v.share)}`)
      .join(', ')}; shared wins ${pct(summary.sharedWinShare)}; mean length ${summary.meanLength.toFixed(2)} ${game.step.many}`,
  );
  const rounds = [...new Set(summary.goldCurve.map((g) => g.round))];
  lines.push('');
  // At most 12 columns: a long game (GOLD's turns) shows every k-th step and the last.
  const every = Math.ceil(rounds.length / 12);
  const shown = rounds.filter((_, i) => i % every === every - 1 || i === rounds.length - 1);
  lines.push(`${game.score} curve (mean ${game.score} after ${every === 1 ? `each ${step}` : `every ${ordinal(every)} ${step}`}):`);
  lines.push(`  ${step.padEnd(14)} ${shown.map((r) => String(r).padStart(5)).join('')}`);
  for (const b of summary.bots) {
    lines.push(
      `  ${b.bot.padEnd(14)} ${shown
        .map((r) =>
          summary.goldCurve
            .find((g) => g.round === r && g.bot === b.bot)!
            .meanGold.toFixed(1)
            .padStart(5),
        )
        .join('')}`,
    );
  }
  if (summary.chanceCards.length) {
    const top = [...summary.chanceCards].sort((a, b) => b.draws - a.draws || a.card.localeCompare(b.card));
    lines.push('');
    lines.push(`${game.chanceCards} drawn per game: ${top.map((e) => `${e.card} ${e.perGame.toFixed(3)}`).join(', ')}`);
  }
  if (summary.faults.length) {
    lines.push('');
    for (const f of summary.faults)
      lines.push(`FAULTS seat ${f.seat} (${f.bot}): ${f.count}; first in game ${f.firstGame} (${f.request}, ${f.reason}): ${f.message}`);
  }
  return lines.join('\n');
}

/** Rows of cells as columns padded to their widest cell (the first left-aligned, the rest right-aligned). */
export function alignColumns(rows: readonly (readonly string[])[], gap = '   '): string[] {
  const widths = rows[0].map((_, j) => Math.max(...rows.map((r) => [...(r[j] ?? '')].length)));
  const pad = (cell: string, j: number) =>
    j === 0 ? cell.padEnd(widths[j] + cell.length - [...cell].length) : cell.padStart(widths[j] + cell.length - [...cell].length);
  return rows.map((r) =>
    r
      .map((cell, j) => pad(cell, j))
      .join(gap)
      .trimEnd(),
  );
}

/**
 * The impact table printed on stdout: per card its per-draw effect on each of the game's headline
 * metrics (GamePresentation.impactHeadline) with its 95% interval, `*` where it is significant after
 * FDR control; sorted by the lead metric.
 */
export function impactTable(impact: ImpactReport, game: ReportGame): string {
  const words = impactMetricWords(game);
  const head = headlineMetrics(game);
  const lead = leadMetric(game);
  const fmt = (m: MetricKey, x: number) => {
    const v = x * words[m].scale;
    return `${v > 0 ? '+' : v < 0 ? '\u2212' : ''}${Math.abs(v).toFixed(words[m].digits)}`;
  };
  const cell = (c: CardImpact, m: MetricKey): string => {
    if (m === 'swing') return `${(100 * c.perDraw.swing.estimate).toFixed(1)}%`;
    const e = c.perDraw[m];
    return `${fmt(m, e.estimate)} (${e.ci95 ? `${fmt(m, e.ci95[0])} to ${fmt(m, e.ci95[1])}` : 'no interval'})${e.significant ? ' *' : '  '}`;
  };
  // Shares are in percentage points; a count's unit is the game's score or step, named in the metric's words.
  const unit = (m: MetricKey) => (words[m].unit === 'pp' ? ' pp' : '');
  const header = ['card', 'drawn in', ...head.map((m) => (m === 'swing' ? 'swing' : `${words[m].short}${unit(m)} (95% CI)`))];
  const sorted = [...impact.cards].sort((a, b) => b.perDraw[lead].estimate - a.perDraw[lead].estimate || a.card.localeCompare(b.card));
  const lines = [`card impact (${impact.games} games, as dealt vs the card blanked; per draw: over the games that drew the card)`, ''];
  lines.push(...alignColumns([header, ...sorted.map((c) => [c.card, String(c.drawnIn), ...head.map((m) => cell(c, m))])]));
  const others = metricKeys(game).filter((m) => !head.includes(m));
  lines.push(
    '',
    `CI: per card, unadjusted. *: significant after Benjamini\u2013Hochberg across the cards (adjusted), so a CI may exclude 0 without it.${head.includes('swing') ? ' swing: share of games whose winner changed, an observed count (no test).' : ''}${others.length ? ` Also measured (card_impact.csv, impact.json): ${others.map((m) => words[m].long).join(', ')}.` : ''}`,
  );
  return lines.join('\n');
}
