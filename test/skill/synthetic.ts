/**
 * Synthetic skill-ladder games whose outcome is known by construction: each seat's strength is its
 * tier's plus the deal's luck for that seat (shared by every table) plus noise; the strongest wins.
 */
import { ladderSpec, type LadderPlan } from '../../src/skill/ladder.js';
import type { SkillFacts } from '../../src/skill/summary.js';
import { placeOf, type TournamentGame } from '../../src/sim/tournament.js';
import { mulberry32, normal } from '../helpers/random.js';

export const plan = (tiers: readonly string[], deals: number, players = 4): LadderPlan => ({
  game: 'gold-knizia',
  rules: undefined,
  params: undefined,
  sections: {},
  configFile: '(test)',
  players,
  tiers: tiers.map((name) => ({ name, file: null })),
  deals,
  seed: 'synthetic',
  botTimeoutMs: null,
  hangLimitMs: 0,
});

/** The ladder's games with seat strength = tier strength + deal luck (per seat) + noise; the strongest seat wins. */
export function synthetic(tiers: readonly string[], strength: readonly number[], deals: number, seed: number, players = 4): TournamentGame[] {
  const spec = ladderSpec(plan(tiers, deals, players));
  const u = mulberry32(seed);
  const luck = Array.from({ length: deals * players }, () => 0.8 * normal(u));
  const total = spec.lineups.length * deals * players;
  return Array.from({ length: total }, (_, g) => {
    const place = placeOf(spec, g);
    const value = place.seats.map((tier, s) => strength[tier] + luck[place.deal * players + s] + normal(u));
    const order = value.map((_, s) => s).sort((a, b) => value[b] - value[a]);
    const ranks = new Array<number>(players);
    order.forEach((s, r) => (ranks[s] = r));
    return {
      game: g,
      seats: place.seats,
      ranks,
      scores: value.map((v) => Math.round(10 * v)),
      winners: [order[0]],
      endedBy: 'end',
      length: 1,
      counters: [],
      faults: [],
    };
  });
}

export const facts = (tiers: readonly string[], deals: number, players = 4): SkillFacts => ({
  game: 'gold-knizia',
  title: 'GOLD (Knizia)',
  scenario: { file: 'scenarios/x.json', name: 'x' },
  players,
  seed: 'synthetic',
  deals,
  tiers: tiers.map((name) => ({ name, source: 'built-in' })),
  botTimeoutMs: null,
  changedRules: {},
  parameters: {},
});
