#!/usr/bin/env node
// Writes bots/goldrausch/lib/upgrade-small.ts: upgradeValue's slow path (bots/goldrausch/lib/estimate.ts)
// unrolled into straight-line code for every shape with at most MAX rivals present (nA ahead, nB behind).
// Usage: node scripts/gen-upgrade-small.mjs   (then `npm run build`; the output is committed).
//        node scripts/gen-upgrade-small.mjs --check   (exit 1 if the committed file differs; a test runs it)
//
// The generated code performs exactly the floating-point operations of the generic dynamic program, in
// the same order, so its results are bit-identical (test/bots/estimate.test.ts compares both):
//  - ahead table, one rival (absent ab, red rd, green gr) at a time: the in-place update, highest cell
//    first, gives new(a, b) = old(a, b)·ab + old(a, b−1)·rd + old(a−1, b)·gr (left to right; a term is
//    absent where its cell does not exist yet, and a new cell starts from 0, and 0 + x = x);
//  - behind table: new(u) = old(u)·(1 − g) + old(u−1)·g;
//  - the sums over (ua, ra, ub) in the generic loop order. The generic code skips zero cells and
//    zero payouts; with probabilities in [0, 1] and finite e ≥ 0 and S every skipped term is +0, and
//    adding +0 changes nothing (the sums start at +0), so here nothing is skipped. The caller uses
//    this code only under exactly those conditions.
//  - written out without the operations that cannot change a bit: 1 · x, e · 1, stock − e · 0, and the
//    0 + that starts pUa (the reasons are next to the code below).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAX = 3;
// Offsets in the one scratch array S: presence and upgrade rate of the rivals ahead (AP, AU) and behind
// (BP, BU), then X = [e, S, fine, calm = 1 − d, P(no other green), P(collision)].
const AP = 0;
const AU = MAX;
const BP = 2 * MAX;
const BU = 3 * MAX;
const X = 4 * MAX;
const out = [];
const h = (u) => (u === 1 ? 2 : u); // a sole upgrader is paid 2e (§5.2)
/** The product of two generated operands; 1 · x is x exactly (for every x, −0 and NaN included), so it is left out. */
const mul = (a, b) => (a === '1' ? b : b === '1' ? a : `${a} * ${b}`);

function shape(nA, nB) {
  const L = [];
  const name = `small${nA}${nB}`;
  L.push(`function ${name}(out: UpgradeValue): UpgradeValue {`);
  L.push('  const s = S;');
  L.push(`  const e = s[${X}];`);
  L.push(`  const stock = s[${X + 1}];`);
  for (let k = 0; k < nA; k++) {
    L.push(`  const ap${k} = s[${AP + k}];`);
    L.push(`  const gr${k} = ap${k} * s[${AU + k}];`);
    L.push(`  const rd${k} = ap${k} - gr${k};`);
    L.push(`  const ab${k} = 1 - ap${k};`);
  }
  for (let k = 0; k < nB; k++) {
    L.push(`  const g${k} = s[${BP + k}] * s[${BU + k}];`);
    L.push(`  const ng${k} = 1 - g${k};`);
  }
  // Ahead table: cells j<a>_<b>, a + b ≤ seen.
  const has = new Set(['0_0']);
  const val = new Map([['0_0', '1']]); // current expression name per cell
  let tmp = 0;
  for (let k = 0; k < nA; k++) {
    const next = new Map();
    for (let a = 0; a <= k + 1; a++) {
      for (let b = 0; a + b <= k + 1; b++) {
        const terms = [];
        if (has.has(`${a}_${b}`)) terms.push(mul(val.get(`${a}_${b}`), `ab${k}`));
        if (b >= 1 && has.has(`${a}_${b - 1}`)) terms.push(mul(val.get(`${a}_${b - 1}`), `rd${k}`));
        if (a >= 1 && has.has(`${a - 1}_${b}`)) terms.push(mul(val.get(`${a - 1}_${b}`), `gr${k}`));
        const v = `j${tmp++}`;
        L.push(`  const ${v} = ${terms.join(' + ')};`);
        next.set(`${a}_${b}`, v);
      }
    }
    for (const [key, v] of next) {
      has.add(key);
      val.set(key, v);
    }
  }
  // Behind table: b<u>.
  let bval = ['1'];
  for (let k = 0; k < nB; k++) {
    const nextB = [];
    for (let u = 0; u <= k + 1; u++) {
      const terms = [];
      if (u <= k) terms.push(mul(bval[u], `ng${k}`));
      if (u >= 1) terms.push(mul(bval[u - 1], `g${k}`));
      const v = `b${tmp++}`;
      L.push(`  const ${v} = ${terms.join(' + ')};`);
      nextB.push(v);
    }
    bval = nextB;
  }
  const payAt = L.length; // the payouts used are inserted here, once the sums below are written
  const used = new Set();
  L.push(`  const noOtherGreen = s[${X + 4}];`);
  L.push('  let greenGot = noOtherGreen * Math.min(2 * e, stock);');
  L.push('  let pUa: number;');
  let firstRed = true;
  for (let ua = 0; ua <= nA; ua++) {
    used.add(ua);
    for (let ra = 0; ua + ra <= nA; ra++) for (let ub = 0; ub <= nB; ub++) used.add(h(ua + ub) + ra);
    for (let ra = 0; ua + ra <= nA; ra++) {
      const pj = val.get(`${ua}_${ra}`);
      // pUa starts at 0: 0 + x is x except for x = −0, and pUa's sign of zero never matters (it is
      // only compared with 0, or multiplied when > 0; subtracting noOtherGreen from ±0 gives ±0 or
      // the same nonzero number), so the first term is assigned.
      L.push(ra === 0 ? `  pUa = ${pj};` : `  pUa += ${pj};`);
      for (let ub = 0; ub <= nB; ub++) {
        const p = nB === 0 ? pj : mul(pj, bval[ub]);
        const term = p.includes(' * ') ? `(${p})` : p;
        // redGot starts at +0 and keeps that 0 + (a −0 term would give +0; e = −0 can make one).
        L.push(firstRed ? `  let redGot = 0 + ${term} * P${h(ua + ub) + ra};` : `  redGot += ${term} * P${h(ua + ub) + ra};`);
        firstRed = false;
      }
    }
    L.push(ua === 0 ? '  pUa -= noOtherGreen;' : '');
    L.push(`  if (pUa > 0) greenGot += pUa * P${ua};`);
  }
  // stock − e·0 is stock and e·1 is e for finite e ≥ 0 (a −0 that stock − (−0) could turn into +0 is
  // taken to +0 by max(0, ·) anyway).
  const demand = (k) => (k === 0 ? 'stock' : k === 1 ? 'stock - e' : `stock - e * ${k}`);
  const pays = [...used].sort((x, y) => x - y).map((k) => `  const P${k} = Math.min(e, Math.max(0, ${demand(k)}));`);
  L.splice(payAt, 0, ...pays);
  L.push(`  const calm = s[${X + 3}];`);
  L.push(`  out.green = calm * greenGot - s[${X + 2}] * s[${X + 5}];`);
  L.push('  out.red = calm * redGot;');
  L.push('  return out;');
  L.push('}');
  return { name, code: L.filter((l) => l !== '').join('\n') };
}

