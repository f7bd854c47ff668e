import { describe, expect, it } from 'vitest';
import { cardVerdict, renderReport, seatVerdict, winRateVerdict } from '../../src/report/html.js';
import { GAMES } from '../../src/games/registry.js';
import { reportGameOf } from '../../src/report/summary.js';
import { summaryTable } from '../../src/report/write.js';
import type { RunSummary } from '../../src/report/types.js';

const GR = reportGameOf(GAMES.goldrausch);
import { makeImpactReport, makeRunSummary } from './fixture.js';

const CHARTS = ['bot-win-rates', 'seat-win-rates', 'seat-advantage', 'gold-curves', 'winner-curve', 'game-length', 'endings', 'leader-wins', 'per-round'];

/** The data-chart names of the drawn charts (svg.chart), in page order. */
const charts = (html: string): string[] => [...html.matchAll(/<svg class="chart" data-chart="([^"]+)"/g)].map((m) => m[1]);
/** Visible text, tags removed and entities decoded (enough for the entities the renderer writes). */
const text = (html: string): string =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<title>[\s\S]*?<\/title>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('renderReport', () => {
  const summary = makeRunSummary();
  const impact = makeImpactReport();
  const html = renderReport(summary, impact, null, GR);

  it('is one HTML page with every chart drawn as inline SVG', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(charts(html)).toEqual([...CHARTS, 'card-impact']);
  });

  it('loads nothing from the network: no http(s) URL in a src or href, no scripts, no external CSS', () => {
    expect(html).not.toMatch(/\b(?:src|href|xlink:href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/url\(\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/@import/i);
    expect(html).not.toMatch(/<script|<link|<img|<iframe/i);
  });

  it('prints the run facts, the changed rules and the synthetic-deck note', () => {
    const t = text(html);
    expect(t).toContain('goldpit-baseline');
    expect(t).toContain('goldrausch-synthetic-v1');
    expect(t).toContain('synthetic placeholder deck, not the publisher’s cards');
    expect(t).toContain('penaltySink = "continent"');
    expect(t).toContain('goldpit 0.1.0');
  });

  it('gives a game without a deck (GOLD) no deck row in the header and no deck in the footer', () => {
    const page = renderReport({ ...summary, deckId: '', dataIds: {} }, null, null, GR);
    expect(page).not.toContain('<dt>deck</dt>');
    expect(page).not.toMatch(/deck <code>/);
    expect(html).toContain('<dt>deck</dt>');
    expect(html).toContain('deck <code>goldrausch-synthetic-v1</code>');
    // The terminal's first line too: no "deck " with nothing after it.
    expect(summaryTable({ ...summary, deckId: '' }, GR).split('\n')[0]).toBe('baseline: 5000 games, seed "goldpit-baseline"');
    expect(summaryTable(summary, GR).split('\n')[0]).toMatch(/, deck goldrausch-synthetic-v1$/);
  });

  it('keeps the terminal table\u2019s columns in line when one interval is shorter than another', () => {
    const bots = summary.bots.map((b, i) => (i === 0 ? { ...b, winRate: 0.104, ci95: [0.075, 0.144] as [number, number] } : b));
    const lines = summaryTable({ ...summary, bots }, GR).split('\n');
    const rows = lines.slice(
      lines.findIndex((l) => l.startsWith('bot ')),
      lines.findIndex((l) => l.startsWith('bot ')) + 1 + bots.length,
    );
    expect(rows[1]).toContain('(7.5%\u201314.4%)');
    // Every row ends its interval and its mean score at the same column as the header does.
    const ends = (line: string, re: RegExp) => {
      const m = re.exec(line)!;
      return m.index + m[0].length;
    };
    for (const row of rows.slice(1)) {
      expect(ends(row, /\)/)).toBe(ends(rows[0], /\(95% CI\)/));
      expect(ends(row, /\)\s+\d+\.\d\d/)).toBe(ends(rows[0], /mean gold/));
    }
  });

  it('does not call a publisher deck synthetic', () => {
    const t = text(renderReport({ ...summary, deckId: 'publisher-2019' }, null, null, GR));
    expect(t).toContain('publisher-2019');
    expect(t).not.toContain('synthetic placeholder deck');
  });

  it('escapes a bot named <script> wherever it appears', () => {
    const hostile = renderReport(makeRunSummary({ lineup: ['<script>', 'cooperative', 'betrayer', 'a"b&c'] }), impact, null, GR);
    expect(hostile).not.toContain('<script>');
    expect(hostile).toContain('&lt;script&gt;');
    expect(hostile).toContain('a&quot;b&amp;c');
    expect(hostile).not.toContain('a"b');
    expect(text(hostile)).toContain('<script> wins 34.2% (33.5–34.9%), clearly above an equal share');
  });

  it('states win rates with their interval against the equal share', () => {
    const t = text(html);
    expect(t).toContain('greedy wins 34.2% (33.5–34.9%), clearly above an equal share');
    expect(t).toContain('betrayer wins 11.5% (10.9–12.1%), clearly below an equal share');
    expect(t).toContain('reciprocal wins 25.2% (24.6–25.8%): no detectable difference from an equal share (25.0%)');
  });

  it('states seat effects as pp ± half-width, and an interval containing 0 as no detectable effect', () => {
    const t = text(html);
    expect(t).toContain('seat 1 wins 4.1 pp more than an equal share ± 0.6');
    expect(t).toContain('seat 2 wins 13.5 pp less than an equal share ± 0.6');
    expect(t).toContain('seat 3: no detectable effect (+0.2 pp ± 0.6 against an equal share)');
    expect(t).toContain('χ² = 612.40 on 3 df, p < 0.001: seats do not win equally often');
    expect(t).toContain('Balance 0.773');
  });

  it('warns that seat differences mix seat and bot effects unless the line-up is a mirror', () => {
    expect(text(html)).toContain('seat differences mix seat and bot effects');
    const mirror = renderReport(makeRunSummary({ lineup: ['cooperative', 'cooperative', 'cooperative', 'cooperative'] }), null, null, GR);
    expect(text(mirror)).not.toContain('seat differences mix seat and bot effects');
    expect(text(mirror)).toContain('a mirror line-up');
  });

  it('labels the descriptive event-card table as correlational', () => {
    const section = html.slice(html.indexOf('id="event-cards"'), html.indexOf('id="card-impact"'));
    expect(text(section)).toMatch(/correlational/i);
    expect(text(section)).toContain('Correlational, not causal.');
    expect(section).toContain('gold-shower-azul');
  });

  it('phrases card effects with their interval, significance after FDR control, and no overclaiming', () => {
    const t = text(html);
    expect(t).toContain("card gold-shower-azul raises the then-leader's win chance by 3.0 pp ± 1.1 per draw (significant after FDR control)");
    expect(t).toContain("card market-crash lowers the then-leader's win chance by 5.1 pp ± 1.4 per draw (significant after FDR control)");
    expect(t).toMatch(
      /card hurricane raises the then-leader's win chance by 2\.4 pp ± 2\.2 per draw \(not significant after FDR control across 25 cards, q = 0\.090; may be chance\)/,
    );
    expect(t).toContain("The other 22 cards: no detectable effect on the then-leader's win chance per draw");
  });

  it('sorts the card-impact chart by the per-game effect on the then-leader and highlights significant cards', () => {
    const chart = html.slice(html.indexOf('data-chart="card-impact"'));
    const order = [...chart.slice(0, chart.indexOf('</svg>')).matchAll(/<text class="row-label[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(order).toHaveLength(25);
    expect(order[0]).toBe('gold-shower-azul');
    expect(order.at(-1)).toBe('market-crash');
    expect((chart.match(/<g class="significant">/g) ?? []).length).toBe(2);
  });

  it('leaves out the card-impact section when there is no impact report', () => {
    const plain = renderReport(summary, null, null, GR);
    expect(charts(plain)).toEqual(CHARTS);
    expect(plain).not.toContain('id="card-impact"');
    expect(plain).not.toContain('data-chart="card-impact"');
  });

  it('shows a visible "no data" note instead of an empty chart', () => {
    const empty: RunSummary = {
      ...summary,
      bots: [],
      seats: [],
      goldCurve: [],
      winnerCurve: [],
      seatAdvantage: { ...summary.seatAdvantage, seats: [] },
      gameShape: { ...summary.gameShape, lengthDistribution: [], perRound: [], endings: {}, tension: { ...summary.gameShape.tension, leaderWins: [] } },
      chanceCards: [],
    };
    const page = renderReport(empty, { ...impact, cards: [] }, null, GR);
    expect(charts(page)).toEqual([]);
    for (const name of [...CHARTS, 'card-impact']) expect(page).toMatch(new RegExp(`<p class="no-data" data-chart="${name}">No data`));
    expect(page).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('writes no NaN, Infinity or undefined into the page', () => {
    expect(html).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('gives the same bytes for the same inputs', () => {
    expect(renderReport(makeRunSummary(), makeImpactReport(), null, GR)).toBe(html);
  });
});

describe('verdict phrases', () => {
  it('reads a win-rate interval against the equal share', () => {
    expect(winRateVerdict('greedy', 0.342, [0.335, 0.349], 0.25)).toBe('greedy wins 34.2% (33.5–34.9%), clearly above an equal share');
    expect(winRateVerdict('silent', 0.26, [0.24, 0.28], 0.25)).toBe('silent wins 26.0% (24.0–28.0%): no detectable difference from an equal share (25.0%)');
  });

  it('reads a seat deviation as pp ± half-width', () => {
    expect(seatVerdict(1, 0.041, [0.035, 0.047])).toBe('seat 1 wins 4.1 pp more than an equal share ± 0.6');
    expect(seatVerdict(2, -0.003, [-0.009, 0.003])).toBe('seat 2: no detectable effect (−0.3 pp ± 0.6 against an equal share)');
  });

  it('reads a card effect, per draw or per game, with its FDR status', () => {
    const e = { estimate: 0.03, ci95: [0.019, 0.041] as const, pValue: 0.001, qValue: 0.01, significant: true, n: 1200 };
    expect(cardVerdict('X', e, 'leaderWin', 'per draw', 25, GR)).toBe(
      "card X raises the then-leader's win chance by 3.0 pp ± 1.1 per draw (significant after FDR control)",
    );
    expect(cardVerdict('X', { ...e, estimate: 0.4, ci95: [-0.1, 0.9], significant: false, qValue: 0.7 }, 'spread', 'per game', 25, GR)).toBe(
      'card X: no detectable effect on the final gold spread per game (+0.40 gold ± 0.50)',
    );
  });
});

describe('the "How a game feels" section', () => {
  it('words the tension figures of the summary, with the leader-wins curve and its band', () => {
    const page = renderReport(makeRunSummary(), null, null, GR);
    const section = page.slice(page.indexOf('<section id="tension">'), page.indexOf('</section>', page.indexOf('<section id="tension">')));
    // The fixture: 2.84 lead changes, decided at 65% of the game, winner behind in 58% of games by 4.2 at worst, margin 3.1, 7% level.
    expect(section).toContain('A lively contest: the lead changes hands 2.8 times in an average game.');
    expect(section).toContain('On average the winner leads for good from 65% of the way through (rounds): games are settled in the middle.');
    expect(section).toContain(
      'In 58% of won games the winner was behind at some point (by 4.2 gold at worst, on average); the mean final margin is 3.1 gold, and 7.0% of won games ended level on gold',
    );
    // Leader after round 5 (the middle of 10 points): 50% (49–51%), chance 25%.
    expect(section).toContain('The leader after round 5 goes on to win 50% of the time (49–51%; chance would be 25%).');
    expect(section).toMatch(/data-chart="leader-wins"/);
  });
});

describe('the "Example games" section', () => {
  it('links each figure to its example games, each a replay-K.html beside the report, and each figure to its section', () => {
    const base = makeRunSummary();
    const summary = {
      ...base,
      examples: {
        bots: Object.fromEntries(base.bots.map((b, i) => [b.bot, [i, i + 4]])),
        seats: base.seats.map((s) => [s.seat, s.seat + 10]),
        endings: { race: [1, 2, 3], clock: [0] },
        sharedWins: [],
        comebacks: [{ after: 5, games: [7] }],
        chanceCards: [{ card: 'subsidy', games: [12] }],
        longest: { game: 40, value: 14 },
        shortest: { game: 3, value: 6 },
        largestSpread: null,
        mostLeadChanges: { game: 8, value: 9 },
        largestWinnerDeficit: { game: 9, value: 21 },
        narrowestMargin: { game: 2, value: 0 },
      },
    };
    const page = renderReport(summary, null, null, GR);
    const section = page.slice(page.indexOf('<section id="examples">'), page.indexOf('</section>', page.indexOf('<section id="examples">')));
    expect(section).toContain(
      '<a href="#shape">ended by the race</a></td><td><a class="example" href="replay-1.html">game 1</a> <a class="example" href="replay-2.html">game 2</a> <a class="example" href="replay-3.html">game 3</a>',
    );
    expect(section).toContain('<a href="#shape">shared wins</a></td><td><span class="muted">none</span>');
    expect(section).toContain('<a href="#tension">the most lead changes (9)</a></td><td><a class="example" href="replay-8.html">game 8</a>');
    expect(section).toContain('the longest game (14 rounds)');
    expect(section).not.toContain('final gold spread');
    // Every linked figure exists on the page.
    for (const [, id] of section.matchAll(/href="#([^"]+)"/g)) expect(page).toContain(`<section id="${id}">`);
  });
});
