/**
 * A test bot that draws every decision from its own stream over everything the meeting protocol has
 * — proposals naming anybody on the continent or nobody (with the table's scope about any continent,
 * with rotation clauses), acceptances, rejections, promises of both colours with and without a
 * reference, passes, gifts, cards laid early, late, never (timeouts), or changed (commitRevisable) —
 * and so over agreements, breaches, kept obligations and the ledgers, which the built-in bots
 * exercise only partly.
 */
import type { RandomStream } from '../../../src/core/random.js';
import { GREEN, NONE, RED, type GoldrauschBot, type GoldrauschBotFactory, type Outbox } from '../../../src/games/goldrausch/bot.js';
import type { GoldrauschView } from '../../../src/games/goldrausch/view.js';

/** How often the chaos bot lays a card on a turn (the rest it waits; never laid = a timeout). */
const LAY = 0.22;

/** What the rules let the chaos bot do beyond the defaults: talk about any continent (GR-A11 table), give gold (GR-A12). */
export interface ChaosOptions {
  readonly table?: boolean;
  readonly gifts?: boolean;
}

class Chaos implements GoldrauschBot {
  constructor(
    private readonly seat: number,
    private readonly random: RandomStream,
    private readonly options: ChaosOptions,
  ) {}

  chooseContinent(view: GoldrauschView): number {
    let legal = 0;
    for (let c = 0; c < 3; c++) if (view.countryHand(c) > 0) legal++;
    let k = this.random.int(legal);
    for (let c = 0; c < 3; c++) if (view.countryHand(c) > 0 && k-- === 0) return c;
    return 0;
  }

  negotiate(view: GoldrauschView, out: Outbox): void {
    const own = view.location(this.seat);
    const x = this.random.next();
    if (x < 0.2) {
      const c = this.options.table ? this.random.int(3) : own;
      const on: number[] = [];
      for (let s = 0; s < view.players; s++) if (view.location(s) === c) on.push(s);
      const k = this.random.int(on.length + 1);
      const upgrader = k === on.length ? -1 : on[k];
      const next: { round: number; upgrader: number }[] = [];
      if (this.random.next() < 0.4) {
        const count = 1 + this.random.int(2);
        for (let i = 0; i < count; i++) {
          const j = this.random.int(on.length + 1);
          next.push({ round: view.round + 1 + this.random.int(3), upgrader: j === on.length ? -1 : on[j] });
        }
      }
      out.propose(upgrader, { continent: c === own ? -1 : c, next });
      return;
    }
    if (x < 0.55) {
      const mine: number[] = [];
      for (let i = 0; i < view.proposalCount; i++) if (this.options.table || view.proposalContinent(i) === own) mine.push(i);
      if (mine.length === 0) return;
      const p = mine[this.random.int(mine.length)];
      if (x < 0.45) out.accept(p);
      else out.reject(p);
      return;
    }
    if (x < 0.65) {
      out.promise(this.random.next() < 0.5 ? GREEN : RED, view.agreement(own));
      return;
    }
    if (x < 0.72) {
      out.pass();
      return;
    }
    if (x < 0.8 && this.options.gifts) {
      const gold = view.gold(this.seat) ?? 0;
      if (gold <= 0) return;
      const to = (this.seat + 1 + this.random.int(view.players - 1)) % view.players;
      out.gift(to, 1 + this.random.int(Math.min(gold, 4)));
    }
  }

  commitUpgrade(view: GoldrauschView): number {
    if (this.random.next() >= LAY) return NONE;
    if (this.random.next() < 0.5) return view.upgradeHand(GREEN) > 0 ? GREEN : RED;
    return view.upgradeHand(RED) > 0 ? RED : NONE;
  }
}

/** The chaos bot with the rules' `options`. */
export function chaosBot(options: ChaosOptions = {}): GoldrauschBotFactory {
  return { name: 'chaos', description: 'random legal moves of every kind (test only)', create: (seat, random) => new Chaos(seat, random, options) };
}

export const chaos: GoldrauschBotFactory = chaosBot();
