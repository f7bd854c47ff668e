/**
 * The report's "How a game feels" section: the tension figures of summary.json's
 * `gameShape.tension` (src/stats/tension.ts defines them) as tiles, plain-language verdicts and the
 * leader-wins curve with its 95% band. Same discipline as html.ts: inline SVG, no script.
 */
import {
  ACCENT,
  bandPath,
  c,
  esc,
  INK,
  isNum,
  legend,
  linear,
  linePath,
  noData,
  num,
  pct,
  pctRange,
  stepTicks,
  svgOpen,
  title,
  verdicts,
  WIDTH,
  xAxis,
  yAxis,
} from './html.js';
import type { ReportGame, RunSummary, TensionSummary } from './types.js';

/** Plain-language verdicts on a run's tension figures (thresholds are rules of thumb, said as such on the page). */
export function tensionVerdicts(t: TensionSummary, game: ReportGame, players: number): string[] {
  const out: string[] = [];
  const steps = game.step.many;
  if (t.meanLeadChanges < 0.5) out.push(`The lead rarely changes hands (${num(t.meanLeadChanges, 2)} times a game): whoever leads early tends to stay ahead.`);
  else if (t.meanLeadChanges < 2) out.push(`The lead changes hands ${num(t.meanLeadChanges, 1)} times in an average game.`);
  else out.push(`A lively contest: the lead changes hands ${num(t.meanLeadChanges, 1)} times in an average game.`);
  if (t.decidedGames > 0) {
    const share = t.meanDecisiveShare;
    const words =
      share < 0.34
        ? 'games are settled early: the eventual winner usually leads for good from the first third on'
        : share < 0.67
          ? 'games are settled in the middle'
          : 'games stay open late: the eventual winner usually takes the lead for good only in the last third';
    out.push(`On average the winner leads for good from ${pct(share, 0)} of the way through (${steps}): ${words}.`);
  }
  if (t.wonGames > 0)
    out.push(
      `In ${pct(t.winnerTrailedShare, 0)} of won games the winner was behind at some point (by ${num(t.meanWinnerDeficit, 1)} ${game.score} at worst, on average); the mean final margin is ${num(t.meanFinalMargin, 1)} ${game.score}${t.zeroMarginShare > 0 ? `, and ${pct(t.zeroMarginShare, 1)} of won games ended level on ${game.score} (a tie broken by the rules or shared)` : ''}.`,
    );
  const start = t.leaderWins[0];
  const chance = 1 / players;
  if (start && start.step === 0 && t.leaderWins.length > 1) {
    const mid = t.leaderWins[Math.floor(t.leaderWins.length / 2)];
    out.push(
      `The leader after ${game.step.one} ${mid.step} goes on to win ${pct(mid.share, 0)} of the time (${pctRange(mid.ci95, 0)}; chance would be ${pct(chance, 0)}).`,
    );
  }
  return out;
}

/** The leader-wins curve: share of games the leader at each step goes on to win, with its 95% band. */
function leaderWinsChart(t: TensionSummary, game: ReportGame, players: number): string {
  const name = 'leader-wins';
  const points = t.leaderWins.filter((p) => isNum(p.share));
  if (points.length < 1) return noData(name, 'no game went on past its start');
  const step = game.step.one;
  const h = 180;
  const frame = { px: 60, py: 34, w: WIDTH - 90, h };
  const steps = points.map((p) => p.step);
  const xDomain: [number, number] = [0, Math.max(1, steps[steps.length - 1])];
  const x = linear(xDomain, [frame.px, frame.px + frame.w]);
  const y = linear([0, 1], [frame.py + h, frame.py]);
  const out = [svgOpen(name, WIDTH, h + 34 + 44, `How often the leader at each ${step} goes on to win, with 95% intervals`)];
  out.push(
    legend(
      [
        { label: 'leader wins', colour: INK },
        { label: '95% interval', colour: ACCENT, kind: 'band' },
        { label: `chance (1 in ${players})`, colour: INK, kind: 'dash' },
      ],
      60,
      14,
    ),
  );
  out.push(yAxis([0, 0.25, 0.5, 0.75, 1], y, frame.px, frame.px + frame.w, (v) => pct(v, 0), 'leader wins', frame.py + h / 2));
  out.push(xAxis(stepTicks([0, ...steps]), x, frame.py, frame.py + h, (v) => String(v), `${step} (0: the start)`, frame.px + frame.w / 2));
  const band = bandPath(
    points.map((p) => [x(p.step), y(p.ci95[1])]),
    points.map((p) => [x(p.step), y(p.ci95[0])]),
  );
  if (band) out.push(`<path d="${band}" fill="${ACCENT}" fill-opacity="0.16" stroke="none">${title('95% interval')}</path>`);
  out.push(
    `<path d="${linePath([
      [x(xDomain[0]), y(1 / players)],
      [x(xDomain[1]), y(1 / players)],
    ])}" fill="none" stroke="${INK}" stroke-width="1" stroke-dasharray="4 4"/>`,
  );
  out.push(`<path d="${linePath(points.map((p) => [x(p.step), y(p.share)]))}" fill="none" stroke="${INK}" stroke-width="2.4" stroke-linejoin="round"/>`);
  for (const p of points)
    out.push(
      `<circle cx="${c(x(p.step))}" cy="${c(y(p.share))}" r="3" fill="${INK}">${title(`${p.step === 0 ? 'at the start' : `after ${step} ${p.step}`}: the leader won ${pct(p.share)} of ${p.games} games (${pctRange(p.ci95)})`)}</circle>`,
    );
  out.push('</svg>');
  return out.join('');
}

/** The section, or '' for a summary written before the tension figures existed. */
export function tensionSection(summary: RunSummary, game: ReportGame): string {
  const t = summary.gameShape?.tension;
  if (!t) return '';
  const steps = game.step.many;
  const tiles: [string, string, string][] = [
    ['lead changes', num(t.meanLeadChanges, 2), `mean per game (sd ${num(t.sdLeadChanges, 2)})`],
    ['decisive point', pct(t.meanDecisiveShare, 0), `of the game's ${steps} played when the winner took the lead for good`],
    ['winner was behind', pct(t.winnerTrailedShare, 0), `of won games; largest deficit ${num(t.meanWinnerDeficit, 1)} ${game.score} on average`],
    ['final margin', num(t.meanFinalMargin, 1), `${game.score}: lowest winner over the best of the rest`],
  ];
  return `<section id="tension">
<h2>How a game feels</h2>
<p class="explain">From each game's score curve: how often the lead changes hands, from when the eventual winner leads for good (the decisive point), how far behind the winner ever was, and by how much the game was won. After Browne's and Ludii's game-quality measures (lead change, drama, decisiveness); the thresholds of the sentences are rules of thumb.</p>
<div class="tiles">${tiles.map(([k, v, note]) => `<div class="tile"><div class="tile-value">${esc(v)}</div><div class="tile-label">${esc(k)}</div><div class="tile-note">${esc(note)}</div></div>`).join('')}</div>
${verdicts(tensionVerdicts(t, game, summary.players))}
<h3>Does the leader win?</h3>
${leaderWinsChart(t, game, summary.players)}
</section>`;
}
