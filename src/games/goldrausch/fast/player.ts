/**
 * The fast kernel as a `FastPlayer` (core/definition.ts): a line-up whose every bot has a fast twin
 * (`GoldrauschBotFactory.fast`) plays on the kernel; a game the kernel bails out of goes back to the
 * reference engine (the caller plays it there).
 */
import type { FastPlayer, FlatRecord, GameRecord } from '../../../core/definition.js';
import { gameKey } from '../../../core/random.js';
import type { GoldrauschBotFactory } from '../bot.js';
import type { GoldrauschConfig } from '../params.js';
import { FastBailout, FastKernel, gameRecord } from './kernel.js';
import type { FastBotFactory } from './view.js';

class KernelPlayer implements FastPlayer {
  bailouts = 0;
  constructor(private readonly kernel: FastKernel) {}

  play(seed: string, index: number): FlatRecord | null {
    try {
      return this.kernel.play(gameKey(seed, index));
    } catch (e) {
      if (!(e instanceof FastBailout)) throw e;
      this.bailouts++;
      return null;
    }
  }

  gameRecord(flat: FlatRecord): GameRecord {
    return gameRecord(flat);
  }
}

/** A kernel player for the line-up, or null when some seat's bot has no fast twin. */
export function fastPlayer(config: GoldrauschConfig, players: number, bots: readonly GoldrauschBotFactory[]): FastPlayer | null {
  const twins: FastBotFactory[] = [];
  for (const bot of bots) {
    if (bot.fast === undefined) return null;
    twins.push(bot.fast);
  }
  return new KernelPlayer(new FastKernel(config, players, twins));
}
