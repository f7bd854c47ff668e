// In-thread speed of My Gold Mine: runRange over many games of a scenario (the fast player: the one
// engine and the built-in bots in a tight loop), median of 5 runs, in games per CPU-second.
// Usage: npm run build && node scripts/bench-my-gold-mine.mjs [scenario] [games]
import { loadScenario } from '../dist/src/sim/scenario.js';
import { runRange } from '../dist/src/sim/run.js';

const file = process.argv[2] ?? 'scenarios/my-gold-mine-4p.json';
const games = Number(process.argv[3] ?? 200000);
const scenario = loadScenario(file);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
runRange(scenario, 0, Math.min(games, 20000), { seed: 'bench-warmup' }); // warm-up (JIT)
const rates = [];
for (let k = 0; k < 5; k++) {
  const c0 = cpu();
  const t0 = performance.now();
  const tally = { fast: 0, reference: 0 };
  runRange(scenario, 0, games, { seed: `bench-${k}` }, undefined, tally);
  const c = cpu() - c0;
  const wall = (performance.now() - t0) / 1000;
  rates.push(games / c);
  console.error(`run ${k + 1}: ${games} games, ${c.toFixed(2)} CPU-s, ${wall.toFixed(2)} s wall, ${(games / c).toFixed(0)} games/CPU-s (fast ${tally.fast}, engine ${tally.reference})`);
}
rates.sort((a, b) => a - b);
console.log(`${new Date().toISOString()} ${scenario.name} (${scenario.seats.join(', ')}): median ${rates[2].toFixed(0)} games per CPU-second over 5 runs of ${games} games (min ${rates[0].toFixed(0)}, max ${rates[4].toFixed(0)})`);
