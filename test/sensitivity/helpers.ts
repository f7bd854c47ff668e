/** Runs a synthetic model through the analysis exactly as `goldpit sensitivity` runs a game (design, runner, blocks, estimators). */
import { analyse, designOf, type AnalysisPlan } from '../../src/sensitivity/analysis.js';
import { evaluatePoints } from '../../src/sensitivity/run.js';
import { syntheticSource, type SyntheticModel } from '../../src/sensitivity/synthetic.js';
import type { Method, SensitivityJson } from '../../src/sensitivity/types.js';

export async function analyseModel(
  model: SyntheticModel,
  method: Method,
  opts: { units: number; games: number; seed: string; bootstrap?: number; band?: number; levels?: number },
): Promise<SensitivityJson> {
  const plan: AnalysisPlan = {
    method,
    knobs: model.knobs,
    games: opts.games,
    levels: opts.levels ?? 4,
    trajectories: opts.units,
    samples: opts.units,
    bootstrap: opts.bootstrap ?? 200,
    seed: opts.seed,
  };
  const design = designOf(plan);
  const evaluated = await evaluatePoints(syntheticSource(model, opts.games, opts.seed), design.points, {
    concurrency: 4,
    checkpointFile: null,
    key: 'synthetic',
    resume: false,
  });
  return analyse(plan, design, evaluated, [{ id: 'y', label: 'y', family: 'rounds', unit: 'score' }], new Map([['y', opts.band ?? 0.05]]), {
    game: 'synthetic',
    title: model.name,
    scenario: { file: '', name: model.name, players: 0, seats: [] },
  });
}

/**
 * The population Morris figures of a model on its p-level grid (jump p/2): the mean and standard
 * deviation of the elementary effects, and the mean of their sizes, over every place a trajectory
 * can take the step (the other knobs uniform over their levels, the moved knob from any level a to
 * a + jump), by enumeration.
 */
export function populationMorris(model: SyntheticModel, p = 4): { mu: number[]; muStar: number[]; sigma: number[] } {
  const k = model.knobs.length;
  const levels = model.knobs.map((knob) => {
    const v = knob.values as number[];
    return Array.from({ length: p }, (_, i) => v[Math.round((i * (v.length - 1)) / (p - 1))]);
  });
  const jump = Math.floor(p / 2);
  const out = { mu: [] as number[], muStar: [] as number[], sigma: [] as number[] };
  for (let j = 0; j < k; j++) {
    const effects: number[] = [];
    const range = levels[j][p - 1] - levels[j][0];
    const rest = p ** (k - 1);
    for (let code = 0; code < rest; code++) {
      const x: number[] = [];
      let c = code;
      for (let i = 0; i < k; i++) {
        if (i === j) x.push(0);
        else {
          x.push(levels[i][c % p]);
          c = Math.floor(c / p);
        }
      }
      for (let a = 0; a + jump < p; a++) {
        const lo = [...x];
        const hi = [...x];
        lo[j] = levels[j][a];
        hi[j] = levels[j][a + jump];
        effects.push(((model.value(hi, 0, 0) - model.value(lo, 0, 0)) * range) / (hi[j] - lo[j]));
      }
    }
    const mu = effects.reduce((s, e) => s + e, 0) / effects.length;
    out.mu.push(mu);
    out.muStar.push(effects.reduce((s, e) => s + Math.abs(e), 0) / effects.length);
    out.sigma.push(Math.sqrt(effects.reduce((s, e) => s + (e - mu) ** 2, 0) / effects.length));
  }
  return out;
}
