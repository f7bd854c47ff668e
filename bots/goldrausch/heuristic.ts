/**
 * The seven heuristic Goldrausch strategies by line-up key (docs/games/goldrausch.md §15.4 plus random and
 * greedy): fast, so use these where every built-in bot plays many games. A module of its own so that
 * the search bot can model its rivals with them without importing the index that lists it.
 */
import { readsNoDetail, type GoldrauschBotFactory } from '../../src/games/goldrausch/bot.js';
import betrayer from './betrayer.js';
import cooperative from './cooperative.js';
import greedy from './greedy.js';
import opportunist from './opportunist.js';
import random from './random.js';
import reciprocal from './reciprocal.js';
import silent from './silent.js';

export const HEURISTIC_BOTS: Readonly<Record<string, GoldrauschBotFactory>> = {
  random,
  greedy,
  cooperative,
  betrayer,
  reciprocal,
  silent,
  opportunist,
};

// These read no more of the history than every state records: their line-ups play without the story's detail.
for (const factory of Object.values(HEURISTIC_BOTS)) readsNoDetail(factory);
