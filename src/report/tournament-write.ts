/**
 * A tournament's outputs: tournament.json, ratings.csv, head_to_head.csv, rating_differences.csv,
 * faults.csv, games.csv, tournament.html (and run.json with the wall time, kept apart so the other
 * files are identical from run to run). Each file is written to a temporary name and renamed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { benchesOf, formatBenches, type TournamentGame } from '../sim/tournament.js';
import type { RunFacts } from './html.js';
import type { ReportGame } from './types.js';
import { renderTournament } from './tournament-html.js';
import type { TournamentSummary } from './tournament.js';
import type { Interval } from './types.js';
import { writeAtomic } from './write.js';

const csv = (columns: string[], rows: unknown[][]) => stringify(rows, { header: true, columns });
/** An interval's two CSV cells; empty when there is none (a tournament too small for intervals). */
const cells = (ci: Interval | null): [number | string, number | string] => (ci ? [ci[0], ci[1]] : ['', '']);

export function writeTournamentOutputs(
  dir: string,
  summary: TournamentSummary,
  games: readonly TournamentGame[],
  botNames: readonly string[],
  run: RunFacts | null,
  game: ReportGame,
): string[] {
  mkdirSync(dir, { recursive: true });
  const counterNames = Object.keys(summary.bots[0]?.counters ?? {});
  const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const pairs: unknown[][] = [];
  const h = summary.headToHead;
  const d = summary.differences;
  h.bots.forEach((a, i) =>
    h.bots.forEach((b, j) => {
      if (i !== j) pairs.push([a, b, h.games[i][j], h.observed[i][j], h.model[i][j]]);
    }),
  );
  const differences: unknown[][] = [];
  d.bots.forEach((a, i) =>
    d.bots.forEach((b, j) => {
      // Empty interval and significance cells when the tournament is too small for them (summary.intervals).
      if (i !== j) differences.push([a, b, d.elo[i][j], d.lower?.[i][j] ?? '', d.upper?.[i][j] ?? '', d.significant?.[i][j] ?? '']);
    }),
  );
  const players = summary.players;
  const seatCols = (what: string) => Array.from({ length: players }, (_, s) => `${what}_seat_${s}`);
  const files: [string, string][] = [
    ['tournament.json', `${JSON.stringify(summary, null, 2)}\n`],
    [
      'ratings.csv',
      csv(
        [
          'rank',
          'bot',
          'source',
          'elo',
          'elo_ci95_low',
          'elo_ci95_high',
          'log_worth',
          'log_worth_ci95_low',
          'log_worth_ci95_high',
          'games',
          'deals',
          'wins',
          'win_rate',
          'win_ci95_low',
          'win_ci95_high',
          'win_design_effect',
          'mean_position',
          'mean_score',
          ...counterNames.map((c) => `mean_${snake(c)}`),
          'faults',
        ],
        summary.bots.map((b, i) => [
          i + 1,
          b.bot,
          b.source,
          b.elo,
          ...cells(b.eloCi95),
          b.logWorth,
          ...cells(b.logWorthCi95),
          b.games,
          b.deals,
          b.wins,
          b.winRate,
          ...cells(b.winCi95),
          b.winDesignEffect ?? '',
          b.meanPosition,
          b.meanScore,
          ...counterNames.map((c) => b.counters[c]),
          b.faults,
        ]),
      ),
    ],
    ['head_to_head.csv', csv(['bot', 'opponent', 'games', 'ahead_share', 'model_probability'], pairs)],
    ['rating_differences.csv', csv(['bot', 'opponent', 'elo_difference', 'ci95_low', 'ci95_high', 'significant'], differences)],
    [
      'faults.csv',
      csv(
        [
          'bot',
          'threw',
          'illegal',
          'timeout',
          'hung',
          'total',
          'games',
          'first_game',
          'first_seat',
          'first_request',
          'first_reason',
          'first_message',
          'replay',
        ],
        summary.faults.map((f) => [
          f.bot,
          f.threw,
          f.illegal,
          f.timeout,
          f.hung,
          f.total,
          f.games,
          f.first.game,
          f.first.seat,
          f.first.request,
          f.first.reason,
          f.first.message,
          f.first.replay,
        ]),
      ),
    ],
    [
      'games.csv',
      csv(
        [
          'game',
          'lineup',
          'deal',
          'rotation',
          ...seatCols('bot'),
          ...seatCols('position'),
          ...seatCols('score'),
          'winners',
          'ended_by',
          'rounds',
          'faults',
          'benched',
        ],
        games.map((g) => {
          const k = players;
          const dealId = Math.floor(g.game / k);
          return [
            g.game,
            Math.floor(dealId / summary.deals),
            dealId % summary.deals,
            g.game % k,
            ...g.seats.map((b) => botNames[b]),
            ...g.ranks.map((r) => r + 1),
            ...g.scores,
            g.winners.join(' '),
            g.endedBy,
            g.length,
            g.faults.length,
            // SEAT@CALL of each bot the hang watchdog stopped: `--replay G --bench <this>` replays the game.
            formatBenches(benchesOf(g)),
          ];
        }),
      ),
    ],
    ['tournament.html', renderTournament(summary, run, game)],
  ];
  if (run) files.push(['run.json', `${JSON.stringify(run, null, 2)}\n`]);
  for (const [name, text] of files) writeAtomic(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}

/** The short table printed on stdout. */
export function tournamentTable(summary: TournamentSummary): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const elo = (x: number) => `${x >= 0 ? '+' : '\u2212'}${Math.abs(x).toFixed(0)}`;
  const lines: string[] = [];
  const sampled = summary.lineups.sampled ? ` (a sample of ${summary.lineups.possible})` : '';
  lines.push(
    `${summary.game} tournament: ${summary.bots.length} bots, ${summary.players} players, ${summary.lineups.played} line-up${summary.lineups.played === 1 ? '' : 's'}${sampled} × ${summary.deals} deal${summary.deals === 1 ? '' : 's'} × ${summary.players} seat rotations = ${summary.games} games, seed ${JSON.stringify(summary.seed)}`,
  );
  const given = summary.intervals.given;
  lines.push(
    given
      ? `ratings: Plackett–Luce on ${summary.rating.data === 'winner' ? 'the winners' : 'finishing orders'}, 95% intervals from ${summary.rating.bootstrap} bootstrap resamples of the ${summary.rating.groups} deals (expanded percentile); win-rate intervals over deals`
      : `ratings: Plackett–Luce on ${summary.rating.data === 'winner' ? 'the winners' : 'finishing orders'}; NO intervals and NO significance: ${summary.intervals.reason}. Run more deals (--deals).`,
  );
  lines.push('');
  const range = (ci: Interval | null, show: (x: number) => string, sep: string) => (ci ? `(${show(ci[0])}${sep}${show(ci[1])})` : '(no interval)');
  lines.push('rank  bot              rating (95% CI)        win rate (95% CI)       mean pos  mean score  faults  vs best other (95% CI)');
  summary.bots.forEach((b, i) => {
    const vs = b.vsBestOther
      ? `${elo(b.vsBestOther.elo)} vs ${b.vsBestOther.bot}${b.vsBestOther.ci95 ? ` ${range(b.vsBestOther.ci95, elo, ' to ')}` : ''}${b.vsBestOther.significant ? ' *' : ''}`
      : '';
    lines.push(
      `${String(i + 1).padStart(4)}  ${b.bot.padEnd(15)} ${elo(b.elo).padStart(6)} ${range(b.eloCi95, elo, ' to ')}`.padEnd(48) +
        `${pct(b.winRate).padStart(6)} ${range(b.winCi95, pct, '–')}`.padEnd(24) +
        `${b.meanPosition.toFixed(2).padStart(8)}  ${b.meanScore.toFixed(1).padStart(10)}  ${String(b.faults).padStart(6)}  ${vs}`,
    );
  });
  lines.push('');
  lines.push('rating: Elo-like points, mean 0; 400 points = 10:1 odds of finishing ahead. * = the paired difference interval excludes 0.');
  const top = summary.bots[0];
  if (top && summary.bots.length > 1) {
    const beaten = top.significantlyAbove.length;
    lines.push(
      !given
        ? summary.intervals.fewestDeals < summary.intervals.minimumDeals
          ? `${top.bot} is rated highest; with ${summary.intervals.fewestDeals} deal${summary.intervals.fewestDeals === 1 ? '' : 's'} for ${summary.intervals.fewestDealsBot}, whether that order is more than luck cannot be said (at least ${summary.intervals.minimumDeals} deals per bot are needed).`
          : `${top.bot} is rated highest; every deal gave the same finishing orders, so how sure that order is cannot be measured by resampling the deals.`
        : beaten === summary.bots.length - 1
          ? `${top.bot} is rated above every other bot with significance (each paired 95% interval excludes 0).`
          : `${top.bot} is rated highest; significantly above ${beaten} of the ${summary.bots.length - 1} others${beaten ? ` (${top.significantlyAbove.join(', ')})` : ''}.`,
    );
  }
  for (const f of summary.faults) {
    lines.push(
      `FAULTS ${f.bot}: ${f.total} (threw ${f.threw}, illegal ${f.illegal}, timeout ${f.timeout}, hung ${f.hung}) in ${f.games} games; first in game ${f.first.game} (${f.first.request}, ${f.first.reason}): ${f.first.message}`,
    );
    lines.push(`  replay: ${f.first.replay}`);
  }
  return lines.join('\n');
}
