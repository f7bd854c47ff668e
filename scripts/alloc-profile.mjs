#!/usr/bin/env node
// Bytes allocated per game and the top allocation sites of one build, in this thread:
// `node scripts/alloc-profile.mjs [BUILD_DIR] [--games 5000] [--interval 256] [--scenario scenarios/baseline.json] [--out FILE.heapprofile]`.
// Plays a 2,000-game warm-up, then the measured games under V8's sampling heap profiler with objects
// collected by minor and major GCs INCLUDED (node --heap-prof keeps only objects still alive at the
// end, so it cannot show garbage), and sums the sampled sizes per function and per call path (self <
// caller < caller). Sites in a function the optimiser inlined are counted under the function it was
// inlined into; run under `node --no-turbo-inlining` to see them apart (that adds boxed numbers).
// The build must be built (npm run build).
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    games: { type: 'string', default: '5000' },
    interval: { type: 'string', default: '256' },
    scenario: { type: 'string', default: 'scenarios/baseline.json' },
    out: { type: 'string' },
    top: { type: 'string', default: '30' },
  },
});
const repo = resolve(positionals[0] ?? '.');
const games = Number(values.games),
  top = Number(values.top);
const { loadScenario } = await import(`${repo}/dist/src/sim/scenario.js`);
const { runRange } = await import(`${repo}/dist/src/sim/run.js`);
const scenario = loadScenario(`${repo}/${values.scenario}`);
runRange(scenario, 0, 2000, { seed: 'alloc-warm-up' });
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: Number(values.interval),
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
runRange(scenario, 0, games, { seed: 'alloc-profile' });
const { profile } = await session.post('HeapProfiler.stopSampling');
if (values.out) writeFileSync(values.out, JSON.stringify(profile));
const bySite = new Map(),
  byPath = new Map();
let total = 0;
const walk = (node, stack) => {
  const f = node.callFrame;
  const name = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/dist\//, '')}:${f.lineNumber + 1}`;
  const path = [...stack, name];
  if (node.selfSize) {
    total += node.selfSize;
    bySite.set(name, (bySite.get(name) ?? 0) + node.selfSize);
    const key = path.slice(-3).reverse().join(' < ');
    byPath.set(key, (byPath.get(key) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, path);
};
walk(profile.head, []);
console.log(`${(total / games / 1024).toFixed(1)} KB allocated per game (${games} games of ${values.scenario}, sampling interval ${values.interval} B)`);
const list = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([n, b]) => console.log(`${(b / games).toFixed(0).padStart(7)} B ${((100 * b) / total).toFixed(1).padStart(5)}%  ${n}`));
console.log('--- per function (bytes per game, share)');
list(bySite);
console.log('--- per call path (self < caller < caller)');
list(byPath);
