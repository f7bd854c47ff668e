/**
 * The plain-language verdicts of a skill ladder (skill.json's `verdicts`, the page's "In short").
 * Like the sweep's (report/sweep-verdicts.ts), every sentence states only what a 95% interval
 * shows; an interval across the line a sentence would claim gives the "not detectable" form. Four
 * rules, each fixed before looking at the data:
 *
 * 1. The ladder: the tiers by rating, and which neighbours in that order are not told apart (their
 *    paired rating difference's interval contains 0).
 * 2. The top: the top-rated tier's seat at a table of the runner-up, against an equal share.
 * 3. Skill depth, per family of budgets: how far up the budget steps still gain (the fixed-sequence
 *    count of summary.ts), with the last significant step and the first that is not.
 * 4. Luck versus skill: the three shares, and which of luck and skill is larger when their
 *    intervals do not overlap.
 */
import type { Interval } from '../report/types.js';
import type { DepthStep, SkillJson } from './types.js';

const MINUS = '\u2212';
const DASH = '\u2013';

/** Percentage points with one decimal and a typographic minus: "+3.1", "−0.8". */
const pp = (x: number): string => {
  const t = (100 * x).toFixed(1);
  return Number(t) > 0 ? `+${t}` : Number(t) < 0 ? `${MINUS}${t.slice(1)}` : '0.0';
};
const ppRange = (ci: Interval): string => `${pp(ci[0])} to ${pp(ci[1])}`;
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const pctRange = (ci: Interval): string => `${(100 * ci[0]).toFixed(1)}${DASH}${(100 * ci[1]).toFixed(1)}%`;
const whole = (x: number): string => `${Math.round(100 * x)}%`;
/** An interval in whole percent, its ends rounded outwards (0–0.1% prints 0–1%, never a point). */
const wholeRange = (ci: Interval): string => `${Math.floor(100 * ci[0] + 1e-9)}${DASH}${Math.ceil(100 * ci[1] - 1e-9)}%`;
const elo = (x: number): string => (Math.round(x) > 0 ? `+${Math.round(x)}` : Math.round(x) < 0 ? `${MINUS}${-Math.round(x)}` : '0');

/** "doubling" for a ratio of 2, else "×3 step". */
const stepWord = (s: DepthStep): string => (s.ratio === 2 ? 'doubling' : `×${s.ratio} step`);

function ladderVerdict(s: SkillJson): string | null {
  if (s.tiers.length < 2) return null;
  const order = s.tiers.map((t, i) => ({ t, i })).sort((a, b) => b.t.elo - a.t.elo || a.t.tier.localeCompare(b.t.tier));
  const head = `The ladder by rating, strongest first: ${order.map(({ t }) => `${t.tier} (${elo(t.elo)})`).join(', ')}`;
  if (s.differences.lower === null || s.differences.upper === null) return `${head}.`;
  const lower = s.differences.lower;
  const upper = s.differences.upper;
  const tied: string[] = [];
  for (let n = 1; n < order.length; n++) {
    const a = order[n - 1].i;
    const b = order[n].i;
    if (!(lower[a][b] > 0 || upper[a][b] < 0)) tied.push(`${order[n - 1].t.tier} and ${order[n].t.tier}`);
  }
  if (tied.length === 0) return `${head}; every tier is rated above the next with significance.`;
  if (tied.length === order.length - 1) return `${head}; no tier is told apart from its neighbour (the interval of every such rating difference contains 0).`;
  const pairs = tied.length === 1 ? tied[0] : `these pairs: ${tied.join('; ')}`;
  return `${head}; every tier is told apart from the next except ${pairs} (the interval of their rating difference contains 0).`;
}

