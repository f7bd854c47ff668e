/**
 * skill.html: one self-contained page for a skill ladder, in the style of the other pages (same
 * head, style sheet and SVG toolkit from html.ts; no scripts): the verdicts, the ratings, the
 * matchup matrix as a heat map, skill depth per budget family, luck versus skill, faults, method.
 */
import type { LuckShares, SkillJson } from '../skill/types.js';
import {
  BOT_PALETTE,
  c,
  clip,
  DASH,
  esc,
  htmlPage,
  int,
  isNum,
  MINUS,
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
  WIDTH,
  type IntervalRow,
  type RunFacts,
} from './html.js';
import { dataIdRows } from './data-ids.js';
import { pointChart, points, pointsRange, shareColour } from './tournament-html.js';
import type { Interval } from './types.js';

const NO_INTERVAL: Interval = [Number.NaN, Number.NaN];

/** Percentage points with a sign: "+3.1 pp". */
const pp = (x: number, digits = 1): string => {
  if (!isNum(x)) return '\u2014';
  const t = (100 * x).toFixed(digits);
  return `${Number(t) > 0 ? '+' : Number(t) < 0 ? MINUS : ''}${t.replace('-', '')} pp`;
};
const ppRange = (ci: Interval | null): string => (ci ? `${pp(ci[0])} to ${pp(ci[1])}` : 'no interval');

function header(s: SkillJson, run: RunFacts | null): string {
  const facts: [string, string][] = [
    ['game', `${esc(s.title)} <span class="seat">(${esc(s.game)})</span>`],
    ['scenario', `<code>${esc(s.scenario.file)}</code> (its rules and parameters; its seats are replaced by the tiers)`],
    ['players', esc(s.players)],
    [
      'tiers',
      `<ul class="rules">${s.tiers.map((t, i) => `<li>${swatch(BOT_PALETTE[i % BOT_PALETTE.length])}${esc(t.tier)}${t.source === 'built-in' ? '' : ` <span class="seat">${esc(t.source)}</span>`}</li>`).join('')}</ul>`,
    ],
    [
      'schedule',
      `${esc(int(s.tables))} tables (every tier\u2019s seat against ${esc(s.players - 1)} seats of every other tier) \u00d7 ${esc(int(s.deals))} deals \u00d7 ${esc(s.players)} seat rotations = ${esc(int(s.games))} games, every table on the same deals`,
    ],
    ['seed', `<code>${esc(s.seed)}</code>`],
    ...dataIdRows(s.data ?? []),
    ['intervals', s.intervals.given ? `95%; ratings: ${esc(s.rating.method)}` : `none: ${esc(s.intervals.reason ?? '')}`],
    ['time limit', s.botTimeoutMs === null ? 'no per-decision budget' : `${esc(int(s.botTimeoutMs))} ms per decision`],
    ['rules changed', rulesChanged(s.changedRules)],
    ['version', `goldpit ${esc(s.version)}`],
  ];
  if (run)
    facts.push([
      'wall time',
      `${esc(num(run.wallSeconds, 1))} s on ${esc(run.workers)} worker${run.workers === 1 ? '' : 's'} (${esc(num(s.games / run.wallSeconds, 1))} games/s), ${esc(run.finishedAt)}`,
    ]);
  const faults = s.faults.length
    ? `<div class="warning"><strong>Bot faults.</strong> ${s.faults.map((f) => `${esc(f.tier)} faulted ${esc(int(f.total))} times in ${esc(int(f.games))} games.`).join(' ')} A faulting bot plays that decision by the rules' fallback (see <a href="#faults">Faults</a>).</div>`
    : '';
  return `<header>
<p class="kicker">goldpit \u00b7 skill ladder</p>
<h1>${esc(s.title)}: the skill ladder of ${esc(s.tiers.length)} tiers</h1>
<p class="lede">Does skill pay in this game, how far up, and how much of a result is the deal? Every tier takes one seat against ${esc(s.players - 1)} copies of every other tier, on the same ${esc(int(s.deals))} deals, in every seat.</p>
<dl class="facts">${facts.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>
<details><summary>Resolved parameters (defaults included)</summary><pre>${esc(JSON.stringify(s.parameters, null, 2))}</pre></details>${faults}
</header>`;
}

