/** The built-in GOLD strategies by line-up key. */
import type { GoldBotFactory } from '../../src/games/gold-knizia/bot.js';
import cautious from './cautious.js';
import greedy from './greedy.js';
import random from './random.js';
import search from './search.js';
import spoiler from './spoiler.js';

export const GOLD_BOTS: Record<string, GoldBotFactory> = { random, greedy, spoiler, cautious, search };
