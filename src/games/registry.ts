/**
 * The games goldpit knows, with their built-in bots. A new game is one more folder under games/
 * (and bots/), plus one line here.
 */
import { GOLD_BOT_ALIASES, GOLD_BOTS } from '../../bots/gold-knizia/index.js';
import { BUILTIN_BOTS as GOLDRAUSCH_BOTS } from '../../bots/goldrausch/index.js';
import { BUILTIN_BOTS as GREEN_DEAL_BOTS } from '../../bots/green-deal/index.js';
import { BOT_ALIASES as MY_GOLD_MINE_ALIASES, BUILTIN_BOTS as MY_GOLD_MINE_BOTS } from '../../bots/my-gold-mine/index.js';
import type { AnyGameDefinition } from '../core/definition.js';
import { withSearchAgents } from '../search/agents.js';
import { goldKniziaDefinition } from './gold-knizia/definition.js';
import { goldrauschDefinition } from './goldrausch/definition.js';
import { greenDealDefinition } from './green-deal/definition.js';
import { myGoldMineDefinition } from './my-gold-mine/definition.js';

/** The game of a scenario or fixture without a `game` field, and of `--game` when it is not given (the first game goldpit had). */
export const DEFAULT_GAME = 'goldrausch';

/** Every game with the search contract also gets the generic agents `uniform` and `ismcts`, and its search aliases (src/search/agents.ts). */
export const GAMES: Readonly<Record<string, AnyGameDefinition>> = {
  goldrausch: withSearchAgents({ ...goldrauschDefinition, builtinBots: GOLDRAUSCH_BOTS }),
  'gold-knizia': withSearchAgents({ ...goldKniziaDefinition, builtinBots: GOLD_BOTS }, GOLD_BOT_ALIASES),
  'my-gold-mine': withSearchAgents({ ...myGoldMineDefinition, builtinBots: MY_GOLD_MINE_BOTS }, MY_GOLD_MINE_ALIASES),
  'green-deal': withSearchAgents({ ...greenDealDefinition, builtinBots: GREEN_DEAL_BOTS }),
};

/** The examples of each command's `--help` (they name shipped scenarios and games). */
export { EXAMPLES as CLI_EXAMPLES } from './cli-examples.js';
