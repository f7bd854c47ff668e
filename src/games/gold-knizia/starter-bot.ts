/**
 * The starter bot file that `goldpit new-bot <name> --game gold-knizia` writes: a complete,
 * commented GOLD bot that compiles under the repository's strict settings and plays legal cards.
 */
import { identifierFor } from '../../core/identifier.js';

/** The file's text; `typesFrom` is the import path of src/games/gold-knizia as seen from the new file. */
export function starterBot(name: string, typesFrom: string): string {
  const id = identifierFor(name);
  return `/**
 * ${name}: a GOLD (Knizia) bot. Try it:
 *
 *   npx goldpit check-bot --game gold-knizia ./${name}.ts   # plays a few games, lists any faults
 *   npx goldpit tournament --game gold-knizia --bots ./${name}.ts,greedy,random --deals 20
 *
 * The rules as goldpit implements them: docs/games/gold-knizia.md. In one breath: 64 cards lie face
 * down; on your turn you turn two (one after the other). A digger with gold worth no more than the
 * digger's value takes the gold for the digger's owner (an unowned colour's for you); a higher digger
 * drives off a lower one; dynamite destroys whatever it is turned with. With 10 or fewer cards left
 * the gold rush begins: one card a turn, gold goes to whoever turns it. Most gold wins.
 *
 * goldpit calls create(seat, random) once per seat and game, then asks for table positions (0..63).
 * \`view\` is everything this seat may see and remembers (see src/games/gold-knizia/view.ts):
 *
 *   view.seat, view.players        this bot's seat and the number of players
 *   view.tableCount                cards on the table; view.tablePosition(i) is the i-th of them
 *   view.cardAt(p)                 the card this seat knows at position p (UNKNOWN = -1 if never seen
 *                                  or forgotten; OFF_TABLE = -2 if it has left the table)
 *   view.knownCount/knownPosition  the face-down cards this seat knows
 *   view.unknownCount/unknownPosition  the ones it does not
 *   view.left(code)                how many cards of a kind are still on the table (public count)
 *   view.owner(colour)             which seat owns a digger colour (-1: nobody)
 *   view.firstPosition/firstCard   in secondCard: the card turned first this turn
 *   view.gold(s), goldCards(s)     what each seat has collected (as far as this seat knows)
 *
 * Card codes (src/games/gold-knizia/cards.ts): isGold, isDigger, isDynamite, cardValue, diggerColour.
 * An illegal answer (a position not on the table, or the first card again) is a fault: goldpit
 * turns the lowest-index legal card instead and records it.
 */
import type { RandomStream } from '${typesFrom}/../../core/random.js';
import type { GoldBot, GoldBotFactory } from '${typesFrom}/bot.js';
import { cardValue, diggerColour, isDigger, isGold, UNKNOWN } from '${typesFrom}/cards.js';
import type { GoldView } from '${typesFrom}/view.js';

class Bot implements GoldBot {
  readonly name = ${JSON.stringify(name)};
  constructor(
    private readonly seat: number,
    private readonly random: RandomStream,
  ) {}

  /** D1: a known gold card if this seat knows one (a digger may follow), else a random card. */
  firstCard(view: GoldView): number {
    for (let i = 0; i < view.knownCount; i++) {
      const p = view.knownPosition(i);
      if (isGold(view.cardAt(p))) return p;
    }
    return view.tablePosition(this.random.int(view.tableCount));
  }

  /** D2: after a gold card, a known own digger strong enough for it; otherwise any other card. */
  secondCard(view: GoldView): number {
    const first = view.firstCard;
    if (first !== UNKNOWN && isGold(first)) {
      for (let i = 0; i < view.knownCount; i++) {
        const p = view.knownPosition(i);
        const card = view.cardAt(p);
        if (p !== view.firstPosition && isDigger(card) && cardValue(card) >= cardValue(first) && this.mine(view, card)) return p;
      }
    }
    // Any other table card, uniformly: the last one stands in for the first card's position.
    const n = view.tableCount;
    const p = view.tablePosition(this.random.int(n - 1));
    return p === view.firstPosition ? view.tablePosition(n - 1) : p;
  }

  /** D3 (gold rush): a known gold card if there is one, else any card. */
  rushCard(view: GoldView): number {
    return this.firstCard(view);
  }

  /** True when the digger's colour is this seat's or nobody's (its gold would come to us). */
  private mine(view: GoldView, digger: number): boolean {
    const owner = view.owner(diggerColour(digger));
    return owner === this.seat || owner === -1;
  }
}

const ${id}: GoldBotFactory = {
  name: ${JSON.stringify(name)},
  description: 'A starter GOLD bot: known gold first, then an own digger strong enough for it.',
  create: (seat, random) => new Bot(seat, random),
};

export default ${id};
`;
}
