// A dishonest bot for the fault-isolation tests: it writes to what it is handed.
//  - default export `cheats`: every decision first writes to its view, without catching.
//  - `sneaky`: plays as `honest` (the built-in greedy bot), but first tries every write it can
//    think of (gold, hands, ledger, history, meeting, config, the game's random source), each in
//    a try/catch, so a refused write goes unnoticed.
import type { GoldrauschBot, GoldrauschBotFactory } from '../../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';
import { CONTINENTS } from '../../../src/games/goldrausch/types.js';
import greedy from '../../../bots/goldrausch/greedy.js';

// biome-ignore lint/suspicious/noExplicitAny: this bot writes where the types forbid it, on purpose (it tests the freezing).
const w = (x: unknown): any => x;

const cheats: GoldrauschBotFactory = {
  name: 'cheats',
  description: 'adds gold to itself, raises its message limit, inflates its reputation',
  create: () => ({
    name: 'cheats',
    chooseContinent(view) {
      w(view.gold)[view.seat] += 10;
      return CONTINENTS.find((_, c) => view.countryHand[c] > 0)!;
    },
    negotiate(view) {
      w(view.params).messagesPerTick = 3;
      return [];
    },
    commitUpgrade(view) {
      w(view.kept)[view.seat] += 1;
      return 'red';
    },
  }),
};
export default cheats;

export const honest: GoldrauschBotFactory = { ...greedy, name: 'honest' };

const attempts = (view: GoldrauschView, random: unknown): (() => void)[] => [
  () => void (w(view.gold)[view.seat] += 10),
  () => void (w(view.stock)[0] = 99),
  () => void (w(view.caps)[1] = 99),
  () => void (w(view.extract)[0] = 9),
  () => void (w(view.kept)[view.seat] += 5),
  () => w(view.broken).fill(0),
  () => w(view.countryHand).fill(1),
  () => w(view.upgradeHand).fill(1),
  () => void (w(view.history[0]?.goldAfter ?? {})[view.seat] = 99),
  () => w(view.history).pop(),
  () => w(view.eventDiscard).pop(),
  () => void (w(view.params).negotiationTicks = 2),
  () => void (w(view.params).winThreshold = 20),
  () => void (w(view.params.resourceDeck.cards[0]).extract[0] = 9),
  () => void (w(view.meeting?.committed ?? {})[view.seat] = false),
  () => void (w(view.meeting?.passed ?? {})[(view.seat + 1) % view.players] = true),
  () => void (w(view.meeting?.agreements ?? {})[0] = null),
  () => w(view.meeting?.proposals[0]?.acceptedBy ?? {}).push?.(view.seat),
  () => w(view.meeting?.messages ?? {}).pop?.(),
  () => void (w(view.meeting?.locations ?? {})[view.seat] = 0),
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
      name: 'sneaky',
      chooseContinent: (view) => {
        tamper(view);
        return inner.chooseContinent(view);
      },
      negotiate: (view) => {
        tamper(view);
        return inner.negotiate(view);
      },
      commitUpgrade: (view) => {
        tamper(view);
        return inner.commitUpgrade(view);
      },
      provisionalUpgrade: inner.provisionalUpgrade
        ? (view) => {
            tamper(view);
            return inner.provisionalUpgrade!(view);
          }
        : undefined,
    };
  },
};