function ratingSection(s: SkillJson): string {
  const order = s.tiers.map((t, i) => ({ t, i })).sort((a, b) => b.t.elo - a.t.elo || a.t.tier.localeCompare(b.t.tier));
  const rows: IntervalRow[] = order.map(({ t, i }) => ({
    label: t.tier,
    colour: BOT_PALETTE[i % BOT_PALETTE.length],
    value: t.elo,
    ci: t.eloCi95 ?? NO_INTERVAL,
    tooltip: `${t.tier}: ${points(t.elo)} (95% interval ${pointsRange(t.eloCi95)})`,
  }));
  const body = table(
    ['tier', 'rating<span class="unit">95% interval</span>', 'its seat wins<span class="unit">mean over tables</span>', 'seat-games', 'mean score', 'faults'],
    order.map(({ t, i }) => [
      `${swatch(BOT_PALETTE[i % BOT_PALETTE.length])}${esc(t.tier)}`,
      `${points(t.elo)}<span class="unit">${esc(pointsRange(t.eloCi95))}</span>`,
      pct(t.focalWinShare),
      int(t.seatGames),
      num(t.meanScore, 1),
      t.faults ? `<strong class="bad">${int(t.faults)}</strong>` : '0',
    ]),
    { numeric: [1, 2, 3, 4, 5], cls: 'compact' },
  );
  return `<section id="ratings">
<h2>Ratings</h2>
<p class="explain">One Plackett\u2013Luce fit to every game\u2019s finishing order, a tier counted once for each seat it holds: an Elo-like scale (mean 0 over the tiers) where 400 points mean 10:1 odds of finishing ahead. ${
    s.intervals.given ? 'Whiskers: 95% intervals from a bootstrap of the deals.' : 'No whiskers: too few deals for intervals.'
  }</p>
${pointChart('skill-ratings', 'Ratings of the tiers with 95% intervals', rows, 'rating (Elo-like points; whiskers: 95% interval)')}
${body}
</section>`;
}

/** The matchup matrix: rows the seat's tier, columns the table's; a cell is the seat's win share. */
function matchupHeatMap(s: SkillJson): string {
  const n = s.tiers.length;
  if (n < 2) return noData('matchups', 'fewer than two tiers');
  const equal = 1 / s.players;
  const left = 170;
  const top = 120;
  const cell = Math.min(64, Math.floor((WIDTH - left - 10) / n));
  const width = left + n * cell + 10;
  const height = top + n * cell + 10;
  const out = [svgOpen('matchups', width, height, "Matchup matrix: the row tier's seat's win share at a table of the column tier")];
  s.tiers.forEach((t, j) => {
    const cx = left + j * cell + cell / 2;
    out.push(`<text class="row-label" transform="translate(${c(cx + 4)} ${c(top - 8)}) rotate(-50)">${esc(clip(t.tier, 20))}</text>`);
  });
  s.tiers.forEach((t, i) => {
    const cy = top + i * cell + cell / 2;
    out.push(`<text class="row-label" x="${left - 8}" y="${c(cy + 4)}" text-anchor="end">${esc(clip(t.tier, 22))}</text>`);
    s.tiers.forEach((_, j) => {
      const x0 = left + j * cell;
      const y0 = top + i * cell;
      const m = s.matchups[i][j];
      if (m === null) {
        out.push(`<rect x="${c(x0)}" y="${c(y0)}" width="${cell}" height="${cell}" fill="#f6f7f9" stroke="#fff"/>`);
        return;
      }
      const tip = `${m.focal}'s seat at a table of ${m.table}: wins ${pct(m.winShare)} of ${int(m.games)} games${m.ci95 ? ` (95% interval ${pctRange(m.ci95)})` : ''}; an equal share is ${pct(equal)}${m.significant ? ' \u2014 the interval excludes it' : ''}`;
      out.push(
        `<g${m.significant ? ' class="significant"' : ''}>${title(tip)}<rect x="${c(x0)}" y="${c(y0)}" width="${cell}" height="${cell}" fill="${shareColour(m.winShare, equal)}" stroke="#fff"/>`,
      );
      const dark = Math.abs(m.winShare - equal) > 0.22;
      out.push(
        `<text class="cell${m.significant ? '' : ' faint'}" x="${c(x0 + cell / 2)}" y="${c(y0 + cell / 2 + 4)}" text-anchor="middle"${dark ? ' fill="#fff"' : ''}${m.significant ? '' : ' font-weight="400"'}>${esc(num(100 * m.winShare, 0))}</text></g>`,
      );
    });
  });
  out.push('</svg>');
  return out.join('');
}

