#!/usr/bin/env node
// Where two builds' work per game differs, function by function, with cache misses:
// `node scripts/bench-functions.mjs A_DIR B_DIR [--games 4000] [--scenario scenarios/baseline.json]
// [--engine auto] [--top 40]`. Each directory must be built (npm run build); needs valgrind.
//
// Each build plays the scenario twice under callgrind with its cache simulator (`--cache-sim=yes`,
// the host's L1 and last-level sizes), single-threaded, 1,000 and 1,000 + games games; node writes a
// map of its JIT code (`--perf-basic-prof`, /tmp/perf-PID.map) so that each instruction's cost is
// given to the JavaScript function whose code holds it. The difference of the two runs, divided by
// the games, is the steady cost per game: instructions (Ir), L1 instruction-cache misses (I1mr),
// L1 data-cache read and write misses (D1mr, D1mw), by function and by part (bots, engine, stats,
// V8 builtins, native code). The same function in both builds is matched by its name within bots/,
// src/games/ or src/ (files move between builds).
// Unlike timing, the counts do not depend on the machine's load, but they are not exact either:
// garbage collection and tier-up react to time, which valgrind stretches (docs/performance-log.md:
// one build's instruction count moved by up to 10% between runs). Use it to find where a
// difference lies, and time the change (bench-ab.mjs) before believing a few per cent.
// Built for issue 20, when the kernel path was ~9% slower than before the change and
// instructions alone (+7%) did not say where: the engine's L1 misses had doubled.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    games: { type: 'string', default: '4000' },
    scenario: { type: 'string', default: 'scenarios/baseline.json' },
    engine: { type: 'string', default: 'auto' },
    top: { type: 'string', default: '40' },
  },
});
if (positionals.length !== 2) throw new Error('usage: bench-functions.mjs A_DIR B_DIR [--games N] [--scenario FILE] [--engine auto|reference] [--top K]');
const games = Number(values.games);
const work = mkdtempSync(join(tmpdir(), 'bench-functions-'));

/** One callgrind run of `count` games: the cost file's path and the JIT code map's lines. */
function run(dir, count) {
  const out = join(work, `cg-${count}-${Math.random().toString(36).slice(2)}`);
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--cache-sim=yes',
      '--dump-instr=yes',
      '--dump-line=no',
      `--callgrind-out-file=${out}`,
      process.execPath,
      '--perf-basic-prof',
      '--single-threaded',
      'bin/goldpit.js',
      'run',
      values.scenario,
      '--games',
      String(count),
      '--workers',
      '0',
      '--quiet',
      '--out',
      join(work, 'out'),
      '--engine',
      values.engine,
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`bench-functions: callgrind failed in ${dir} (is valgrind installed?) ${r.error ?? r.stderr.slice(-500)}`);
  const mapFile = `/tmp/perf-${r.pid}.map`;
  const map = readFileSync(mapFile, 'utf8');
  rmSync(mapFile, { force: true });
  return costs(readFileSync(out, 'utf8'), map);
}

/** Per function (normalised name): [Ir, I1mr, D1mr, D1mw] summed over the run. */
function costs(text, mapText) {
  const ranges = [];
  for (const line of mapText.split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (m) ranges.push([BigInt(`0x${m[1]}`), BigInt(`0x${m[2]}`), m[3]]);
  }
  ranges.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const find = (address) => {
    let lo = 0;
    let hi = ranges.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ranges[mid][0] <= address) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // Code can be replaced at the same place: the latest entry that covers the address.
    for (let i = best; i >= 0 && i > best - 50; i--) if (address < ranges[i][0] + ranges[i][1]) return ranges[i][2];
    return null;
  };
  const totals = new Map();
  let events = [];
  let fn = '';
  let position = 0n;
  let skip = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('events:')) events = line.slice(7).trim().split(/\s+/);
    else if (line.startsWith('fn=')) fn = line.slice(3).replace(/^\(\d+\)\s*/, '');
    else if (line.startsWith('calls='))
      skip = true; // the next cost line is the call's inclusive cost
    else if (/^(0x|\+|-|\*)/.test(line)) {
      const parts = line.split(' ');
      const p = parts[0];
      if (p[0] === '+') position += BigInt(p.slice(1));
      else if (p[0] === '-') position -= BigInt(p.slice(1));
      else if (p !== '*') position = BigInt(p);
      if (skip) {
        skip = false;
        continue;
      }
      const name = normalise(find(position) ?? `[native] ${fn}`);
      let row = totals.get(name);
      if (!row) totals.set(name, (row = [0, 0, 0, 0]));
      for (const [k, event] of ['Ir', 'I1mr', 'D1mr', 'D1mw'].entries()) {
        const at = events.indexOf(event);
        if (at >= 0 && parts[at + 1] !== undefined) row[k] += Number(parts[at + 1]);
      }
    }
  }
  return totals;
}

