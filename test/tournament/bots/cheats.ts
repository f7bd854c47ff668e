// A dishonest bot for the fault-isolation tests: it writes to what it is handed.
//  - default export `cheats`: every decision first writes to its view, without catching.
//  - `sneaky`: plays as `honest` (the built-in greedy bot), but first tries every write it can
//    think of (the view's fields and methods, its rules and params, the game's random source), each
//    in a try/catch, so a refused write goes unnoticed.
import { RED, type GoldrauschBot, type GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import greedy from '../../../bots/goldrausch/greedy.js';

// biome-ignore lint/suspicious/noExplicitAny: this bot writes where the types forbid it, on purpose (it tests the freezing).
const w = (x: unknown): any => x;

const cheats: GoldrauschBotFactory = {
  name: 'cheats',
  description: 'gives itself more gold, raises its message limit, inflates its reputation',
  create: () => ({
    chooseContinent(view) {
      const gold = view.gold(view.seat);
      w(view).gold = () => (gold ?? 0) + 10;
      return [0, 1, 2].find((c) => view.countryHand(c) > 0)!;
    },
    negotiate(view) {
      w(view.params).messagesPerTick = 3;
    },
    commitUpgrade(view) {
      w(view).kept = () => 99;
      return RED;
    },
  }),
};
export default cheats;

export const honest: GoldrauschBotFactory = { ...greedy, name: 'honest' };

const attempts = (view: GoldrauschView, random: unknown): (() => void)[] => [
  () => void (w(view).seat = (view.seat + 1) % view.players),
  () => void (w(view).gold = () => 99),
  () => void (w(view).stock = () => 99),
  () => void (w(view).cap = () => 99),
  () => void (w(view).extract = () => 9),
  () => void (w(view).kept = () => 5),
  () => void (w(view).countryHand = () => 1),
  () => void (w(view).upgradeHand = () => 1),
  () => void (w(view).histGoldAfter = () => 99),
  () => void (w(view).location = () => 0),
  () => void (w(view).committed = () => false),
  () => void (w(view).agreement = () => -1),
  () => void (w(Object.getPrototypeOf(view)).gold = () => 99),
  () => void (w(view.params).negotiationTicks = 2),
  () => void (w(view.params).winThreshold = 20),
  () => void (w(view.rules).negotiationScope = 'table'),
  () => void (w(view.params.resourceDeck.cards[0]).extract[0] = 9),
  () => void (w(random).source.gameKey = 12345),
  () => void (w(random).source.u32 = () => 0),
];

export const sneaky: GoldrauschBotFactory = {
  name: 'sneaky',
  description: 'greedy, after trying to write to everything it can reach',
  create(seat, random) {
    const inner: GoldrauschBot = greedy.create(seat, random);
    const tamper = (view: GoldrauschView) => {
      for (const attempt of attempts(view, random)) {
        try {
          attempt();
        } catch {
          // refused: carry on as if nothing happened
        }
      }
    };
    return {
      chooseContinent: (view) => {
        tamper(view);
        return inner.chooseContinent(view);
      },
      negotiate: (view, out) => {
        tamper(view);
        inner.negotiate(view, out);
      },
      commitUpgrade: (view) => {
        tamper(view);
        return inner.commitUpgrade(view);
      },
      idleUntil: inner.idleUntil ? (view) => inner.idleUntil!(view) : undefined,
      idleWake: inner.idleWake,
      provisionalUpgrade: inner.provisionalUpgrade
        ? (view) => {
            tamper(view);
            return inner.provisionalUpgrade!(view);
          }
        : undefined,
    };
  },
};
