/**
 * The games goldpit knows, with their built-in bots. A new game is one more folder under games/
 * (and bots/), plus one line here.
 */
import { BUILTIN_BOTS as GOLDRAUSCH_BOTS } from '../../bots/goldrausch/index.js';
import { BUILTIN_BOTS as MY_GOLD_MINE_BOTS } from '../../bots/my-gold-mine/index.js';
import type { AnyGameDefinition } from '../core/definition.js';
import { goldrauschDefinition } from './goldrausch/definition.js';
import { myGoldMineDefinition } from './my-gold-mine/definition.js';

export const GAMES: Readonly<Record<string, AnyGameDefinition>> = {
  goldrausch: { ...goldrauschDefinition, builtinBots: GOLDRAUSCH_BOTS },
  'my-gold-mine': { ...myGoldMineDefinition, builtinBots: MY_GOLD_MINE_BOTS },
};