function matchupSection(s: SkillJson): string {
  const equal = 1 / s.players;
  const rows = s.tiers.map((t, i) => [
    `<span class="seat">${i + 1}</span> ${esc(t.tier)}`,
    ...s.tiers.map((_, j) => {
      const m = s.matchups[i][j];
      if (m === null) return '<span class="pm">\u2014</span>';
      const body = `${num(100 * m.winShare, 1)}${m.ci95 ? `<span class="unit">${esc(num(100 * m.ci95[0], 1))}${DASH}${esc(num(100 * m.ci95[1], 1))}</span>` : ''}`;
      return m.significant ? `<span class="sig">${body}</span>` : body;
    }),
  ]);
  return `<section id="matchups">
<h2>Matchups</h2>
<p class="explain">The row tier\u2019s seat at a table of the column tier: the share of games it wins (in %; a shared win counts 1/k to each of its k winners). An equal share is ${esc(pct(equal))}: blue cells beat it, red ones fall short. ${
    s.intervals.given ? 'Bold numbers: the 95% interval (over deals, hover a cell) excludes the equal share.' : 'No intervals: too few deals.'
  }</p>
${matchupHeatMap(s)}
<h3>With intervals</h3>
<p class="explain">Win share in % with its 95% interval below${s.intervals.given ? '; bold orange where the interval excludes the equal share' : ''}. Rows: the seat\u2019s tier; columns: the table\u2019s, numbered as the rows.</p>
${table(['seat \\ table', ...s.tiers.map((t, j) => `<span title="${esc(t.tier)}">${j + 1}</span>`)], rows, { numeric: s.tiers.map((_, j) => j + 1), cls: 'compact' })}
</section>`;
}

function depthSection(s: SkillJson): string {
  if (s.depth.length === 0) {
    return `<section id="depth"><h2>Skill depth</h2><p class="explain">No tier family has two or more search budgets (tiers named <code>BOT:iterations=N</code>), so there is no budget ladder to climb. Add budgets with <code>--budgets</code>.</p></section>`;
  }
  const parts = s.depth.map((d) => {
    const rows: IntervalRow[] = d.steps.map((step, i) => ({
      label: `${int(step.from)} \u2192 ${int(step.to)}`,
      colour: BOT_PALETTE[i % BOT_PALETTE.length],
      value: step.gain,
      ci: step.ci95 ?? NO_INTERVAL,
      strong: step.significant,
      tooltip: `${d.family} at ${int(step.to)} iterations, one seat at a table of ${int(step.from)}: ${pp(step.gain)} over an equal share (95% interval ${ppRange(step.ci95)})`,
    }));
    const body = table(
      ['budget step', 'gain<span class="unit">95% interval</span>', 'rating gain<span class="unit">95% interval</span>', 'significant'],
      d.steps.map((step) => [
        `${int(step.from)} \u2192 ${int(step.to)} <span class="seat">(\u00d7${esc(step.ratio)})</span>`,
        `${esc(pp(step.gain))}<span class="unit">${esc(ppRange(step.ci95))}</span>`,
        `${points(step.elo)}<span class="unit">${esc(pointsRange(step.eloCi95))}</span>`,
        step.ci95 === null ? '\u2014' : step.significant ? '<span class="sig">yes</span>' : 'no',
      ]),
      { numeric: [1, 2], cls: 'compact' },
    );
    const depthText = d.depth === null ? 'no intervals, so no depth' : `skill depth ${d.depth} of ${d.steps.length} step${d.steps.length === 1 ? '' : 's'}`;
    return `<h3>${esc(d.family)}: ${esc(depthText)}</h3>
${pointChart(`depth-${d.family}`, `Gain per budget step of ${d.family}`, rows, 'win share over an equal share (pp; whiskers: 95% interval)', (x) => pp(x, 0))}
${body}`;
  });
  return `<section id="depth">
<h2>Skill depth</h2>
<p class="explain">Each budget step of a search agent: one seat at the higher budget against ${esc(s.players - 1)} seats at the lower, its win share minus an equal share (${esc(pct(1 / s.players))}). Skill depth counts the steps, from the lowest budget, that gain significantly before the first that does not (a fixed-sequence test, so the count as a whole keeps a 5% error). The rating gain is the difference of the two Plackett\u2013Luce ratings, with its paired interval.</p>
${parts.join('\n')}
</section>`;
}

