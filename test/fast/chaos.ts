/**
 * A test bot written twice, once for the reference engine and once for the fast kernel: it draws
 * every decision from its own stream, so both twins make the same moves and the two engines can be
 * compared over everything the meeting protocol has — proposals naming anybody on the continent or
 * nobody, acceptances, rejections, promises of both colours with and without a reference, passes,
 * cards laid early, late, never (timeouts), or changed (commitRevisable) — and so over agreements,
 * breaches, kept obligations and the ledgers, which the built-in bots exercise only partly.
 */
import type { GoldrauschBot, GoldrauschBotFactory, OutgoingMessage } from '../../src/games/goldrausch/bot.js';
import type { RandomStream } from '../../src/core/random.js';
import { CONTINENTS, type Colour, type Continent } from '../../src/games/goldrausch/types.js';
import type { GoldrauschView } from '../../src/games/goldrausch/view.js';
import {
  GREEN,
  MSG_ACCEPT,
  MSG_PASS,
  MSG_PROMISE,
  MSG_PROPOSE,
  MSG_REJECT,
  NOBODY,
  NONE,
  RED,
  type FastBot,
  type FastMessage,
  type FastRandom,
  type FastView,
} from '../../src/games/goldrausch/fast/view.js';

/** How often the chaos bot lays a card on a turn (the rest it waits; never laid = a timeout). */
const LAY = 0.22;

function legalContinent(hand: readonly number[], draw: (n: number) => number): number {
  let legal = 0;
  for (let c = 0; c < 3; c++) if (hand[c] > 0) legal++;
  let k = draw(legal);
  for (let c = 0; c < 3; c++) if (hand[c] > 0 && k-- === 0) return c;
  return 0;
}

function heldCard(hand: readonly number[], wantGreen: boolean): number {
  if (wantGreen) return hand[0] > 0 ? GREEN : RED;
  return hand[1] > 0 ? RED : NONE;
}

class ReferenceChaos implements GoldrauschBot {
  readonly name = 'chaos';
  constructor(
    private readonly seat: number,
    private readonly random: RandomStream,
  ) {}

  chooseContinent(view: GoldrauschView): Continent {
    return CONTINENTS[legalContinent(view.countryHand, (n) => this.random.int(n))];
  }

  negotiate(view: GoldrauschView): readonly OutgoingMessage[] {
    const m = view.meeting!;
    const own = m.locations[this.seat];
    const x = this.random.next();
    if (x < 0.2) {
      const on: number[] = [];
      for (let s = 0; s < view.players; s++) if (m.locations[s] === own) on.push(s);
      const k = this.random.int(on.length + 1);
      return [{ type: 'PROPOSE', plan: { upgrader: k === on.length ? null : on[k] } }];
    }
    if (x < 0.55) {
      const mine = m.proposals.filter((p) => p.continent === own);
      if (mine.length === 0) return [];
      const p = mine[this.random.int(mine.length)];
      return [{ type: x < 0.45 ? 'ACCEPT' : 'REJECT', ref: p.id }];
    }
    if (x < 0.65) {
      const action = this.random.next() < 0.5 ? 'GREEN' : 'RED';
      const a = m.agreements[own];
      return [a ? { type: 'PROMISE', action, ref: a.id } : { type: 'PROMISE', action }];
    }
    if (x < 0.72) return [{ type: 'PASS' }];
    return [];
  }

  commitUpgrade(view: GoldrauschView): Colour | null {
    if (this.random.next() >= LAY) return null;
    const card = heldCard(view.upgradeHand, this.random.next() < 0.5);
    return card === GREEN ? 'green' : card === RED ? 'red' : null;
  }
}

class FastChaos implements FastBot {
  readonly idleWake = 127;
  private seat = 0;
  private random!: FastRandom;

  newGame(seat: number, random: FastRandom): void {
    this.seat = seat;
    this.random = random;
  }

  chooseContinent(view: FastView): number {
    return legalContinent(view.countryHand, (n) => this.random.int(n));
  }

  negotiate(view: FastView, out: FastMessage): boolean {
    const own = view.locations[this.seat];
    const x = this.random.next();
    if (x < 0.2) {
      let count = 0;
      for (let s = 0; s < view.players; s++) if (view.locations[s] === own) count++;
      let k = this.random.int(count + 1);
      out.type = MSG_PROPOSE;
      out.upgrader = NOBODY;
      for (let s = 0; s < view.players; s++) if (view.locations[s] === own && k-- === 0) out.upgrader = s;
      return true;
    }
    if (x < 0.55) {
      let count = 0;
      for (let i = 0; i < view.proposalCount; i++) if (view.proposalContinent(i) === own) count++;
      if (count === 0) return false;
      let k = this.random.int(count);
      for (let i = 0; i < view.proposalCount; i++) {
        if (view.proposalContinent(i) === own && k-- === 0) out.ref = i;
      }
      out.type = x < 0.45 ? MSG_ACCEPT : MSG_REJECT;
      return true;
    }
    if (x < 0.65) {
      out.type = MSG_PROMISE;
      out.action = this.random.next() < 0.5 ? GREEN : RED;
      out.ref = view.agreement(own);
      return true;
    }
    if (x < 0.72) {
      out.type = MSG_PASS;
      return true;
    }
    return false;
  }

  commitUpgrade(view: FastView): number {
    if (this.random.next() >= LAY) return NONE;
    return heldCard(view.upgradeHand, this.random.next() < 0.5);
  }

  idleUntil(): number {
    return 0;
  }
}

export const chaos: GoldrauschBotFactory = {
  name: 'chaos',
  description: 'random legal moves of every kind (test only)',
  create: (seat, random) => new ReferenceChaos(seat, random),
};

export const fastChaos = (): FastBot => new FastChaos();
