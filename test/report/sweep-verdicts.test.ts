import { describe, expect, it } from 'vitest';
import { formatValue, sliceOf, sweepVerdicts } from '../../src/report/sweep-verdicts.js';
import { FINE, fineModel, fineSweep, makeSweep, metricsFor, numeric, options, type Values } from './sweep-fixture.js';

/** fineModel with seat 0's deviation from 1/4 replaced by `dev(fine)` (the other seats share the rest). */
function seatModel(dev: (fine: number) => number) {
  return (values: Values) => {
    const fine = Number(values['params.fine']);
    const d = dev(fine);
    const seats = [0.25 + d, 0.25 - d / 3, 0.25 - d / 3, 0.25 - d / 3];
    return {
      ...fineModel(values),
      'seat:0': seats[0],
      'seat:1': seats[1],
      'seat:2': seats[2],
      'seat:3': seats[3],
      seatSpread: Math.max(...seats) - Math.min(...seats),
    };
  };
}

describe('sweepVerdicts', () => {
  // The worked example (sweep-fixture.ts): seat 0's advantage is 5 − fine pp ± 0.5, the race share
  // 40 − 2·fine % ± 0.5, paired differences ± 0.3 pp, reference fine = 2. Seat spread = 4/3 · |5 − fine| pp:
  // 6.7, 5.3, 4.0, 2.7, 1.3, 0.0, 1.3 — its upper bound is below 2 pp at fine 4, 5 and 6 only.
  it('says from which value the seats are equal, where the advantage falls below 2 pp, and what the ends of the range change', () => {
    expect(sweepVerdicts(fineSweep())).toEqual([
      'The seats are equal within 2 pp at params.fine = 4, 5 and 6: there the seat spread (largest \u2212 smallest seat win rate) is below 2 pp with 95% confidence.',
      // fine 3: 2.0 pp ± 0.5 is neither shown below nor above 2 pp; fine 2 is the nearest shown above (2.5–3.5).
      'Seat 0\u2019s advantage falls below 2 pp from params.fine \u2265 4 (at params.fine = 2 it is 3.0 pp, 95%: 2.5\u20133.5).',
      'Lowering params.fine from 2 to 0 raises win rate seat 0 by 2.0 pp (95%: 1.7\u20132.3), lowers win rate seat 1 by 0.7 pp (95%: 0.4\u20131.0), lowers win rate seat 2 by 0.7 pp (95%: 0.4\u20131.0), lowers win rate seat 3 by 0.7 pp (95%: 0.4\u20131.0), raises seat spread by 2.7 pp (95%: 2.4\u20133.0) and raises race share by 4.0 pp (95%: 3.7\u20134.3).',
      'Raising params.fine from 2 to 6 lowers win rate seat 0 by 4.0 pp (95%: 3.7\u20134.3), raises win rate seat 1 by 1.3 pp (95%: 1.0\u20131.6), raises win rate seat 2 by 1.3 pp (95%: 1.0\u20131.6), raises win rate seat 3 by 1.3 pp (95%: 1.0\u20131.6), lowers seat spread by 2.7 pp (95%: 2.4\u20133.0) and lowers race share by 8.0 pp (95%: 7.7\u20138.3).',
      'Changing params.fine from 2 to 0 or 6 has no detectable effect on mean rounds and mean final gold: every paired 95% interval contains 0.',
    ]);
  });

  it('says "no detectable effect on any metric" for a parameter that changes nothing (paired differences exactly 0)', () => {
    const sweep = makeSweep({
      factors: [numeric('params.unused', [0, 5, 10])],
      reference: { 'params.unused': 5 },
      model: () => fineModel({ 'params.fine': 5 }),
      diffHalfWidth: 0,
    });
    expect(sweep.points[0].metrics['seat:0'].diff).toBe(0);
    expect(sweepVerdicts(sweep)).toEqual([
      'Every point equalises the seats within 2 pp: at each, the seat spread (largest \u2212 smallest seat win rate) is below 2 pp with 95% confidence.',
      'Changing params.unused from 5 to 0 or 10 has no detectable effect on any metric: every paired 95% interval contains 0.',
    ]);
  });

  it('says in words which metrics no deal changed, with the bound their intervals give', () => {
    // As the worked example, but no deal changed the length or the final gold at fine 0 and 6:
    // their differences are exactly 0 with intervals of ±0.1 (what 20,000 unchanged deals allow).
    const sweep = fineSweep();
    const still = (p: (typeof sweep.points)[number]) => ({
      ...p,
      metrics: Object.fromEntries(
        Object.entries(p.metrics).map(([id, e]) => [
          id,
          p.index === sweep.reference
            ? { ...e, changed: null }
            : {
                ...e,
                changed: id === 'rounds' || id === 'gold' ? 0 : 500,
                ...(id === 'rounds' || id === 'gold' ? { diff: 0, diffLo: -0.1, diffHi: 0.1 } : {}),
              },
        ]),
      ),
    });
    const verdicts = sweepVerdicts({ ...sweep, points: sweep.points.map(still) });
    expect(verdicts.at(-2)).toBe(
      'Changing params.fine from 2 to 0 or 6 has no detectable effect on mean rounds and mean final gold: every paired 95% interval contains 0.',
    );
    expect(verdicts.at(-1)).toBe(
      'No deal changed mean rounds and mean final gold in 20,000 deals: those differences are exactly 0, and their 95% intervals bound what the deals not played could do (each within \u00b10.10).',
    );
    // A comparison where no deal changed anything gets one sentence of its own, and no "no detectable effect".
    const none = makeSweep({
      factors: [numeric('params.unused', [0, 5])],
      reference: { 'params.unused': 5 },
      model: () => fineModel({ 'params.fine': 5 }),
      games: 500,
    });
    const unchanged = {
      ...none,
      points: none.points.map((p) => ({
        ...p,
        metrics: Object.fromEntries(
          Object.entries(p.metrics).map(([id, e]) => [id, p.index === none.reference ? e : { ...e, diff: 0, diffLo: -0.0076, diffHi: 0.0076, changed: 0 }]),
        ),
      })),
    };
    expect(sweepVerdicts(unchanged).at(-1)).toBe(
      'Changing params.unused from 5 to 0 changed no deal in 500 deals: every metric\u2019s difference is exactly 0, and 500 unchanged deals still allow effects within the 95% intervals (win rate seat 0 within \u00b10.8 pp and mean rounds within \u00b10.01).',
    );
  });

  it('claims nothing the intervals do not show: wide intervals give no threshold and no effect', () => {
    const verdicts = sweepVerdicts(fineSweep({ halfWidth: 0.03, diffHalfWidth: 0.1 }));
    // Seat spread's upper bound is at least 0 + 3 pp everywhere; no seat is shown within or beyond 2 pp.
    expect(verdicts).toEqual([
      'No point equalises the seats within 2 pp; the closest is params.fine = 5 (seat spread 0.0 pp, 95%: \u22123.0\u20133.0).',
      'Changing params.fine from 2 to 0 or 6 has no detectable effect on any metric: every paired 95% interval contains 0.',
    ]);
  });

  it('gives a bound that would round to 0 more digits, so an interval that excludes 0 never reads "0.00–"', () => {
    // Mean rounds 9.5 − 0.0175·fine: fine 6 against 2 is −0.07 ± 0.066 → 0.004–0.136; race share −8 ± 6.6 pp.
    const sweep = makeSweep({
      factors: [FINE],
      reference: { 'params.fine': 2 },
      model: (v) => ({ ...fineModel(v), rounds: 9.5 - 0.0175 * Number(v['params.fine']) }),
      diffHalfWidth: 0.066,
    });
    expect(sweepVerdicts(sweep)).toContain(
      'Raising params.fine from 2 to 6 lowers mean rounds by 0.070 (95%: 0.004\u20130.136) and lowers race share by 8.0 pp (95%: 1.4\u201314.6).',
    );
  });

  it('names the value up to which an advantage stays below 2 pp when it grows with the factor', () => {
    // Seat 0: fine − 1 pp: within at fine 0..2, unclear at 3 (2 ± 0.5), shown above from 4 (3.0, 2.5–3.5).
    const sweep = makeSweep({ factors: [FINE], reference: { 'params.fine': 2 }, model: seatModel((f) => 0.01 * f - 0.01) });
    expect(sweepVerdicts(sweep).filter((v) => v.startsWith('Seat'))).toEqual([
      'Seat 0\u2019s advantage stays below 2 pp up to params.fine \u2264 2 (at params.fine = 4 it is 3.0 pp, 95%: 2.5\u20133.5).',
    ]);
  });

  it('calls a seat that wins too little a disadvantage', () => {
    const sweep = makeSweep({ factors: [FINE], reference: { 'params.fine': 2 }, model: seatModel((f) => -(0.05 - 0.01 * f)) });
    expect(sweepVerdicts(sweep).filter((v) => v.startsWith('Seat'))).toEqual([
      'Seat 0\u2019s disadvantage falls below 2 pp from params.fine \u2265 4 (at params.fine = 2 it is 3.0 pp, 95%: 2.5\u20133.5).',
    ]);
  });

  it('says that no point equalises the seats when an advantage stays above 2 pp across the range', () => {
    // Seat 0 always 5 pp ahead: seat spread 6.67 pp ± 0.5 at every point; the first point is named as the closest.
    const sweep = makeSweep({ factors: [FINE], reference: { 'params.fine': 2 }, model: seatModel(() => 0.05) });
    const verdicts = sweepVerdicts(sweep);
    expect(verdicts[0]).toBe('No point equalises the seats within 2 pp; the closest is params.fine = 0 (seat spread 6.7 pp, 95%: 6.2\u20137.2).');
    expect(verdicts[1]).toBe(
      'Seat 0\u2019s advantage stays above 2 pp at every params.fine from 0 to 6 (smallest: at params.fine = 0 it is 5.0 pp, 95%: 4.5\u20135.5).',
    );
  });

  it('judges equal seats by every seat\u2019s interval when the sweep has no seat spread', () => {
    const sweep = makeSweep({
      factors: [FINE],
      reference: { 'params.fine': 2 },
      model: fineModel,
      metrics: metricsFor(['greedy', 'greedy', 'greedy', 'greedy']).filter((m) => m.id !== 'seatSpread'),
    });
    // Largest distance of a seat's interval from 25%: fine 3 → 2.5 pp; fine 4 → 1.5; fine 5 → 0.5; fine 6 → 1.5.
    expect(sweepVerdicts(sweep)[0]).toBe(
      'The seats are equal within 2 pp at params.fine = 4, 5 and 6: there every seat\u2019s win rate is within 2 pp of an equal share with 95% confidence.',
    );
  });

  it('compares a non-numeric factor at each of its other values, with the other factor at its reference', () => {
    const sweep = makeSweep({
      factors: [FINE, options('rules.penaltySink', ['bank', 'continent'])],
      reference: { 'params.fine': 2, 'rules.penaltySink': 'bank' },
      model: (v) => ({ ...fineModel(v), race: fineModel(v).race + (v['rules.penaltySink'] === 'continent' ? 0.05 : 0) }),
    });
    const verdicts = sweepVerdicts(sweep);
    expect(verdicts).toContain('Changing rules.penaltySink from bank to continent (with params.fine = 2) raises race share by 5.0 pp (95%: 4.7\u20135.3).');
    expect(verdicts).toContain(
      'Changing rules.penaltySink from bank to continent (with params.fine = 2) has no detectable effect on win rate seat 0, win rate seat 1, win rate seat 2, win rate seat 3, seat spread, mean rounds and mean final gold: every paired 95% interval contains 0.',
    );
    expect(verdicts.some((v) => v.startsWith('Raising params.fine from 2 to 6 (with rules.penaltySink = bank) lowers win rate seat 0 by 4.0 pp'))).toBe(true);
  });

  it('says nothing about seats for a line-up of different bots, but names the bots\u2019 changes', () => {
    const sweep = makeSweep({
      factors: [FINE],
      seats: ['greedy', 'cautious', 'greedy', 'cautious'],
      reference: { 'params.fine': 2 },
      model: (v) => {
        const fine = Number(v['params.fine']);
        return { ...fineModel(v), 'win:greedy': 0.3 - 0.01 * fine, 'win:cautious': 0.2 + 0.01 * fine };
      },
    });
    const verdicts = sweepVerdicts(sweep);
    expect(verdicts.some((v) => /seats are equal|equalises|Seat \d/.test(v))).toBe(false);
    expect(verdicts[1]).toMatch(/^Raising params\.fine from 2 to 6 lowers win rate greedy by 4\.0 pp \(95%: 3\.7–4\.3\), raises win rate cautious by 4\.0 pp/);
  });

  it('does not call a metric unaffected where a point lacks it', () => {
    const sweep = fineSweep({ diffHalfWidth: 0.1 });
    // The bot of a seat changed at fine 6, say: that point has no race share to compare.
    const points = sweep.points.map((p) => {
      if (p.values['params.fine'] !== 6) return p;
      const { race: _race, ...rest } = p.metrics;
      return { ...p, metrics: rest };
    });
    expect(sweepVerdicts({ ...sweep, points }).at(-1)).toBe(
      'Changing params.fine from 2 to 0 or 6 has no detectable effect on win rate seat 0, win rate seat 1, win rate seat 2, win rate seat 3, seat spread, mean rounds and mean final gold: every paired 95% interval contains 0.',
    );
  });

  it('names no single factor\u2019s effect in a Latin hypercube', () => {
    const sweep = makeSweep({
      factors: [FINE, numeric('params.caps.azul', [6, 10, 14])],
      design: { lhs: 3 },
      points: [
        { 'params.fine': 0, 'params.caps.azul': 10 },
        { 'params.fine': 3, 'params.caps.azul': 14 },
        { 'params.fine': 6, 'params.caps.azul': 6 },
      ],
      model: fineModel,
    });
    const verdicts = sweepVerdicts(sweep);
    expect(verdicts.filter((v) => /^(Raising|Lowering|Changing|Seat)/.test(v))).toEqual([]);
    expect(verdicts).toContain(
      'The points of a Latin hypercube change every factor at once, so no sentence here names one factor\u2019s effect: the charts draw each metric against each factor, and the table gives every point\u2019s paired difference to the reference.',
    );
  });
});

describe('sliceOf', () => {
  it('keeps the points where every other factor has its reference value, in the factor\u2019s order', () => {
    const sweep = makeSweep({
      factors: [options('rules.penaltySink', ['continent', 'bank']), numeric('params.fine', [4, 0, 2])],
      reference: { 'params.fine': 2, 'rules.penaltySink': 'bank' },
      model: fineModel,
    });
    expect(sliceOf(sweep, 1).map((p) => [p.values['rules.penaltySink'], p.values['params.fine']])).toEqual([
      ['bank', 0],
      ['bank', 2],
      ['bank', 4],
    ]);
    expect(sliceOf(sweep, 0).map((p) => p.values['rules.penaltySink'])).toEqual(['continent', 'bank']);
  });

  it('shows a decimal value as the designer wrote it', () => {
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue(true)).toBe('true');
  });
});