out.push('// GENERATED by scripts/gen-upgrade-small.mjs — do not edit; change the generator and re-run it.');
out.push('/**');
out.push(` * upgradeValue (./estimate.ts) for at most ${MAX} rivals present, unrolled per shape (nA ahead, nB behind): the`);
out.push(' * same floating-point operations in the same order as the generic dynamic program, without its loops,');
out.push(' * table clearing and zero tests (see the generator for why dropping the zero tests is exact). Valid only');
out.push(' * for presences in (0, 1], upgrade rates in [0, 1], finite e ≥ 0 and finite S: the caller checks.');
out.push(' */');
out.push("import type { UpgradeValue } from './estimate.js';");
out.push('');
out.push(`/** Most rivals present that the unrolled code handles. */`);
out.push(`export const SMALL_MAX = ${MAX};`);
out.push('');
out.push('/**');
out.push(' * The inputs, written by the caller into one scratch array (numbers passed to a function that is not');
out.push(' * inlined would be boxed into heap numbers on every call): the presence and upgrade rate of the rivals');
out.push(
  ` * present ahead (AP = [${AP}, ${AP + MAX}), AU = [${AU}, ${AU + MAX})) and behind (BP = [${BP}, ${BP + MAX}), BU = [${BU}, ${BU + MAX})), in order,`,
);
out.push(` * then X = [e, S, fine, calm = 1 − d, P(no other green), P(collision)] at ${X} … ${X + 5}. The generated code reads`);
out.push(' * the module-private binding S (V8 embeds a private module constant in optimized code; an exported');
out.push(' * one is loaded from its cell and checked on every access); callers keep their own private copy of SMALL.');
out.push(' */');
out.push(`const S = new Float64Array(${X + 6});`);
out.push('export const SMALL: Float64Array = S;');
out.push(`export const SMALL_AP = ${AP};`);
out.push(`export const SMALL_AU = ${AU};`);
out.push(`export const SMALL_BP = ${BP};`);
out.push(`export const SMALL_BU = ${BU};`);
out.push(`export const SMALL_X = ${X};`);
const names = [];
for (let total = 0; total <= MAX; total++) {
  for (let nA = total; nA >= 0; nA--) {
    const { name, code } = shape(nA, total - nA);
    names.push([nA, total - nA, name]);
    out.push('');
    out.push(code);
  }
}
out.push('');
out.push('/** The unrolled slow path for nA rivals ahead and nB behind (nA + nB ≤ SMALL_MAX), inputs in SMALL. */');
out.push('export function smallUpgradeValue(nA: number, nB: number, out: UpgradeValue): UpgradeValue {');
out.push(`  switch (nA * ${MAX + 1} + nB) {`);
for (const [nA, nB, name] of names) {
  out.push(`    case ${nA * (MAX + 1) + nB}:`);
  out.push(`      return ${name}(out);`);
}
out.push('    default:');
// biome-ignore lint/suspicious/noTemplateCurlyInString: this line writes a template literal into the generated file.
out.push('      throw new RangeError(`smallUpgradeValue: ${nA} ahead + ${nB} behind is more than ${SMALL_MAX} rivals`);');
out.push('  }');
out.push('}');
out.push('');

const target = fileURLToPath(new URL('../bots/goldrausch/lib/upgrade-small.ts', import.meta.url));
const text = out.join('\n');
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error(`${target} is not what scripts/gen-upgrade-small.mjs generates: run it and rebuild`);
    process.exit(1);
  }
  console.log(`${target} is up to date`);
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
