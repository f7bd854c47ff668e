/**
 * Fast twin of Silent (../silent.ts): logit continent, never talks (PASS), on its first turn green
 * with probability q when sharing its continent (one draw), always green alone (no draw).
 */
import { MSG_ALL, NONE, type FastBot, type FastMessage, type FastRandom, type FastView } from '../../../src/games/goldrausch/fast/view.js';
import { held, heldGreen, isAlone, logitContinent, NO_RANDOM, pass } from './lib.js';

export class FastSilent implements FastBot {
  readonly idleWake = MSG_ALL;
  private random: FastRandom = NO_RANDOM;

  constructor(private readonly q: number) {}

  newGame(_seat: number, random: FastRandom): void {
    this.random = random;
  }

  chooseContinent(view: FastView): number {
    return logitContinent(view, this.random);
  }

  negotiate(_view: FastView, out: FastMessage): boolean {
    return pass(out);
  }

  commitUpgrade(view: FastView): number {
    if (view.ownCommit !== NONE) return NONE;
    if (isAlone(view)) return heldGreen(view);
    return held(view, this.random.next() < this.q);
  }

  idleUntil(_view: FastView): number {
    return 0;
  }
}

export function fastSilent(q: number): () => FastBot {
  return () => new FastSilent(q);
}
