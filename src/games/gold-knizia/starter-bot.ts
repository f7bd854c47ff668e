/**
 * The starter bot file that `goldpit new-bot <name> --game gold-knizia` writes: a complete,
 * commented GOLD bot that compiles under the repository's strict settings and plays legal cards.
 */
import { identifierFor } from '../../core/identifier.js';

/** The file's text. `typesFrom` is the import path of goldpit's src/games/gold-knizia folder as seen from the new file. */
export function starterBot(name: string, typesFrom: string): string {
  const id = identifierFor(name);
  return `/**
 * ${name}: a GOLD (Knizia) bot. Try it:
 *
 *   npx goldpit check-bot ./${name}.ts --game gold-knizia
 *   npx goldpit tournament --game gold-knizia --bots ./${name}.ts,greedy,spoiler,cautious --deals 10
 *
 * goldpit calls create(seat, random) once per seat and game, then asks for the card to turn: a
 * table position 0 … 63. Each call gets \`view\`: everything this seat may see, and nothing more
 * (docs/games/gold-knizia.md "The seat view API"; src/games/gold-knizia/view.ts). Most used:
 *
 *   view.tableCount, view.tablePosition(i)   the positions still on the table
 *   view.cardAt(p)                           the card code you know at p, UNKNOWN (-1) if not
 *   view.knownLeft(code), view.knownPositionOf(code, i)   where the cards you remember lie
 *   view.unknownCount, view.unknownPosition(i)            positions you do not know
 *   view.owner(colour)                       who owns a digger colour (-1 = unowned: finds for you)
 *   view.firstPosition, view.firstCard       in secondCard: the card turned first this turn
 *
 * The rules in one breath: turn two cards; a digger finds gold of at most its value for its owner
 * (an unowned digger: for you), two diggers of different values drive the weaker away, dynamite
 * blasts whatever it is turned with; with 10 or fewer cards left every turn turns one card and
 * gold goes to whoever turns it. Most gold wins.
 *
 * Faults: a position that is not on the table (or the first card again) is turned as the lowest
 * legal position instead and counted against the bot. The view only returns numbers: copy what
 * you want to keep, it always shows the current table.
 */
import type { GoldBotFactory } from '${typesFrom}/bot.js';
import { cardValue, diggerColour, isDigger, isGold } from '${typesFrom}/cards.js';
import type { GoldView } from '${typesFrom}/view.js';

const ${id}: GoldBotFactory = {
  name: '${name}',
  description: 'pairs a known gold with a digger that finds it for itself, otherwise explores',

  // \`random\` is this bot's own random stream (random.next() in [0, 1), random.int(n)).
  // Use it rather than Math.random(), so that every game can be replayed exactly.
  create(seat, random) {
    /** Does a digger of this code find gold for me on my turn (my colour or an unowned one)? */
    const mine = (view: GoldView, code: number): boolean => {
      if (!isDigger(code)) return false;
      const owner = view.owner(diggerColour(code));
      return owner === seat || owner === -1;
    };

    /** A random position I do not know, or any table position. */
    const explore = (view: GoldView, except: number): number => {
      for (let tries = 0; tries < 8 && view.unknownCount > 0; tries++) {
        const p = view.unknownPosition(random.int(view.unknownCount));
        if (p !== except) return p;
      }
      for (let i = 0; i < view.tableCount; i++) if (view.tablePosition(i) !== except) return view.tablePosition(i);
      return -1;
    };

    return {
      name: '${name}',

      // D1: a known gold for which I know a digger of mine (or unowned) strong enough, else explore.
      firstCard(view: GoldView): number {
        for (let i = 0; i < view.knownCount; i++) {
          const p = view.knownPosition(i);
          const gold = view.cardAt(p);
          if (!isGold(gold)) continue;
          for (let j = 0; j < view.knownCount; j++) {
            const d = view.cardAt(view.knownPosition(j));
            if (mine(view, d) && cardValue(d) >= cardValue(gold)) return p;
          }
        }
        return explore(view, -1);
      },

      // D2: the first card is face up (view.firstCard). Find it a partner that helps me.
      secondCard(view: GoldView): number {
        const first = view.firstCard;
        for (let i = 0; i < view.knownCount; i++) {
          const p = view.knownPosition(i);
          if (p === view.firstPosition) continue;
          const c = view.cardAt(p);
          if (isGold(first) && mine(view, c) && cardValue(c) >= cardValue(first)) return p;
          if (mine(view, first) && isGold(c) && cardValue(first) >= cardValue(c)) return p;
        }
        return explore(view, view.firstPosition);
      },

      // D3 (the gold rush): a known gold if there is one, else a random unknown card.
      rushCard(view: GoldView): number {
        for (let i = 0; i < view.knownCount; i++) if (isGold(view.cardAt(view.knownPosition(i)))) return view.knownPosition(i);
        const p = explore(view, -1);
        return p >= 0 ? p : view.tablePosition(0);
      },
    };
  },
};

export default ${id};
`;
}
