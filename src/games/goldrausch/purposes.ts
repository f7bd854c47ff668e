/**
 * Goldrausch's random streams: the shared purposes of core/random.ts plus the game's own (numbers
 * unchanged since the first release, so every game plays as before).
 */
import { Purpose as Shared } from '../../core/random.js';

export const Purpose = {
  ...Shared,
  resourceDeck: 2,
  eventDeck: 3,
  /** The disaster wheel. */
  wheel: 4,
  /** The order in which seats speak in a meeting. */
  meetingOrder: 6,
  /** Late players' random upgrade commitments (GR-A default commitments). */
  lateCommit: 7,
} as const;
