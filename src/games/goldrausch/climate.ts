/**
 * Phase 6 (climate change: respawn and the next resource card), the bank, and how a game is won
 * (docs/games/goldrausch.md §4, §8): the race to the threshold (GR-A5, GR-A6) and the clock (GR-A7).
 */
import { Purpose } from './purposes.js';
import { shuffleList, type Draws } from './draws.js';
import { R_NEXT_CARD } from './records.js';
import { ROUND_FIELDS, type GoldrauschState } from './state.js';

/** Takes up to `amount` from the bank (limited only with a finite bank, GR-A35). */
export function takeFromBank(s: GoldrauschState, amount: number): number {
  const got = s.finiteBank ? Math.max(0, Math.min(amount, s.bank)) : amount;
  s.bank -= got;
  return got;
}

/** Continent c's current cap (the printed cap less the cap cuts, GR-A29; never below 0). */
export function capOf(s: GoldrauschState, c: number): number {
  return Math.max(0, s.caps[c] - s.capReduction);
}

/** GR-A5: whether `gold` reaches the threshold (≥, or > when strict). */
export function reached(s: GoldrauschState, gold: number): boolean {
  return s.strict ? gold > s.winThreshold : gold >= s.winThreshold;
}

/** GR-A6: among the seats at or above the threshold the richest win (ties share), into `winners`; false if none. */
export function richestAtThreshold(s: GoldrauschState): boolean {
  const gold = s.gold;
  let best = -Infinity;
  for (let seat = 0; seat < s.players; seat++) if (reached(s, gold[seat]) && gold[seat] > best) best = gold[seat];
  if (best === -Infinity) return false;
  let k = 0;
  for (let seat = 0; seat < s.players; seat++) if (gold[seat] === best) s.winners[k++] = seat;
  s.winnerCount = k;
  return true;
}

/** GR-A7: most gold wins at the time limit; ties shared, drawn at random, or by fewest fines. */
export function timeLimitWinners(s: GoldrauschState, draws: Draws): void {
  const gold = s.gold;
  const winners = s.winners;
  let best = gold[0];
  for (let seat = 1; seat < s.players; seat++) if (gold[seat] > best) best = gold[seat];
  let k = 0;
  for (let seat = 0; seat < s.players; seat++) if (gold[seat] === best) winners[k++] = seat;
  if (k > 1 && s.tieRandom) {
    winners[0] = winners[draws.int(Purpose.tieBreak, s.tieBreaks++, k)];
    k = 1;
  } else if (k > 1 && s.tieFewestFines) {
    let fewest = Infinity;
    for (let i = 0; i < k; i++) fewest = Math.min(fewest, s.finesPaid[winners[i]]);
    let kept = 0;
    for (let i = 0; i < k; i++) if (s.finesPaid[winners[i]] === fewest) winners[kept++] = winners[i];
    k = kept;
  }
  s.winnerCount = k;
}

/**
 * Phase 6 of round row `r` (not after the final round, GR-A3): with respawnTiming
 * end-of-current-round the current card respawns first; the next resource card is revealed (more
 * rounds than cards: the used cards but the current one are reshuffled in) and becomes the current
 * card; on-reveal it respawns now.
 */
export function climateChange(s: GoldrauschState, r: number, draws: Draws): void {
  if (!s.respawnOnReveal) respawn(s, s.currentCard);
  if (s.resourcePos >= s.resourceLength) reshuffleResources(s, draws);
  const card = s.resourceOrder[s.resourcePos++];
  s.currentCard = card;
  s.roundRows[r * ROUND_FIELDS + R_NEXT_CARD] = card;
  if (s.respawnOnReveal) respawn(s, card);
  setExtract(s);
}

/** The current resource card's extraction (lower field) per continent. */
export function setExtract(s: GoldrauschState): void {
  const at = 3 * s.currentCard;
  const extractOf = s.extractOf;
  s.extract[0] = extractOf[at];
  s.extract[1] = extractOf[at + 1];
  s.extract[2] = extractOf[at + 2];
}

/**
 * Resource card `card` respawns onto the board, each continent up to its current cap (GR-A39:
 * respawn above the cap is lost; with a cut cap and trim-on-respawn the stock above it stays), paid by
 * the bank; what each continent got goes into the round's `respawned`.
 */
function respawn(s: GoldrauschState, card: number): void {
  for (let c = 0; c < 3; c++) {
    const room = Math.max(0, capOf(s, c) - s.stock[c]);
    const placed = takeFromBank(s, Math.min(room, s.respawnOf[3 * card + c]));
    s.stock[c] += placed;
    s.respawned[c] += placed;
  }
}

/** More rounds than resource cards: every card but the current one (a one-card deck reuses it), reshuffled and appended. */
function reshuffleResources(s: GoldrauschState, draws: Draws): void {
  s.resourceShuffles++;
  const rest = s.scratch;
  let length = 0;
  for (let i = 0; i < s.cardCount; i++) if (s.cardCount <= 1 || i !== s.currentCard) rest[length++] = i;
  shuffleList(draws, rest, length, Purpose.resourceDeck, s.resourceShuffles * 4096);
  for (let i = 0; i < length; i++) s.resourceOrder[s.resourceLength++] = rest[i];
}
