/**
 * Writes a run's outputs: summary.json and one CSV per table (csv-stringify), each file written to a
 * temporary name and renamed, so an interrupted write never leaves a half file behind.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { RunSummary } from './summary.js';

export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

const csv = (columns: string[], rows: unknown[][]) => stringify(rows, { header: true, columns });

export function writeRunOutputs(dir: string, summary: RunSummary): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ['bots.csv', csv(['bot', 'seats', 'games', 'wins', 'win_rate', 'mean_final_gold', 'faults'], summary.bots.map((b) => [b.bot, b.seats.join(' '), b.games, b.wins, b.winRate, b.meanFinalGold, b.faults]))],
    ['seats.csv', csv(['seat', 'bot', 'games', 'wins', 'win_rate', 'mean_final_gold'], summary.seats.map((s) => [s.seat, s.bot, s.games, s.wins, s.winRate, s.meanFinalGold]))],
    ['gold_curve.csv', csv(['round', 'bot', 'mean_gold', 'p10', 'p50', 'p90'], summary.goldCurve.map((g) => [g.round, g.bot, g.meanGold, g.p10, g.p50, g.p90]))],
    ['event_cards.csv', csv(['card', 'draws', 'draws_per_game'], summary.eventCards.map((e) => [e.card, e.draws, e.perGame]))],
    [
      'game_shape.csv',
      csv(['metric', 'value'], [
        ['games', summary.games],
        ...Object.entries(summary.endings).map(([k, v]) => [`ended_by_${k}_share`, v.share]),
        ['shared_win_share', summary.sharedWinShare],
        ['mean_length_rounds', summary.meanLength],
        ...summary.lengthDistribution.map((l) => [`length_${l.rounds}_games`, l.games]),
      ]),
    ],
    [
      'per_game.csv',
      csv(['counter', 'bot', 'mean_per_game'], Object.entries(summary.perGame).flatMap(([counter, byBot]) => Object.entries(byBot).map(([bot, v]) => [counter, bot, v]))),
    ],
  ];
  for (const [name, text] of files) writeAtomic(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}

/** The short table printed on stdout. */
export function summaryTable(summary: RunSummary): string {
  const lines: string[] = [];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  lines.push(`${summary.scenario}: ${summary.games} games, seed ${JSON.stringify(summary.seed)}, deck ${summary.deckId}`);
  lines.push('');
  lines.push('bot             seats   win rate   mean final gold   faults');
  for (const b of summary.bots) {
    lines.push(`${b.bot.padEnd(15)} ${b.seats.join(',').padEnd(7)} ${pct(b.winRate).padStart(8)}   ${b.meanFinalGold.toFixed(2).padStart(15)}   ${String(b.faults).padStart(6)}`);
  }
  lines.push('');
  lines.push(`win rate by seat: ${summary.seats.map((s) => `${s.seat}: ${pct(s.winRate)}`).join('  ')}`);
  lines.push(`ended by ${Object.entries(summary.endings).map(([k, v]) => `${k} ${pct(v.share)}`).join(', ')}; shared wins ${pct(summary.sharedWinShare)}; mean length ${summary.meanLength.toFixed(2)} rounds`);
  const rounds = [...new Set(summary.goldCurve.map((g) => g.round))];
  lines.push('');
  lines.push(`gold curve (mean gold after each round):`);
  lines.push(`  round          ${rounds.map((r) => String(r).padStart(5)).join('')}`);
  for (const b of summary.bots) {
    lines.push(`  ${b.bot.padEnd(14)} ${rounds.map((r) => summary.goldCurve.find((g) => g.round === r && g.bot === b.bot)!.meanGold.toFixed(1).padStart(5)).join('')}`);
  }
  const top = [...summary.eventCards].sort((a, b) => b.draws - a.draws || a.card.localeCompare(b.card));
  lines.push('');
  lines.push(`event cards drawn per game: ${top.map((e) => `${e.card} ${e.perGame.toFixed(3)}`).join(', ')}`);
  if (summary.faults.length) {
    lines.push('');
    for (const f of summary.faults) lines.push(`FAULTS seat ${f.seat} (${f.bot}): ${f.count}; first in game ${f.firstGame} (${f.request}, ${f.reason}): ${f.message}`);
  }
  return lines.join('\n');
}
