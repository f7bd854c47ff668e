/**
 * The starter bot file that `goldpit new-bot <name>` writes: a complete, commented Goldrausch bot
 * that compiles under the repository's strict settings, plays legal moves, and explains the seat view.
 */
import { posix } from 'node:path';
import { identifierFor } from '../../core/identifier.js';

/**
 * The file's text. `typesFrom` is the import path of goldpit's src/games/goldrausch folder as seen from
 * the new file (e.g. "./src/games/goldrausch" at the repository's root). The comment names the rules,
 * docs/games/goldrausch.md, by its path from the new file too, so that it points at a file that exists.
 */
export function starterBot(name: string, typesFrom: string): string {
  const id = identifierFor(name);
  const rules = posix.normalize(posix.join(typesFrom, '../../../docs/games/goldrausch.md'));
  const rulesFrom = rules.startsWith('.') || rules.startsWith('/') ? rules : `./${rules}`;
  return `/**
 * ${name}: a Goldrausch bot. Try it:
 *
 *   npx goldpit check-bot ./${name}.ts      # plays a few games, lists any faults (exit 1 if there are some)
 *   npx goldpit tournament --bots ./${name}.ts,greedy,cooperative,betrayer,reciprocal --deals 10
 *
 * goldpit calls create(seat, random) once per seat and game, then asks the bot for decisions. Each
 * call gets \`view\`: everything this seat may see (§13 of the rules), and nothing more, read through
 * methods that return numbers (see src/games/goldrausch/view.ts for all of them):
 *
 *   view.seat, view.players     this bot's seat (0-based, clockwise) and the number of players
 *   view.round                  1 .. view.rounds (10); the game also ends when someone has
 *                               view.winThreshold (50) gold
 *   view.gold(s)                seat s's gold (null if gold is hidden and s is another seat)
 *   view.stock(c), view.cap(c)  gold lying on continent c (AZUL 0, ROSSO 1, VERIDIA 2), and its cap
 *   view.extract(c)             what each player there mines this round (if the stock lasts)
 *   view.countryHand(c)         this seat's country cards of continent c (phase 1 picks one of them)
 *   view.kept(s), view.broken(s)  each seat's public record of keeping its word
 *   view.historyLength, view.histLocation(i, s), view.histCommit(i, s), view.histPayout(i, s), …
 *                               earlier rounds, oldest first (round i + 1)
 *   In the meeting (phase 3): view.tick / view.ticks, view.location(s) (every pawn's continent),
 *   view.proposalCount and view.proposalUpgrader(i), proposalAccepted(i) (a seat mask), …,
 *   view.agreement(c) (its proposal, −1 none) and agreementUpgrader(c), view.committed(s) (who has
 *   laid a card; colours stay hidden), view.ownCommit (your card: NONE, GREEN or RED).
 *
 * The rules in one breath: every round each player picks a continent (phase 1, hidden). Then the
 * players on a continent may talk (phase 3) and each lays an upgrade card: green doubles your
 * take, but if two or more on a continent lay green each gets the single amount and pays a fine
 * of 2. Agreements are not binding. A disaster wheel may wipe out a continent's payout or draw an
 * event card. Most gold wins. Full rules: ${rulesFrom}
 *
 * Faults: if a method throws, returns something illegal or takes longer than the tournament's
 * --bot-timeout (5 s by default), that decision is played as a late player's (random continent,
 * no message, no upgrade) and counted against the bot; one that never returns is stopped. The
 * view is read-only and frozen: writing to it throws (a fault). It shows the game as it is at each
 * call: copy what you want to keep past a decision.
 *
 * The built-in bots are a good place to start: \`goldpit new-bot mine --from greedy\` copies one, and
 * their helpers (goldpit/bots/goldrausch/lib/…) can be imported from here.
 */
import type { GoldrauschBotFactory, Outbox } from '${typesFrom}/bot.js';
import { GREEN, NONE, RED } from '${typesFrom}/bot.js';
import type { GoldrauschView } from '${typesFrom}/view.js';

const ${id}: GoldrauschBotFactory = {
  name: '${name}',
  description: 'goes where the most gold is to be had, claims the upgrade when alone, otherwise proposes itself',

  // \`random\` is this bot's own random stream (random.next() in [0, 1), random.int(n), random.pick(list)).
  // Use it rather than Math.random(), so that every game can be replayed exactly.
  create(seat, random) {
    /** Players standing on continent c in the meeting (phase 3). */
    const playersOn = (view: GoldrauschView, c: number): number => {
      let n = 0;
      for (let s = 0; s < view.players; s++) if (view.location(s) === c) n++;
      return n;
    };

    return {
      // Phase 1: which continent to go to (AZUL 0, ROSSO 1, VERIDIA 2; one whose card is in hand).
      // Here: the most gold one player can mine there this round (the extraction amount, capped by
      // the stock), a random choice between equals.
      chooseContinent(view: GoldrauschView): number {
        const held = [0, 1, 2].filter((c) => view.countryHand(c) > 0);
        const value = (c: number) => Math.min(view.extract(c), view.stock(c));
        const best = Math.max(...held.map(value));
        return random.pick(held.filter((c) => value(c) === best));
      },

      // Phase 3, called on each of the seat's meeting turns: the messages to send now, written into
      // \`out\` (at most view.messagesPerTick, usually one; nothing written = none).
      // Here: accept a proposal that names this bot as the upgrader; otherwise propose itself once.
      negotiate(view: GoldrauschView, out: Outbox): void {
        const here = view.location(seat);
        if (playersOn(view, here) === 1) {
          out.pass(); // alone: nobody to talk to
          return;
        }
        let proposed = false;
        for (let i = 0; i < view.proposalCount; i++) {
          if (view.proposalContinent(i) !== here) continue;
          if (view.proposalUpgrader(i) === seat && (view.proposalAccepted(i) & (1 << seat)) === 0) {
            out.accept(i);
            return;
          }
          if (view.proposalProposer(i) === seat) proposed = true;
        }
        if (!proposed) out.propose(seat);
      },

      // Phase 3, called on each turn until the card is laid: GREEN (upgrade), RED (do not), or NONE
      // (wait; no card by the last tick counts as red).
      commitUpgrade(view: GoldrauschView): number {
        const here = view.location(seat);
        if (playersOn(view, here) === 1) return view.upgradeHand(GREEN) > 0 ? GREEN : RED; // alone: the upgrade doubles the take
        if (view.agreement(here) >= 0) return view.agreementUpgrader(here) === seat ? GREEN : RED; // keep our word
        if (view.tick < view.ticks - 2) return NONE; // wait for the talk to settle
        return random.next() < 0.3 && view.upgradeHand(GREEN) > 0 ? GREEN : RED;
      },
    };
  },
};

export default ${id};
`;
}
