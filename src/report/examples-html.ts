/**
 * The report's "Example games" section: for each figure, the games behind it (summary.json's
 * `examples`), each a link to that game's replay page (`replay-K.html` beside the report, which
 * `goldpit replay <scenario> --examples`, `run --replays` or `replay --game K --html` writes). Plain
 * links: the report stays script-free.
 */
import { esc, table } from './html.js';
import type { RunFacts } from './html.js';
import type { ExtremeGame, ReportGame, RunSummary } from './types.js';

/** The file name of game K's replay page, beside the report (cli: `goldpit replay --html`). */
export const replayFile = (game: number): string => `replay-${game}.html`;

/** Links to the games, or a dash when none qualified. */
export function gameLinks(games: readonly number[]): string {
  if (!games.length) return '<span class="muted">none</span>';
  return games.map((g) => `<a class="example" href="${replayFile(g)}">game ${esc(g)}</a>`).join(' ');
}

/** Every game index the examples name, ascending (the replay pages a run writes). */
export function exampleGames(summary: RunSummary): number[] {
  const ex = summary.examples;
  if (!ex) return [];
  const all = [
    ...Object.values(ex.bots).flat(),
    ...ex.seats.flat(),
    ...Object.values(ex.endings).flat(),
    ...ex.sharedWins,
    ...ex.comebacks.flatMap((c) => c.games),
    ...ex.chanceCards.flatMap((c) => c.games),
    ...[ex.longest, ex.shortest, ex.largestSpread, ex.mostLeadChanges, ex.largestWinnerDeficit, ex.narrowestMargin].flatMap((e) => (e ? [e.game] : [])),
  ];
  return [...new Set(all)].sort((a, b) => a - b);
}

/** The section, or '' for a summary without examples. */
export function examplesSection(summary: RunSummary, game: ReportGame, run: RunFacts | null = null): string {
  const ex = summary.examples;
  if (!ex) return '';
  const step = game.step.one;
  const steps = game.step.many;
  const score = game.score;
  const figure = (href: string, text: string) => `<a href="#${href}">${esc(text)}</a>`;
  const rows: [string, string][] = [];
  for (const [bot, games] of Object.entries(ex.bots))
    if (Object.keys(ex.bots).length < ex.seats.length) rows.push([figure('win-rates', `won by ${bot}`), gameLinks(games)]);
  ex.seats.forEach((games, s) => rows.push([figure('seat-advantage', `won by seat ${s} (${summary.lineup[s] ?? ''})`), gameLinks(games)]));
  for (const [key, games] of Object.entries(ex.endings)) rows.push([figure('shape', `ended by the ${game.endings[key]?.label ?? key}`), gameLinks(games)]);
  rows.push([figure('shape', 'shared wins'), gameLinks(ex.sharedWins)]);
  for (const c of ex.comebacks) rows.push([figure('shape', `comeback: the winner was not leading after ${step} ${c.after}`), gameLinks(c.games)]);
  const cardSection = game.sections.find((s) => s.kind === 'chance-cards')?.id ?? 'shape';
  for (const c of ex.chanceCards) rows.push([figure(cardSection, `${c.card} drawn`), gameLinks(c.games)]);
  const extreme = (href: string, text: (e: ExtremeGame) => string, e: ExtremeGame | null) => {
    if (e) rows.push([figure(href, text(e)), gameLinks([e.game])]);
  };
  extreme('shape', (e) => `the longest game (${e.value} ${steps})`, ex.longest);
  extreme('shape', (e) => `the shortest game (${e.value} ${e.value === 1 ? step : steps})`, ex.shortest);
  extreme('shape', (e) => `the largest final ${score} spread (${e.value})`, ex.largestSpread);
  extreme('tension', (e) => `the most lead changes (${e.value})`, ex.mostLeadChanges);
  extreme('tension', (e) => `the winner's largest deficit (${e.value} ${score})`, ex.largestWinnerDeficit);
  extreme('tension', (e) => `the narrowest winning margin (${e.value} ${score})`, ex.narrowestMargin);
  return `<section id="examples">
<h2>Example games</h2>
<p class="explain">The games behind the figures: for each, the first games of the run that show it (the smallest game indices, the same however the run was split). Each link opens that game's replay page, at its start, beside this report${
    run?.replays
      ? ' (written with it).'
      : `, once written: <code>goldpit replay &lt;scenario.json&gt; --examples</code> writes all ${exampleGames(summary).length} of them here without playing the run again (<code>--out</code> this folder if it is not the default), <code>goldpit run --replays</code> with the run.`
  } <code>goldpit replay &lt;scenario.json&gt; --game K</code> prints a game's story.</p>
${table(['figure', 'example games'], rows, { cls: 'compact' })}
</section>`;
}
