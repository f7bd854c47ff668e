/**
 * Invariants every Goldrausch game must keep, checked on every state of a game (used by the
 * property test and by `scripts/invariants.mjs` over 100k random games):
 * gold is conserved between players, continents and bank; no negative gold or stock; no stock above
 * its cap; the game ends by the last round with at least one winner.
 */
import type { GoldrauschConfig } from './params.js';
import type { GoldrauschState } from './state.js';

/** Returns the violations (empty = all invariants hold). `total` = gold + stock + bank at setup. */
export function invariantViolations(config: GoldrauschConfig, states: readonly GoldrauschState[]): string[] {
  const out: string[] = [];
  const total = config.rules.bank === 270 ? 270 : 0; // an unlimited bank starts at 0 and may go negative
  for (const s of states) {
    const where = `round ${s.round} (${s.stage}${s.meeting ? `, tick ${s.meeting.tick}` : ''})`;
    let sum = s.bank;
    for (const g of s.gold) sum += g;
    for (const c of s.stock) sum += c;
    if (sum !== total) out.push(`${where}: gold + stock + bank = ${sum}, expected ${total}`);
    s.gold.forEach((g, seat) => {
      if (!(g >= 0)) out.push(`${where}: seat ${seat} has ${g} gold`);
    });
    if (config.rules.bank === 270 && s.bank < 0) out.push(`${where}: the finite bank holds ${s.bank}`);
    for (let c = 0; c < 3; c++) {
      const cap = Math.max(0, config.params.caps[c] - s.capReduction);
      // With capCut = trim-on-respawn a cut cap may leave stock above it until mined (GR-A29).
      const limit = config.rules.capCut === 'trim-now' ? cap : config.params.caps[c];
      if (s.stock[c] < 0 || s.stock[c] > limit) out.push(`${where}: continent ${c} stock ${s.stock[c]} outside 0..${limit}`);
    }
    if (s.round > config.params.rounds) out.push(`${where}: round beyond the last (${config.params.rounds})`);
  }
  const last = states[states.length - 1];
  if (last.stage !== 'over') out.push('the game did not end');
  if (last.winners.length === 0) out.push('the game ended without a winner');
  return out;
}
