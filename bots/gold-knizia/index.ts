/** The built-in GOLD strategies by line-up key. */
import type { GoldBotFactory } from '../../src/games/gold-knizia/bot.js';
import greedy from './greedy.js';
import random from './random.js';

export const GOLD_BOTS: Record<string, GoldBotFactory> = { random, greedy };
