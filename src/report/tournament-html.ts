/**
 * tournament.html: one self-contained page for a tournament, in the style of the balance report
 * (same head, style sheet and SVG toolkit from html.ts; no scripts). Ratings with interval bars,
 * every bot's gap to the best other bot with its paired interval, the matrix of rating differences,
 * the head-to-head heat map, and the faults with the game to replay.
 */
import {
  BOT_PALETTE,
  c,
  capital,
  clip,
  DASH,
  esc,
  htmlPage,
  int,
  isNum,
  linear,
  MINUS,
  MUTED,
  niceAxis,
  noData,
  num,
  pct,
  pctRange,
  rulesChanged,
  svgOpen,
  swatch,
  table,
  title,
  verdicts,
  whisker,
  WIDTH,
  xAxis,
  type IntervalRow,
  timedBotsWarning,
  type RunFacts,
} from './html.js';
import type { TournamentSummary } from './tournament.js';
import type { Interval, ReportGame } from './types.js';

type Palette = (bot: string) => string;

/** Elo-like points with a sign: "+123", "−45", "0". */
const points = (x: number): string => {
  if (!isNum(x)) return '\u2014';
  const r = Math.round(x);
  return r > 0 ? `+${r}` : r < 0 ? `${MINUS}${-r}` : '0';
};
export { points };
export const pointsRange = (ci: Interval | null): string => (ci ? `${points(ci[0])} to ${points(ci[1])}` : 'no interval');
/** Where a chart row has no interval (a tournament too small for them): no whisker is drawn. */
const NO_INTERVAL: Interval = [Number.NaN, Number.NaN];

