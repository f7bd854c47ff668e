/**
 * The starter bot file that `goldpit new-bot <name> --game my-gold-mine` writes: a complete,
 * commented My Gold Mine bot that compiles under the repository's strict settings.
 */
import { identifierFor } from '../../core/identifier.js';

/** The file's text; `typesFrom` is the import path of src/games/my-gold-mine as seen from the new file. */
export function starterBot(name: string, typesFrom: string): string {
  const id = identifierFor(name);
  return `/**
 * ${name}: a My Gold Mine bot. Try it:
 *
 *   npx goldpit check-bot --game my-gold-mine ./${name}.ts
 *   npx goldpit tournament --game my-gold-mine --bots ./${name}.ts,cautious,greedy,odds --deals 20
 *
 * The rules as goldpit implements them: docs/games/my-gold-mine.md. In one breath: dwarves start on
 * card 4 of a mine of 9 cards (0 = exit, 8 = Drago). On your turn take the face-up top digging card
 * (gold; lots-of-gold moves you towards Drago, gold-upwards towards the exit) — after which every
 * dragon card that surfaces moves Drago one card left and burns whoever stands there — or draw an
 * exit card (steps towards the exit, swaps, Extragold). Get out with as much gold as you can.
 *
 * \`view\` (src/games/my-gold-mine/view.ts) is everything this seat may see:
 *
 *   view.actor, view.position(d), view.drago    the acting dwarf, where each dwarf and Drago stand
 *   view.topCard, view.digGold(t), digMove(t)   the face-up top digging card (-1: deck empty)
 *   view.dragonsLeft, view.digDeckSize          the countable rest of the digging deck
 *   view.drawnExit, view.exitActionName(t, i)   the exit card being resolved (D2/D3)
 *   view.canSwapWith(d), view.pile(d)           swap targets; the gold a dwarf carries
 */
import type { RandomStream } from '${typesFrom}/../../core/random.js';
import type { MyGoldMineBot, MyGoldMineBotFactory } from '${typesFrom}/bot.js';
import type { MyGoldMineView } from '${typesFrom}/view.js';

class Bot implements MyGoldMineBot {
  readonly name = ${JSON.stringify(name)};
  constructor(private readonly random: RandomStream) {}

  /** D1: dig while Drago is at least 3 cards away from where the card would put us. */
  dig(view: MyGoldMineView): boolean {
    const card = view.topCard;
    if (card < 0) return false;
    const after = view.position(view.actor) + view.digMove(card);
    return after <= 0 || view.drago - after >= 3;
  }

  /** D2: the action that moves us furthest towards the exit (double step, then one step). */
  chooseAction(view: MyGoldMineView): number {
    const second = view.exitActionName(view.drawnExit, 1);
    return second === 'double-step' || (second === 'one-step' && view.exitActionName(view.drawnExit, 0) !== 'double-step') ? 1 : 0;
  }

  /** D3: a random dwarf among those we may swap with. */
  swapTarget(view: MyGoldMineView): number {
    const targets: number[] = [];
    for (let d = 0; d < view.dwarves; d++) if (view.canSwapWith(d)) targets.push(d);
    return targets[this.random.int(targets.length)];
  }
}

const ${id}: MyGoldMineBotFactory = {
  name: ${JSON.stringify(name)},
  description: 'A starter My Gold Mine bot: digs while Drago is 3 or more cards away.',
  create: (_seat, random) => new Bot(random),
};

export default ${id};
`;
}
