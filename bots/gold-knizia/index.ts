/** The built-in GOLD strategies by line-up key. */
import type { GoldBotFactory } from '../../src/games/gold-knizia/bot.js';
import cautious from './cautious.js';
import greedy from './greedy.js';
import random from './random.js';
import spoiler from './spoiler.js';

export const GOLD_BOTS: Record<string, GoldBotFactory> = { random, greedy, spoiler, cautious };

/**
 * Names that stand for one `ismcts` configuration (src/search/agents.ts). `search` was GOLD's own
 * determinized-rollout bot until 2026-11-29; the generic search at about its time per decision
 * (~0.5 ms) was level with it, so `search` is now this configuration: GOLD's default `ismcts` at
 * 250 iterations (docs/bots-and-tournaments.md, "search, the retired search bots").
 */
export const GOLD_BOT_ALIASES: Readonly<Record<string, string>> = {
  search: 'ismcts:iterations=250:rollout=greedy:prior=greedy:paired=1:prune=2:anchor=0.02:depth=8:reward=margin',
};
