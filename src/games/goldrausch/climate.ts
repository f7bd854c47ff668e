/**
 * Phase 6 (climate change: respawn and the next resource card) and the time limit (§8), on the
 * round's `RoundWork`: the one implementation of these rules, for both engines (see round.ts).
 */
import { Purpose } from './purposes.js';
import type { GoldrauschConfig } from './params.js';
import { capOf, maxOf, takeFromBank, type Draws, type RoundWork } from './round.js';

/**
 * Phase 6: resource card `cardIndex` respawns onto the board, each continent up to its current cap
 * (GR-A39: respawn above the cap is lost; GR-A29 trim-on-respawn: stock above the cap stays), paid
 * by the bank. What each continent got is added to `respawned` (the round record's), if given.
 */
export function respawn(work: RoundWork, cardIndex: number, respawned: number[] | null): void {
  const respawns = work.opts.respawns;
  for (let c = 0; c < 3; c++) {
    const cap = capOf(work, c);
    const room = Math.max(0, cap - work.stock[c]);
    const placed = takeFromBank(work, Math.min(room, respawns[3 * cardIndex + c]));
    work.stock[c] += placed;
    if (respawned !== null) respawned[c] += placed;
  }
}

/**
 * More rounds than resource cards: the cards to append to the resource order, every card but the
 * current one (a one-card deck reuses it), shuffled with the `shuffles`-th resource-deck stream.
 */
export function reshuffledResources(config: GoldrauschConfig, currentCard: number, random: Draws, shuffles: number): number[] {
  const all = config.params.resourceDeck.cards.map((_, i) => i);
  const rest = all.length > 1 ? all.filter((i) => i !== currentCard) : all;
  return random.shuffle(rest, Purpose.resourceDeck, shuffles * 4096);
}

/** GR-A7: most gold wins at the time limit; ties shared, drawn at random, or by fewest fines. */
export function timeLimitWinners(work: RoundWork, random: Draws): number[] {
  const best = maxOf(work.gold);
  let tied: number[] = [];
  for (let s = 0; s < work.players; s++) if (work.gold[s] === best) tied.push(s);
  if (tied.length === 1) return tied;
  const rule = work.config.rules.finalTiebreak;
  if (rule === 'random') return [tied[random.int(Purpose.tieBreak, work.tieBreaks++, tied.length)]];
  if (rule === 'fewest-fines') tied = fewestFines(tied, work.finesPaid);
  return tied;
}

/** GR-A7 fewest-fines: those of `tied` who paid the least in fines. (Its own function: see events.ts `withoutLast`.) */
function fewestFines(tied: readonly number[], finesPaid: readonly number[]): number[] {
  const fewest = Math.min(...tied.map((s) => finesPaid[s]));
  return tied.filter((s) => finesPaid[s] === fewest);
}