function shareCells(l: LuckShares): string[] {
  const cell = (e: { share: number; ci95: Interval | null }) => `${pct(e.share, 0)}${e.ci95 ? `<span class="unit">${esc(pctRange(e.ci95, 0))}</span>` : ''}`;
  return [cell(l.luck), cell(l.skill), cell(l.interaction)];
}

/** One stacked bar of the three shares, with the luck and skill intervals as whiskers. */
function luckBar(s: SkillJson): string {
  const l = s.luck!;
  const left = 20;
  const right = WIDTH - 20;
  const top = 30;
  const h = 34;
  const x = (v: number) => left + v * (right - left);
  const parts = [
    { key: 'luck', label: 'the deal', share: l.luck, colour: '#ef8a17' },
    { key: 'skill', label: 'the tiers', share: l.skill, colour: '#4269d0' },
    { key: 'interaction', label: 'both together', share: l.interaction, colour: '#b8bec6' },
  ];
  const out = [svgOpen('luck-skill', WIDTH, top + h + 60, 'Shares of the variance of a seat\u2019s result: the deal, the tiers, both together')];
  let at = 0;
  for (const p of parts) {
    const w = p.share.share;
    out.push(
      `<g>${title(`${p.label}: ${pct(w)}${p.share.ci95 ? ` (95% interval ${pctRange(p.share.ci95)})` : ''}`)}<rect x="${c(x(at))}" y="${top}" width="${c(Math.max(0, x(at + w) - x(at)))}" height="${h}" fill="${p.colour}"/>`,
    );
    if (w >= 0.08) out.push(`<text class="on-bar" x="${c(x(at + w / 2))}" y="${c(top + h / 2 + 5)}" text-anchor="middle">${esc(pct(w, 0))}</text>`);
    out.push('</g>');
    at += w;
  }
  let lx = left;
  for (const p of parts) {
    out.push(
      `<rect x="${c(lx)}" y="${c(top + h + 22)}" width="12" height="12" fill="${p.colour}"/><text class="legend" x="${c(lx + 18)}" y="${c(top + h + 32)}">${esc(p.label)}</text>`,
    );
    lx += 18 + 7 * p.label.length + 28;
  }
  out.push('</svg>');
  return out.join('');
}