function topVerdict(s: SkillJson): string | null {
  if (s.tiers.length < 2) return null;
  const order = s.tiers.map((t, i) => ({ t, i })).sort((a, b) => b.t.elo - a.t.elo || a.t.tier.localeCompare(b.t.tier));
  const [top, next] = order;
  const c = s.matchups[top.i][next.i];
  if (!c) return null;
  const equal = 1 / s.players;
  const head = `${top.t.tier}'s seat at a table of ${next.t.tier} wins ${pct(c.winShare)}`;
  if (c.ci95 === null) return `${head} (an equal share is ${pct(equal)}; no interval).`;
  if (c.ci95[0] > equal) return `${head} (95%: ${pctRange(c.ci95)}), ${pp(c.edge)} pp over an equal share: the top tier outplays the runner-up.`;
  if (c.ci95[1] < equal) return `${head} (95%: ${pctRange(c.ci95)}), ${pp(c.edge)} pp under an equal share: rated higher overall, it still loses this table.`;
  return `${head} (95%: ${pctRange(c.ci95)}): no detectable edge over an equal share (${pct(equal)}) against the runner-up.`;
}

function depthVerdicts(s: SkillJson): string[] {
  const out: string[] = [];
  for (const d of s.depth) {
    const step = (x: DepthStep) =>
      `from ${x.from.toLocaleString('en-US')} to ${x.to.toLocaleString('en-US')} iterations: ${pp(x.gain)} pp${x.ci95 ? ` (95%: ${ppRange(x.ci95)})` : ''}`;
    if (d.depth === null) {
      out.push(`${d.family}: too few deals to judge its budget steps (${d.steps.map(step).join('; ')}; point estimates only).`);
      continue;
    }
    const last = d.steps[d.steps.length - 1];
    // Steps after the first that does not gain which gain again: the gradient is not steady.
    const later = d.steps.slice(d.depth + 1).filter((x) => x.significant);
    const again = later.length
      ? ` Yet a later step gains again (${later.map(step).join('; ')}): the depth counts from the lowest budget, so here it undersells what more search buys.`
      : '';
    if (d.depth === d.steps.length) {
      out.push(
        `Raising ${d.family}'s budget still gains at the top of the ladder, ${step(last)} for the ${stepWord(last)}${d.steps.length > 1 ? ` (every one of its ${d.steps.length} steps gains)` : ''} — skill keeps paying.`,
      );
    } else if (d.depth === 0) {
      const first = d.steps[0];
      out.push(
        `Raising ${d.family}'s budget gains no detectable edge already at its first ${stepWord(first)}, ${step(first)}${later.length ? '.' : ': more search does not pay here, or these budgets are too close to tell.'}${again}`,
      );
    } else {
      const paid = d.steps[d.depth - 1];
      const flat = d.steps[d.depth];
      out.push(
        `More search pays in ${d.family} up to ${paid.to.toLocaleString('en-US')} iterations (${step(paid)}) but not detectably beyond (${step(flat)}): skill depth ${d.depth} ${d.depth === 1 ? 'step' : 'steps'} of ${d.steps.length}.${again}`,
      );
    }
  }
  return out;
}

function luckVerdict(s: SkillJson): string | null {
  const l = s.luck;
  if (!l) return null;
  const part = (e: { share: number; ci95: Interval | null }) => `${whole(e.share)}${e.ci95 ? ` (95%: ${wholeRange(e.ci95)})` : ''}`;
  const head = `Of the variance in a seat's result, the deal (and the seat it was dealt) explains ${part(l.luck)}, the tiers ${part(l.skill)}, and ${part(l.interaction)} depends on both together`;
  if (!l.luck.ci95 || !l.skill.ci95) return `${head}.`;
  if (l.skill.ci95[0] > l.luck.ci95[1]) return `${head}: among these tiers, skill outweighs luck.`;
  if (l.luck.ci95[0] > l.skill.ci95[1]) return `${head}: among these tiers, luck outweighs skill.`;
  return `${head}: luck and skill are not told apart among these tiers.`;
}

export function skillVerdicts(s: SkillJson): string[] {
  const out: string[] = [];
  if (!s.intervals.given) out.push(`No intervals: ${s.intervals.reason}. The figures below are point estimates, and no sentence claims a difference.`);
  for (const v of [ladderVerdict(s), topVerdict(s), ...depthVerdicts(s), luckVerdict(s)]) if (v) out.push(v);
  return out;
}
