/**
 * `impact` speaks each game's language: a game names the metrics that carry its meaning
 * (GamePresentation.impactHeadline) and the terminal table and the report page lead with them; the
 * page's correlational table shows n beside every share.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { GAMES } from '../../src/games/registry.js';
import { headlineMetrics, leadMetric } from '../../src/report/impact-words.js';
import { reportGameOf } from '../../src/report/summary.js';
import type { ImpactReport, RunSummary } from '../../src/report/types.js';
import { alignColumns } from '../../src/report/write.js';
import { IMPACT_METRICS } from '../../src/sim/impact.js';
import { capture } from '../helpers/io.js';
import { tempDir } from '../helpers/temp.js';

describe('the headline metrics of each game', () => {
  it('are metrics impact measures; Goldrausch keeps the then-leader first, My Gold Mine leads with its key ending and the score spread', () => {
    for (const def of Object.values(GAMES)) {
      for (const m of def.presentation.impactHeadline ?? []) expect(IMPACT_METRICS).toContain(m);
    }
    expect(headlineMetrics(reportGameOf(GAMES.goldrausch))).toEqual(['leaderWin', 'lastWin', 'swing']);
    expect(headlineMetrics(reportGameOf(GAMES['my-gold-mine']))).toEqual(['ending', 'spread', 'swing']);
    expect(leadMetric(reportGameOf(GAMES['my-gold-mine']))).toBe('ending');
  });
});

describe('alignColumns', () => {
  it('pads every column to its widest cell, so a shorter interval does not shift the columns after it', () => {
    const lines = alignColumns([
      ['card', 'effect (95% CI)', 'swing'],
      ['a', '+2.4 (+1.5 to +3.3) *', '57.6%'],
      ['longer-name', '0.0 (0.0 to 0.0)', '0.8%'],
    ]);
    expect(lines).toEqual([
      'card                effect (95% CI)   swing',
      'a             +2.4 (+1.5 to +3.3) *   57.6%',
      'longer-name        0.0 (0.0 to 0.0)    0.8%',
    ]);
  });
});

describe('My Gold Mine impact, end to end', () => {
  const out = tempDir('goldpit-impact-headline-');
  const io = capture();
  let impact: ImpactReport;
  beforeAll(async () => {
    const scenario = 'scenarios/my-gold-mine-4p.json';
    expect(await runCli(['run', scenario, '--games', '1500', '--workers', '0', '--out', out, '--quiet'], capture())).toBe(0);
    expect(await runCli(['impact', scenario, '--card', 'all', '--games', '1500', '--workers', '0', '--out', out], io)).toBe(0);
    impact = JSON.parse(readFileSync(join(out, 'impact.json'), 'utf8')) as ImpactReport;
  });

  it('the terminal table shows the dragon ending, the score spread and the swing per draw, sorted by the dragon ending', () => {
    const lines = io.stdout.split('\n');
    const header = lines.find((l) => /^card +drawn in/.test(l))!;
    expect(header).toMatch(/^card +drawn in +dragon end pp \(95% CI\) +nuggets \+ final gold spread \(95% CI\) +swing$/);
    const rows = lines.slice(lines.indexOf(header) + 1, lines.indexOf(header) + 1 + impact.cards.length);
    const sorted = [...impact.cards].sort((a, b) => b.perDraw.ending.estimate - a.perDraw.ending.estimate || a.card.localeCompare(b.card));
    expect(rows.map((r) => r.split(/ +/)[0])).toEqual(sorted.map((c) => c.card));
    // Each row's interval is the card's own, and `*` marks exactly the FDR-significant ones.
    sorted.forEach((c, i) => {
      const e = c.perDraw.ending;
      const pp = (x: number) => `${x > 0 ? '+' : x < 0 ? '\u2212' : ''}${Math.abs(100 * x).toFixed(1)}`;
      expect(rows[i]).toContain(`${pp(e.estimate)} (${pp(e.ci95![0])} to ${pp(e.ci95![1])})`);
      const marks = (rows[i].match(/\*/g) ?? []).length;
      expect(marks).toBe(Number(e.significant) + Number(c.perDraw.spread.significant));
    });
    // Every row ends its columns where the header does.
    for (const r of rows) expect(r.length).toBe(header.length);
  });

  it('the page charts the dragon ending and states verdicts on the ending and the spread', () => {
    const page = readFileSync(join(out, 'report.html'), 'utf8');
    const section = page.slice(page.indexOf('<section id="card-impact">'));
    expect(section).toContain('<h3>Effect on the chance of a dragon ending, per game</h3>');
    expect(section).toContain('aria-label="Effect of each card on the chance of a dragon ending, per game, with 95% intervals"');
    expect(section).toMatch(
      /no detectable effect on the final nuggets \+ final gold spread per draw|card \S+ (raises|lowers) the final nuggets \+ final gold spread/,
    );
    expect(section).not.toContain('NaN');
    expect(page).toMatch(/change the chance of a dragon ending or the final nuggets \+ final gold spread detectably|No digging card kind changes/);
  });

  it('the correlational table gives n beside every share', () => {
    const page = readFileSync(join(out, 'report.html'), 'utf8');
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as RunSummary;
    const section = page.slice(page.indexOf('<section id="digging-cards">'), page.indexOf('</section>', page.indexOf('<section id="digging-cards">')));
    for (const card of summary.chanceCards) {
      expect(card.notDrawn).toBe(summary.games * 3 - card.draws);
      expect(section).toContain(`n = ${card.draws.toLocaleString('en-US')}</span>`);
      expect(section).toContain(`n = ${card.notDrawn!.toLocaleString('en-US')}</span>`);
    }
  });
});
