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
 * call gets \`view\`: everything this seat may see (§13 of the rules), and nothing more. The fields you
 * will use most (see src/games/goldrausch/view.ts for all of them):
 *
 *   view.seat, view.players     this bot's seat (0-based, clockwise) and the number of players
 *   view.round                  1 .. view.params.rounds (10); the game also ends when someone has
 *                               view.params.winThreshold (50) gold
 *   view.gold[s]                every seat's gold (public by default)
 *   view.stock[c]               gold lying on continent c: 0 = azul, 1 = rosso, 2 = veridia
 *   view.caps[c]                the most gold continent c can hold
 *   view.extract[c]             what each player there mines this round (if the stock lasts)
 *   view.history                earlier rounds, oldest first: locations, upgrades, payouts, breaches
 *   view.kept[s], view.broken[s]  each seat's public record of keeping its word in agreements
 *   view.meeting                null in phase 1. In phase 3: locations[s] (every pawn's continent),
 *                               messages, proposals, agreements[c], committed[s] (who has laid a
 *                               card; colours stay hidden), ownCommit (your card, once laid),
 *                               tick / ticks (the meeting's clock)
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
 * view is read-only and frozen: writing to it throws (a fault), so copy first (view.gold.slice()).
 */
import type { GoldrauschBotFactory, OutgoingMessage } from '${typesFrom}/bot.js';
import type { Colour, Continent } from '${typesFrom}/types.js';
import type { GoldrauschView } from '${typesFrom}/view.js';

const CONTINENTS: readonly Continent[] = ['azul', 'rosso', 'veridia'];

const ${id}: GoldrauschBotFactory = {
  name: '${name}',
  description: 'goes where the most gold is to be had, claims the upgrade when alone, otherwise proposes itself',

  // \`random\` is this bot's own random stream (random.next() in [0, 1), random.int(n), random.pick(list)).
  // Use it rather than Math.random(), so that every game can be replayed exactly.
  create(seat, random) {
    /** Players standing on continent c in the meeting (phase 3). */
    const playersOn = (view: GoldrauschView, c: number): number => view.meeting!.locations.filter((l) => l === c).length;

    return {
      name: '${name}',

      // Phase 1: which continent to go to. Here: the most gold one player can mine there this round
      // (the extraction amount, capped by the stock), a random choice between equals.
      chooseContinent(view: GoldrauschView): Continent {
        const value = CONTINENTS.map((_, c) => Math.min(view.extract[c], view.stock[c]));
        const best = Math.max(...value);
        const choices = CONTINENTS.filter((_, c) => value[c] === best && view.countryHand[c] > 0);
        return choices.length > 0 ? random.pick(choices) : CONTINENTS[view.countryHand.findIndex((n) => n > 0)];
      },

      // Phase 3, called once per tick: the messages to send now (at most one per tick; [] = none).
      // Here: accept a proposal that names this bot as the upgrader; otherwise propose itself once.
      negotiate(view: GoldrauschView): readonly OutgoingMessage[] {
        const meeting = view.meeting!;
        const here = meeting.locations[seat];
        if (playersOn(view, here) === 1) return [{ type: 'PASS' }]; // alone: nobody to talk to
        const mine = meeting.proposals.find((p) => p.continent === here && p.upgrader === seat && !p.acceptedBy.includes(seat));
        if (mine) return [{ type: 'ACCEPT', ref: mine.id }];
        const proposed = meeting.proposals.some((p) => p.continent === here && p.proposer === seat);
        if (!proposed) return [{ type: 'PROPOSE', plan: { upgrader: seat } }];
        return [];
      },

      // Phase 3, called once per tick until the card is laid: 'green' (upgrade), 'red' (do not),
      // or null (wait; no card by the last tick counts as red).
      commitUpgrade(view: GoldrauschView): Colour | null {
        const meeting = view.meeting!;
        const here = meeting.locations[seat];
        if (playersOn(view, here) === 1) return 'green'; // alone: the upgrade doubles the take, no risk of a fine
        const agreement = meeting.agreements[here];
        if (agreement) return agreement.upgrader === seat ? 'green' : 'red'; // keep our word
        if (meeting.tick < meeting.ticks - 2) return null; // wait for the talk to settle
        return random.next() < 0.3 ? 'green' : 'red';
      },
    };
  },
};

export default ${id};
`;
}
