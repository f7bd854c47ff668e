/** The report's wording (issue 17, item 13): counters in words, "equal share", "1 card", axis titles clear of their ticks, print, no bold zeros. */
import { describe, expect, it } from 'vitest';
import { cardVerdict, countOf, counterWords, niceAxis, ordinal, renderReport, signed, tickDigits, yAxis } from '../../src/report/html.js';
import type { PairedEffect } from '../../src/report/types.js';
import { GAMES } from '../../src/games/registry.js';
import { reportGameOf } from '../../src/report/summary.js';
import { makeImpactReport, makeRunSummary } from './fixture.js';

const GR = reportGameOf(GAMES.goldrausch);

describe('report wording', () => {
  it('names a counter the game gives no label in words, not as an identifier', () => {
    expect(counterWords('successfulUpgrades')).toBe('successful upgrades');
    expect(counterWords('fines')).toBe('fines');
    expect(GR.counters.bridgesBuilt).toBeUndefined();
    const summary = makeRunSummary();
    const html = renderReport({ ...summary, perGame: { bridgesBuilt: Object.fromEntries(summary.bots.map((b) => [b.bot, 1.5])) } }, null, null, GR);
    expect(html).toContain('<td>bridges built</td>');
    expect(html).not.toContain('bridgesBuilt');
  });

  it('says "every 3rd turn", not "every 3th turn"', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });

  it('labels a narrow axis with enough decimals that neighbouring ticks differ (never "−0.1 −0.1 0")', () => {
    for (const [lo, hi] of [
      [-0.0015, 0.0015],
      [-0.0004, 0.0012],
      [-0.02, 0.03],
      [-0.3, 0.2],
    ]) {
      const { ticks } = niceAxis(lo, hi);
      const labels = ticks.map((v) => (v === 0 ? '0' : signed(100 * v, tickDigits(ticks, 100))));
      expect(new Set(labels).size, labels.join(' ')).toBe(ticks.length);
    }
    expect(tickDigits([-0.001, -0.0005, 0, 0.0005], 100)).toBe(2);
    expect(tickDigits([-0.1, 0, 0.1], 100)).toBe(0);
  });

  it('says "1 card", not "1 cards"', () => {
    expect(countOf(1, 'card')).toBe('1 card');
    expect(countOf(25, 'card')).toBe('25 cards');
    const effect: PairedEffect = { n: 500, estimate: 0.02, ci95: [0.001, 0.039], pValue: 0.04, qValue: 0.04, significant: false } as PairedEffect;
    expect(cardVerdict('hurricane', effect, 'leaderWin', 'per draw', 1, GR)).toContain('across 1 card,');
  });

  it('puts the y axis title left of its widest tick label', () => {
    const svg = yAxis(
      [0, 500_000, 1_000_000],
      (v) => 200 - v / 10_000,
      80,
      600,
      (v) => v.toLocaleString('en-US'),
      'games',
      100,
    );
    const x = Number(/translate\(([\d.-]+) /.exec(svg)![1]);
    // "1,000,000" is 9 characters of ~6.6 px right-aligned at 74 px: it starts near 14.6 px.
    expect(x).toBeLessThan(80 - 6 - 9 * 6.6);
    const narrow = yAxis([0, 5], (v) => v, 80, 600, String, 'games', 100);
    expect(Number(/translate\(([\d.-]+) /.exec(narrow)![1])).toBe(40);
  });

  it('lets wide tables wrap instead of being clipped when printed', () => {
    const html = renderReport(makeRunSummary(), makeImpactReport(), null, GR);
    const print = /@media print\{[^@]*\}\}/.exec(html)![0];
    expect(print).toContain('.table-wrap{overflow:visible}');
  });

  it('shows a small significant effect with the digits it needs, never a bold "+0.00 ± 0.00"', () => {
    const impact = makeImpactReport();
    const card = impact.cards[0];
    const tiny: PairedEffect = { ...card.perGame.length, estimate: 0.004, ci95: [0.002, 0.006], significant: true };
    const html = renderReport(
      makeRunSummary(),
      { ...impact, cards: [{ ...card, perGame: { ...card.perGame, length: tiny } }, ...impact.cards.slice(1)] },
      null,
      GR,
    );
    expect(html).not.toMatch(/class="sig">\+0\.00<span class="pm">\u2009±\u20090\.00</);
    expect(html).toContain('class="sig">+0.004<span class="pm">\u2009±\u20090.002</span>');
  });
});