/** Points with 95% whiskers (on the Elo-like scale unless `format` says otherwise), a zero line, one row per bot. */
export function pointChart(name: string, label: string, rows: readonly IntervalRow[], axisLabel: string, format: (x: number) => string = points): string {
  if (!rows.length) return noData(name, label);
  const left = 150;
  const right = WIDTH - 70;
  const rowH = 28;
  const top = 14;
  const bottom = top + rows.length * rowH;
  const height = bottom + 44;
  const values = rows.flatMap((r) => [r.value, r.ci[0], r.ci[1]]).filter(isNum);
  const axis = niceAxis(Math.min(0, ...values), Math.max(0, ...values), 6);
  const x = linear(axis.domain, [left, right]);
  const out = [svgOpen(name, WIDTH, height, label)];
  out.push(xAxis(axis.ticks, x, top - 4, bottom, format, axisLabel, (left + right) / 2));
  out.push(`<line class="zero" x1="${c(x(0))}" x2="${c(x(0))}" y1="${c(top - 4)}" y2="${c(bottom)}"/>`);
  rows.forEach((r, i) => {
    const cy = top + i * rowH + rowH / 2;
    out.push(`<g${r.strong ? ' class="significant"' : ''}>${title(r.tooltip)}`);
    out.push(`<text class="row-label${r.strong ? ' strong' : ''}" x="${left - 10}" y="${c(cy + 4)}" text-anchor="end">${esc(clip(r.label, 22))}</text>`);
    const whiskered = isNum(r.ci[0]) && isNum(r.ci[1]);
    if (whiskered) out.push(whisker(x(r.ci[0]), x(r.ci[1]), cy, 5, r.strong ? 'whisker strong' : 'whisker'));
    out.push(`<circle cx="${c(x(r.value))}" cy="${c(cy)}" r="5.5" fill="${r.colour}" stroke="#fff" stroke-width="1.5"/>`);
    // The value right of the point, or of its whisker; a row without an interval has only the point.
    out.push(`<text class="value" x="${c((whiskered ? Math.max(x(r.value), x(r.ci[1])) : x(r.value)) + 8)}" y="${c(cy + 4)}">${esc(format(r.value))}</text>`);
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('');
}

/** Blue above `centre` (½ unless given), red below, white at it: the colour of a head-to-head or win share. */
export function shareColour(p: number, centre = 0.5): string {
  const t = Math.max(-1, Math.min(1, (p - centre) / 0.35));
  const mix = (a: number, b: number, w: number) => Math.round(a + (b - a) * w);
  const [r, g, b] = t >= 0 ? [mix(255, 66, t), mix(255, 105, t), mix(255, 208, t)] : [mix(255, 214, -t), mix(255, 64, -t), mix(255, 78, -t)];
  return `rgb(${r},${g},${b})`;
}

/** The head-to-head heat map: row bot finishes ahead of column bot in this share of their common games. */
function heatMap(summary: TournamentSummary): string {
  const h = summary.headToHead;
  const n = h.bots.length;
  if (n < 2) return noData('head-to-head', 'fewer than two bots');
  const left = 140;
  const top = 110;
  const cell = Math.min(64, Math.floor((WIDTH - left - 10) / n));
  const width = left + n * cell + 10;
  const height = top + n * cell + 10;
  const out = [svgOpen('head-to-head', width, height, 'Head-to-head: share of common games in which the row bot finished ahead of the column bot')];
  h.bots.forEach((bot, j) => {
    const cx = left + j * cell + cell / 2;
    out.push(`<text class="row-label" transform="translate(${c(cx + 4)} ${c(top - 8)}) rotate(-50)">${esc(clip(bot, 16))}</text>`);
  });
  h.bots.forEach((bot, i) => {
    const cy = top + i * cell + cell / 2;
    out.push(`<text class="row-label" x="${left - 8}" y="${c(cy + 4)}" text-anchor="end">${esc(clip(bot, 18))}</text>`);
    h.bots.forEach((other, j) => {
      const x0 = left + j * cell;
      const y0 = top + i * cell;
      const p = h.observed[i][j];
      if (i === j || p === null) {
        out.push(`<rect x="${c(x0)}" y="${c(y0)}" width="${cell}" height="${cell}" fill="#f6f7f9" stroke="#fff"/>`);
        return;
      }
      const tip = `${bot} ahead of ${other} in ${pct(p)} of ${int(h.games[i][j])} common games (ties count \u00bd); the fitted ratings predict ${pct(h.model[i][j])}`;
      out.push(`<g>${title(tip)}<rect x="${c(x0)}" y="${c(y0)}" width="${cell}" height="${cell}" fill="${shareColour(p)}" stroke="#fff"/>`);
      const dark = Math.abs(p - 0.5) > 0.22;
      out.push(
        `<text class="cell" x="${c(x0 + cell / 2)}" y="${c(y0 + cell / 2 + 4)}" text-anchor="middle"${dark ? ' fill="#fff"' : ''}>${esc(num(100 * p, 0))}</text></g>`,
      );
    });
  });
  out.push('</svg>');
  return out.join('');
}

function header(summary: TournamentSummary, colour: Palette, run: RunFacts | null): string {
  const sampled = summary.lineups.sampled ? ` (a random sample of the ${int(summary.lineups.possible)} possible)` : ' (every combination)';
  const facts: [string, string][] = [
    ['game', esc(summary.game)],
    ['players', esc(summary.players)],
    [
      'bots',
      `<ul class="rules">${summary.bots.map((b) => `<li>${swatch(colour(b.bot))}${esc(b.bot)}${b.source === 'built-in' ? '' : ` <span class="seat">${esc(b.source)}</span>`}</li>`).join('')}</ul>`,
    ],
    [
      'schedule',
      `${esc(int(summary.lineups.played))} line-up${summary.lineups.played === 1 ? '' : 's'}${esc(sampled)} \u00d7 ${esc(int(summary.deals))} deal${summary.deals === 1 ? '' : 's'} \u00d7 ${esc(summary.players)} seat rotations = ${esc(int(summary.games))} games`,
    ],
    ['seed', `<code>${esc(summary.seed)}</code>`],
    [
      'ratings',
      `Plackett\u2013Luce on ${summary.rating.data === 'winner' ? 'the winner of each game' : 'each game\u2019s finishing order'}; ${
        summary.intervals.given
          ? `95% intervals from ${esc(int(summary.rating.bootstrap))} bootstrap resamples of the ${esc(int(summary.rating.groups))} deals`
          : `no intervals (${esc(whyNoIntervals(summary))})`
      }`,
    ],
    [
      'time limits',
      `${summary.botTimeoutMs === null ? 'no per-decision budget' : `${esc(int(summary.botTimeoutMs))} ms per decision`}; ${summary.hangLimitMs > 0 ? `a decision running ${esc(int(summary.hangLimitMs))} ms is stopped` : 'no hang limit'}`,
    ],
    ...(summary.deckId ? [['deck', `<code>${esc(summary.deckId)}</code>`] as [string, string]] : []),
    ['rules changed', rulesChanged(summary.changedRules)],
    ['version', `goldpit ${esc(summary.version)}`],
  ];
  if (run)
    facts.push([
      'wall time',
      `${esc(num(run.wallSeconds, 1))} s on ${esc(run.workers)} worker${run.workers === 1 ? '' : 's'} (${esc(int((run.timedGames ?? summary.games) / run.wallSeconds))} games/s${run.timedGames === undefined ? '' : `, over the ${esc(int(run.timedGames))} games played after the resume`}), ${esc(run.finishedAt)}`,
    ]);
  const faults = summary.faults.length
    ? `<div class="warning"><strong>Bot faults.</strong> ${summary.faults.map((f) => `${esc(f.bot)} faulted ${esc(int(f.total))} times in ${esc(int(f.games))} games.`).join(' ')} A faulting bot plays that decision by the rules' fallback (see <a href="#faults">Faults</a>).</div>`
    : '';
  return `<header>
<p class="kicker">goldpit \u00b7 tournament</p>
<h1>${esc(summary.game)} tournament of ${esc(summary.bots.length)} bots</h1>
<p class="lede">${esc(int(summary.games))} games with ${esc(summary.players)} players: every line-up on the same deals in every seat rotation, so seat luck and deal luck cancel.</p>
<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
<details><summary>Resolved parameters (defaults included)</summary><pre>${esc(JSON.stringify(summary.parameters, null, 2))}</pre></details>${faults}
</header>`;
}

function findings(summary: TournamentSummary): string {
  const items: string[] = [];
  const [top, second] = summary.bots;
  const others = summary.bots.length - 1;
  const given = summary.intervals.given;
  if (!given) items.push(`No intervals and no significance: ${summary.intervals.reason}. Play more deals (--deals).`);
  const tooFew = summary.intervals.fewestDeals < summary.intervals.minimumDeals;
  if (top && second) {
    const beaten = top.significantlyAbove.length;
    items.push(
      !given
        ? `${top.bot} is rated highest, ${points(top.vsBestOther!.elo)} points above ${second.bot}; whether that order is more than the luck of ${tooFew ? 'so few deals' : 'these deals'} cannot be said.`
        : beaten === others
          ? `${top.bot} is the strongest bot: rated ${points(top.vsBestOther!.elo)} points above the runner-up ${second.bot} (95% interval ${pointsRange(top.vsBestOther!.ci95)}), and above every other bot with significance.`
          : `${top.bot} is rated highest, ${points(top.vsBestOther!.elo)} points above ${second.bot} (95% interval ${pointsRange(top.vsBestOther!.ci95)}); it is significantly above ${beaten} of the ${others} others.`,
    );
    const bottom = summary.bots[summary.bots.length - 1];
    items.push(
      `${bottom.bot} is rated lowest (${points(bottom.elo)}, win rate ${pct(bottom.winRate)} against ${pct(1 / summary.players)} for an average bot).`,
    );
    // Neighbours in the ranking that the data cannot separate: their paired interval includes 0.
    const significant = summary.differences.significant;
    if (significant) {
      const close: string[] = [];
      for (let i = 0; i + 1 < summary.bots.length; i++) {
        if (!significant[i][i + 1]) close.push(`${summary.bots[i].bot} and ${summary.bots[i + 1].bot}`);
      }
      items.push(
        close.length
          ? `Not separated by the data (paired interval includes 0): ${close.join('; ')}.`
          : 'Every bot is separated from its neighbour in the ranking with significance.',
      );
    }
  }
  for (const f of summary.faults) items.push(`${f.bot} faulted ${f.total} times (first: ${f.first.reason} in ${f.first.request}, game ${f.first.game}).`);
  return `<section id="in-short"><h2>In short</h2>${verdicts(items)}</section>`;
}

/** " (here they carry 1.4 to 1.9 times the variance of independent games)", or "" without intervals. */
function designEffects(summary: TournamentSummary): string {
  const d = summary.bots.map((b) => b.winDesignEffect).filter((x): x is number => x !== null);
  if (!d.length) return '';
  const lo = Math.min(...d);
  const hi = Math.max(...d);
  return ` (here a bot\u2019s win rate has ${esc(lo === hi ? num(lo, 1) : `${num(lo, 1)} to ${num(hi, 1)}`)} times the variance it would have over independent games)`;
}

function ratingSection(summary: TournamentSummary, colour: Palette, game: ReportGame): string {
  const rows: IntervalRow[] = summary.bots.map((b) => ({
    label: b.bot,
    colour: colour(b.bot),
    value: b.elo,
    ci: b.eloCi95 ?? NO_INTERVAL,
    tooltip: `${b.bot}: ${points(b.elo)} (95% interval ${pointsRange(b.eloCi95)}); log-worth ${num(b.logWorth, 3)}`,
  }));
  const counterCols = game.tournamentCounters.filter((c2) => summary.bots[0] && c2 in summary.bots[0].counters);
  const counterLabel = (c2: string) => game.counters[c2]?.label ?? c2;
  // Intervals sit under their values (as in the all-pairs matrix) and log-worth is left to the chart's
  // tooltips and ratings.csv, so the table fits the reading column.
  const ratingTable = table(
    [
      '#',
      'bot',
      summary.intervals.given ? 'rating<span class="unit">95% interval</span>' : 'rating',
      summary.intervals.given ? 'win rate<span class="unit">95% interval</span>' : 'win rate',
      'mean position',
      `mean ${esc(game.score)}`,
      ...counterCols.map((c2) => `${esc(counterLabel(c2))}<span class="unit">per game</span>`),
      'faults',
    ],
    summary.bots.map((b, i) => [
      String(i + 1),
      `${swatch(colour(b.bot))}${esc(b.bot)}`,
      `${points(b.elo)}<span class="unit">${esc(pointsRange(b.eloCi95))}</span>`,
      `${pct(b.winRate)}<span class="unit">${b.winCi95 ? pctRange(b.winCi95) : 'no interval'}</span>`,
      num(b.meanPosition, 2),
      num(b.meanScore, 1),
      ...counterCols.map((c2) => num(b.counters[c2], 2)),
      b.faults ? `<strong class="bad">${int(b.faults)}</strong>` : '0',
    ]),
    { numeric: [0, 2, 3, 4, 5, ...counterCols.map((_, k) => 6 + k), 6 + counterCols.length], cls: 'compact' },
  );
  return `<section id="ratings">
<h2>Ratings</h2>
<p class="explain">Plackett\u2013Luce ratings on an Elo-like scale (mean 0 over the bots): a gap of 400 points means 10:1 odds that the higher-rated bot finishes ahead of the other; 100 points \u2248 64%. ${
    summary.intervals.given
      ? 'Whiskers are 95% bootstrap intervals over deals. Two bots whose whiskers overlap may still differ clearly: see the paired gaps below.'
      : `The chart shows point estimates only: no interval is given (${esc(whyNoIntervals(summary))}), so it cannot say which gaps are more than luck (see In short).`
  }</p>
${
  summary.intervals.given
    ? pointChart('ratings', 'Ratings with 95% intervals', rows, 'rating (Elo-like points; whiskers: 95% interval)')
    : pointChart('ratings', 'Ratings (point estimates; no intervals)', rows, 'rating (Elo-like points; no intervals: too few deals)')
}
${ratingTable}
<p class="explain">Win rate: a shared win counts 1/k for each of its k winners. Its 95% interval is taken over deals, not games: a deal\u2019s seat rotations share the same chance (shuffles, draws and tie-breaks), so its games are correlated${designEffects(summary)}; Wilson\u2019s interval on the effective number of games, with t on deals \u2212 1 degrees of freedom. Mean position: 1 = first.${counterCols.map((c2) => ` ${esc(capital(counterLabel(c2)))}: ${esc(game.counters[c2]?.description ?? c2)}, per game.`).join('')}</p>
</section>`;
}

function gapSection(summary: TournamentSummary, colour: Palette): string {
  const rows: IntervalRow[] = summary.bots
    .filter((b) => b.vsBestOther !== null)
    .map((b) => ({
      label: `${b.bot} \u2212 ${b.vsBestOther!.bot}`,
      colour: colour(b.bot),
      value: b.vsBestOther!.elo,
      ci: b.vsBestOther!.ci95 ?? NO_INTERVAL,
      strong: b.vsBestOther!.significant,
      tooltip: `${b.bot} minus ${b.vsBestOther!.bot}: ${points(b.vsBestOther!.elo)} (95% interval ${pointsRange(b.vsBestOther!.ci95)})${b.vsBestOther!.significant ? ', significant' : b.vsBestOther!.ci95 ? ', interval includes 0' : ''}`,
    }));
  const d = summary.differences;
  const matrix = table(
    ['', ...d.bots.map((b) => esc(b))],
    d.bots.map((bot, i) => [
      `${swatch(colour(bot))}${esc(bot)}`,
      ...d.bots.map((_, j) => {
        if (i === j) return '<span class="pm">\u2014</span>';
        if (!d.lower || !d.upper) return points(d.elo[i][j]);
        const body = `${points(d.elo[i][j])}<span class="unit">${esc(points(d.lower[i][j]))}${DASH}${esc(points(d.upper[i][j]))}</span>`;
        return d.significant?.[i][j] ? `<span class="sig">${body}</span>` : body;
      }),
    ]),
    { numeric: d.bots.map((_, j) => j + 1), cls: 'compact' },
  );
  return `<section id="differences">
<h2>Rating differences</h2>
<p class="explain">Each bot against the best other bot (the top bot against the runner-up): the difference of the two ratings${
    summary.intervals.given
      ? ' with its 95% interval, taken from the same bootstrap resamples, so the luck of the deals both bots shared cancels. Bold orange: the interval excludes 0, the order of the two bots is established.'
      : `. No intervals and no significance: ${esc(whyNoIntervals(summary))} (see In short).`
  }</p>
${
  summary.intervals.given
    ? pointChart(
        'rating-gaps',
        'Rating gap to the best other bot with paired 95% intervals',
        rows,
        'rating difference (Elo-like points; whiskers: paired 95% interval)',
      )
    : pointChart('rating-gaps', 'Rating gap to the best other bot (point estimates)', rows, 'rating difference (Elo-like points; no intervals: too few deals)')
}
<h3>All pairs</h3>
<p class="explain">Row bot minus column bot${summary.intervals.given ? ', with the paired 95% interval below; bold orange where it excludes 0' : ''}.</p>
${matrix}
</section>`;
}

function headToHeadSection(summary: TournamentSummary): string {
  return `<section id="head-to-head">
<h2>Head to head</h2>
<p class="explain">Percentage of their common games in which the row bot finished ahead of the column bot (a tie counts \u00bd). Blue: the row bot is usually ahead; red: usually behind. Hover for the number of games and what the ratings predict.</p>
${heatMap(summary)}
</section>`;
}

function faultSection(summary: TournamentSummary, game: ReportGame): string {
  if (!summary.faults.length) {
    return `<section id="faults"><h2>Faults</h2><p class="explain">No bot threw, answered illegally, overran its time budget or hung.</p></section>`;
  }
  const rows = summary.faults.map((f) => [
    esc(f.bot),
    int(f.threw),
    int(f.illegal),
    int(f.timeout),
    int(f.hung),
    int(f.games),
    `${esc(f.first.reason)} in ${esc(f.first.request)}, game ${esc(f.first.game)}, seat ${esc(f.first.seat)}: ${esc(f.first.message)}<br><code style="overflow-wrap:anywhere">${esc(f.first.replay)}</code>`,
  ]);
  return `<section id="faults">
<h2>Faults</h2>
<p class="explain">A bot that throws, answers illegally or overruns its time budget plays that decision by the rules\u2019 fallback (${esc(game.faultRule)}). One that never returns is stopped: its worker is terminated and replaced, and the game is played again with that bot benched from the hung decision on (every later decision of it is the fallback). Its games stay in the ratings.</p>
${table(['bot', 'threw', 'illegal', 'timeout', 'hung', 'games', 'first fault and how to replay it'], rows, { numeric: [1, 2, 3, 4, 5] })}
</section>`;
}

function methodSection(summary: TournamentSummary): string {
  return `<section id="method">
<h2>How this was measured</h2>
<ul class="verdicts">
<li>Every line-up of ${esc(summary.players)} bots plays ${esc(int(summary.deals))} deals; each deal is played ${esc(summary.players)} times, the bots rotated one seat each time, with identical chance (shuffles, draws and tie-breaks: common random numbers). A bot\u2019s own random numbers follow the bot, not the seat.</li>
<li>The Plackett\u2013Luce model gives each bot a worth; the winner of a game is drawn in proportion to worth, then the second among the rest, and so on. It is fitted by Hunter\u2019s MM algorithm, shared places as fractional orders, with ${esc(summary.rating.pseudo)} pseudo-games against a reference bot so that the fit always exists.</li>
<li>${
    summary.intervals.given
      ? `Rating intervals: ${esc(int(summary.rating.bootstrap))} resamples of the deals with replacement (the rotations of a deal stay together), refitted each time; the ${esc(pct(summary.rating.quantiles[0], 2))} and ${esc(pct(summary.rating.quantiles[1], 2))} quantiles (Hesterberg\u2019s expanded percentile interval: plain 2.5% and 97.5% quantiles over ${esc(int(summary.rating.groups))} deals would cover less than 95%). Differences use the same resamples.`
      : `No intervals: ${esc(summary.intervals.reason ?? '')}.`
  }</li>
<li>Win-rate intervals: the deal is the unit. A cluster-robust variance over deals gives the design effect (variance over that of independent games, at least 1); the interval is Wilson\u2019s on the games divided by it, with the t quantile on deals \u2212 1 degrees of freedom (Korn &amp; Graubard 1998). Intervals and significance are given only when every bot played at least ${esc(summary.intervals.minimumDeals)} deals.</li>
</ul>
</section>`;
}

/** Why a tournament gives no intervals, in a few words: too few deals, or deals that were all the same. */
function whyNoIntervals(summary: TournamentSummary): string {
  return summary.intervals.fewestDeals < summary.intervals.minimumDeals
    ? `fewer than ${summary.intervals.minimumDeals} deals per bot`
    : 'every deal gave the same finishing orders, so resampling them shows no variation';
}

export function renderTournament(summary: TournamentSummary, run: RunFacts | null, game: ReportGame): string {
  const order = summary.bots.map((b) => b.bot);
  const colour: Palette = (bot) => {
    const i = order.indexOf(bot);
    return i < 0 ? MUTED : BOT_PALETTE[i % BOT_PALETTE.length];
  };
  const body = [
    header(summary, colour, run),
    timedBotsWarning(run),
    findings(summary),
    ratingSection(summary, colour, game),
    gapSection(summary, colour),
    headToHeadSection(summary),
    faultSection(summary, game),
    methodSection(summary),
    `<footer>goldpit ${esc(summary.version)} \u00b7 ${esc(summary.game)} tournament \u00b7 seed <code>${esc(summary.seed)}</code>. Self-contained page: no scripts, fonts or images are loaded. Ratings in Elo-like points (mean 0).</footer>`,
  ].join('\n');
  return htmlPage(`${game.title} tournament \u00b7 goldpit`, body);
}