/**
 * A function's key: `JS:name area` for JavaScript (area = bots, src/games or src: files move between
 * builds — the kernel's twins were in fast/ folders — so a function is matched by its name within
 * its area, and same-named functions of one area are summed), the name for builtins and native code.
 */
function normalise(name) {
  // An accessor's name has a space in it (`get game`, `set x`).
  const m = /^JS:[*~^+]?((?:get |set )?\S*) (\S+)$/.exec(name);
  if (!m) return name;
  const file = m[2].replace(/^file:\/\/\/.*?\/dist\//, '').replace(/^file:\/\/\/.*?\/node_modules\//, 'node_modules/');
  const area = file.startsWith('bots/')
    ? 'bots'
    : file.startsWith('src/games/')
      ? 'src/games'
      : file.startsWith('src/')
        ? 'src'
        : file.replace(/:\d+:\d+$/, '');
  return `JS:${m[1] || '(anonymous)'} ${area}`;
}

function perGame(dir) {
  const short = run(dir, 1000);
  const long = run(dir, 1000 + games);
  const out = new Map();
  for (const name of new Set([...short.keys(), ...long.keys()])) {
    const a = short.get(name) ?? [0, 0, 0, 0];
    const b = long.get(name) ?? [0, 0, 0, 0];
    out.set(
      name,
      b.map((x, k) => (x - a[k]) / games),
    );
  }
  return out;
}

const [dirA, dirB] = positionals.map((p) => resolve(p));
const A = perGame(dirA);
const B = perGame(dirB);
rmSync(work, { recursive: true, force: true });

const parts = [
  ['bots', (n) => /^JS:.* bots$/.test(n)],
  ['engine (src/games)', (n) => /^JS:.* src\/games$/.test(n)],
  ['other src (sim, stats, core)', (n) => /^JS:.* src$/.test(n)],
  ['other JavaScript', (n) => /^JS:/.test(n) && !/ (bots|src\/games|src)$/.test(n)],
  ['V8 builtins', (n) => n.startsWith('Builtin:')],
  ['native (V8, GC, node)', (n) => !n.startsWith('JS:') && !n.startsWith('Builtin:')],
];
const fmt = (v) => v.map((x) => x.toFixed(0).padStart(7)).join(' ');
console.log(`per game over games 1,000–${(1000 + games).toLocaleString('en-US')} (callgrind, single-threaded): Ir, I1mr, D1mr, D1mw`);
console.log(`A = ${dirA}\nB = ${dirB}`);
for (const [label, test] of parts) {
  const sum = (M) => [...M].filter(([n]) => test(n)).reduce((t, [, v]) => t.map((x, k) => x + v[k]), [0, 0, 0, 0]);
  console.log(`${label.padEnd(28)} A ${fmt(sum(A))}   B ${fmt(sum(B))}`);
}
// Rough cycles to rank the functions: instructions plus ten per L1 miss.
const weight = (v) => v[0] + 10 * (v[1] + v[2]);
const rows = [...new Set([...A.keys(), ...B.keys()])]
  .map((n) => [n, A.get(n) ?? [0, 0, 0, 0], B.get(n) ?? [0, 0, 0, 0]])
  .filter(([n]) => n.startsWith('JS:'))
  .sort((p, q) => Math.abs(weight(q[2]) - weight(q[1])) - Math.abs(weight(p[2]) - weight(p[1])));
console.log(`\nfunctions whose cost changed most (Ir + 10·(I1mr + D1mr)), A → B:`);
for (const [n, a, b] of rows.slice(0, Number(values.top))) console.log(`${fmt(a)}  →${fmt(b)}   ${n.slice(3)}`);
