/**
 * Invariants every Goldrausch game must keep, checked on every state of a game (used by the property
 * test and by `scripts/invariants.mjs` over many random games): gold is conserved between players,
 * continents and bank; no negative gold or stock; no stock above its cap; a finite bank never goes
 * below 0; the game ends by the last round with at least one winner. The engine changes its state in
 * place, so each state is checked when the driver reports it (`onState`).
 */
import type { GoldrauschConfig } from './params.js';
import { Stage, type GoldrauschState } from './state.js';

/** The violations of one state (empty = all invariants hold). */
export function stateViolations(config: GoldrauschConfig, s: GoldrauschState): string[] {
  const out: string[] = [];
  const total = config.rules.bank === 270 ? 270 : 0; // an unlimited bank starts at 0 and may go negative
  const where = `round ${s.round} (${['continent', 'meeting', 'over'][s.stage]}${s.stage === Stage.meeting ? `, tick ${s.tick}` : ''})`;
  let sum = s.bank;
  for (let seat = 0; seat < s.players; seat++) sum += s.gold[seat];
  for (let c = 0; c < 3; c++) sum += s.stock[c];
  if (sum !== total) out.push(`${where}: gold + stock + bank = ${sum}, expected ${total}`);
  for (let seat = 0; seat < s.players; seat++) if (!(s.gold[seat] >= 0)) out.push(`${where}: seat ${seat} has ${s.gold[seat]} gold`);
  if (config.rules.bank === 270 && s.bank < 0) out.push(`${where}: the finite bank holds ${s.bank}`);
  for (let c = 0; c < 3; c++) {
    const cap = Math.max(0, config.params.caps[c] - s.capReduction);
    // With capCut = trim-on-respawn a cut cap may leave stock above it until mined (GR-A29).
    const limit = config.rules.capCut === 'trim-now' ? cap : config.params.caps[c];
    if (s.stock[c] < 0 || s.stock[c] > limit) out.push(`${where}: continent ${c} stock ${s.stock[c]} outside 0..${limit}`);
  }
  if (s.round > config.params.rounds) out.push(`${where}: round beyond the last (${config.params.rounds})`);
  return out;
}

/** The violations of a finished game's last state. */
export function endViolations(s: GoldrauschState): string[] {
  const out: string[] = [];
  if (s.stage !== Stage.over) out.push('the game did not end');
  if (s.winnerCount === 0) out.push('the game ended without a winner');
  return out;
}