function luckSection(s: SkillJson): string {
  const l = s.luck;
  if (!l) return `<section id="luck"><h2>Luck versus skill</h2>${noData('luck-skill', 'fewer than two tables')}</section>`;
  const byTable = l.byTable.length
    ? `<h3>At each table</h3>
<p class="explain">The same decomposition among the tables of one tier (its ${esc(s.players - 1)} seats fixed, the other seat\u2019s tier varying): does the deal matter more when the table plays well?</p>
${table(
  ['table', 'the deal', 'the tiers', 'both together'],
  l.byTable.map((t) => [esc(t.table), ...shareCells(t)]),
  { numeric: [1, 2, 3], cls: 'compact' },
)}`
    : '';
  return `<section id="luck">
<h2>Luck versus skill</h2>
<p class="explain">How much of the variance of one seat\u2019s result (${esc(l.outcome)}, ${esc(int(l.tables))} tables \u00d7 ${esc(int(l.deals))} deals \u00d7 ${esc(l.seats)} seats, variance ${esc(num(l.variance, 4))}) goes with <strong>the deal</strong> (its cards and the seat it dealt: the same under every table), with <strong>the tiers</strong> (which tier sits in the seat and which at the table), and with <strong>both together</strong> (how the deal\u2019s effect depends on who plays, with the bots\u2019 own chance). The skill share is that of this ladder: its spread of tiers, uniform play included.${
    l.luck.ci95 ? ' Intervals: a jackknife over the deals, on the logit scale.' : ''
  }</p>
${luckBar(s)}
${table(['', 'the deal', 'the tiers', 'both together'], [['every table', ...shareCells(l)]], { numeric: [1, 2, 3], cls: 'compact' })}
${byTable}
</section>`;
}

function faultSection(s: SkillJson): string {
  if (!s.faults.length)
    return `<section id="faults"><h2>Faults</h2><p class="explain">No bot threw, answered illegally, overran its time budget or hung.</p></section>`;
  return `<section id="faults">
<h2>Faults</h2>
<p class="explain">A faulting bot plays that decision by the rules\u2019 fallback; its games stay in the figures. Replay a game with <code>goldpit skill \u2026 --replay G</code> and the same options.</p>
${table(
  ['tier', 'threw', 'illegal', 'timeout', 'hung', 'games', 'first fault'],
  s.faults.map((f) => [
    esc(f.tier),
    int(f.threw),
    int(f.illegal),
    int(f.timeout),
    int(f.hung),
    int(f.games),
    `${esc(f.first.reason)} in ${esc(f.first.request)}, game ${esc(f.first.game)}, seat ${esc(f.first.seat)}: ${esc(f.first.message)}`,
  ]),
  { numeric: [1, 2, 3, 4, 5] },
)}
</section>`;
}

function methodSection(s: SkillJson): string {
  return `<section id="method">
<h2>How this was measured</h2>
<ul class="verdicts">
<li>For every ordered pair of different tiers (A, B) a table seats one A against ${esc(s.players - 1)} B. Every table plays the same ${esc(int(s.deals))} deals (common random numbers: the same shuffles, draws and tie-breaks), each in all ${esc(s.players)} seat rotations, so A sits in every seat of every deal once.</li>
<li>Win-share intervals: the deal is the unit (its rotations share their chance); Wilson\u2019s interval on the effective number of games, t on deals \u2212 1 degrees of freedom.</li>
<li>Ratings: Plackett\u2013Luce on every finishing order (a tier once per seat it holds), Hunter\u2019s MM algorithm; ${esc(s.rating.method)}.</li>
<li>Luck versus skill: a two-way analysis of variance of the seat\u2019s win share over tables (fixed) \u00d7 deal-and-seat (random), by the method of moments; each share is its variance component over their sum; intervals from a delete-one-deal jackknife on the logit scale. The definition and its coverage check are in docs/statistics.md.</li>
${s.intervals.given ? '' : `<li>No intervals: ${esc(s.intervals.reason ?? '')}.</li>`}
</ul>
</section>`;
}

export function renderSkill(s: SkillJson, run: RunFacts | null): string {
  const body = [
    header(s, run),
    `<section id="in-short"><h2>In short</h2>${verdicts(s.verdicts)}</section>`,
    ratingSection(s),
    matchupSection(s),
    depthSection(s),
    luckSection(s),
    faultSection(s),
    methodSection(s),
    `<footer>goldpit ${esc(s.version)} \u00b7 ${esc(s.game)} skill ladder \u00b7 seed <code>${esc(s.seed)}</code>. Self-contained page: no scripts, fonts or images are loaded.</footer>`,
  ].join('\n');
  return htmlPage(`${s.title} skill ladder \u00b7 goldpit`, body);
}
