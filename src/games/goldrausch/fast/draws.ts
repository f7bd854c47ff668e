/**
 * The fast kernel's draws: `RandomSource`'s `float`, `int` and `shuffle` over the game key, which is
 * all the kernel is given (core/random.ts: the same hashes, so the same numbers as the reference
 * engine's source). One per kernel, for the rules of phases 4–6 (round.ts `Draws`) and the meeting
 * (meeting-rules.ts `MeetingDraws`) alike; the keys of the streams drawn every round — the wheel,
 * the meeting's order and its late cards — are hashed once a game instead of once a draw.
 */
import { purposeKey, shuffleInPlace, unitFloat } from '../../../core/random.js';
import type { MeetingDraws } from '../meeting-rules.js';
import { Purpose } from '../purposes.js';
import type { Draws } from '../round.js';

export class GameDraws implements Draws, MeetingDraws {
  private gameKey = 0;
  private wheelKey = 0;
  private orderKey = 0;
  private lateKey = 0;

  /** The streams of the game with this key (core/random.ts `gameKey(seed, index)`). */
  newGame(gameKey: number): void {
    this.gameKey = gameKey;
    this.wheelKey = purposeKey(gameKey, Purpose.wheel);
    this.orderKey = purposeKey(gameKey, Purpose.meetingOrder);
    this.lateKey = purposeKey(gameKey, Purpose.lateCommit);
  }

  /** The purpose's stream key (`purposeKey`), remembered for the streams drawn every round. */
  key(purpose: number): number {
    if (purpose === Purpose.wheel) return this.wheelKey;
    if (purpose === Purpose.meetingOrder) return this.orderKey;
    if (purpose === Purpose.lateCommit) return this.lateKey;
    return purposeKey(this.gameKey, purpose);
  }

  float(purpose: number, counter: number): number {
    return unitFloat(this.key(purpose), counter);
  }

  /** `RandomSource.int`: floor(float · n). */
  int(purpose: number, counter: number, n: number): number {
    return Math.floor(unitFloat(this.key(purpose), counter) * n);
  }

  shuffle<T>(items: readonly T[], purpose: number, base: number): T[] {
    const out = items.slice();
    shuffleInPlace(out, out.length, this.key(purpose), base);
    return out;
  }
}
