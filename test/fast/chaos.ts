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
  MSG_GIFT,
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

/** What the rules let the chaos bot do beyond the defaults: talk about any continent (GR-A11 table), give gold (GR-A12). */
export interface ChaosOptions {
  readonly table?: boolean;
  readonly gifts?: boolean;
}

class ReferenceChaos implements GoldrauschBot {
  readonly name = 'chaos';
  constructor(
    private readonly seat: number,
    private readonly random: RandomStream,
    private readonly options: ChaosOptions,
  ) {}

  chooseContinent(view: GoldrauschView): Continent {
    return CONTINENTS[legalContinent(view.countryHand, (n) => this.random.int(n))];
  }

  negotiate(view: GoldrauschView): readonly OutgoingMessage[] {
    const m = view.meeting!;
    const own = m.locations[this.seat];
    const x = this.random.next();
    if (x < 0.2) {
      // A proposal, with the table's scope about any continent, sometimes with rotation clauses.
      const c = this.options.table ? this.random.int(3) : own;
      const on: number[] = [];
      for (let s = 0; s < view.players; s++) if (m.locations[s] === c) on.push(s);
      const k = this.random.int(on.length + 1);
      const upgrader = k === on.length ? null : on[k];
      const clauses: { round: number; upgrader: number | null }[] = [];
      if (this.random.next() < 0.4) {
        const count = 1 + this.random.int(2);
        for (let i = 0; i < count; i++) {
          const j = this.random.int(on.length + 1);
          clauses.push({ round: view.round + 1 + this.random.int(3), upgrader: j === on.length ? null : on[j] });
        }
      }
      const propose: OutgoingMessage = { type: 'PROPOSE', plan: { upgrader } };
      return [{ ...propose, ...(clauses.length > 0 ? { next: clauses } : {}), ...(c !== own ? { continent: CONTINENTS[c] } : {}) }];
    }
    if (x < 0.55) {
      const mine = m.proposals.filter((p) => this.options.table || p.continent === own);
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
    if (x < 0.8 && this.options.gifts) {
      const gold = view.gold[this.seat] ?? 0;
      if (gold <= 0) return [];
      const to = (this.seat + 1 + this.random.int(view.players - 1)) % view.players;
      return [{ type: 'GIFT', to, amount: 1 + this.random.int(Math.min(gold, 4)) }];
    }
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

  constructor(private readonly options: ChaosOptions) {}

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
      const c = this.options.table ? this.random.int(3) : own;
      let count = 0;
      for (let s = 0; s < view.players; s++) if (view.locations[s] === c) count++;
      let k = this.random.int(count + 1);
      out.type = MSG_PROPOSE;
      out.upgrader = NOBODY;
      for (let s = 0; s < view.players; s++) if (view.locations[s] === c && k-- === 0) out.upgrader = s;
      out.clauseCount = 0;
      if (this.random.next() < 0.4) {
        const clauses = 1 + this.random.int(2);
        for (let i = 0; i < clauses; i++) {
          let j = this.random.int(count + 1);
          let upgrader = NOBODY;
          for (let s = 0; s < view.players; s++) if (view.locations[s] === c && j-- === 0) upgrader = s;
          out.clauseRounds[i] = view.round + 1 + this.random.int(3);
          out.clauseUpgraders[i] = upgrader;
          out.clauseCount++;
        }
      }
      out.continent = c === own ? -1 : c;
      return true;
    }
    if (x < 0.55) {
      let count = 0;
      for (let i = 0; i < view.proposalCount; i++) if (this.options.table || view.proposalContinent(i) === own) count++;
      if (count === 0) return false;
      let k = this.random.int(count);
      for (let i = 0; i < view.proposalCount; i++) {
        if ((this.options.table || view.proposalContinent(i) === own) && k-- === 0) out.ref = i;
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
    if (x < 0.8 && this.options.gifts) {
      const gold = view.gold(this.seat) ?? 0;
      if (gold <= 0) return false;
      out.type = MSG_GIFT;
      out.to = (this.seat + 1 + this.random.int(view.players - 1)) % view.players;
      out.amount = 1 + this.random.int(Math.min(gold, 4));
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

/** The chaos bot for the reference engine, with the rules' `options`. */
export function chaosBot(options: ChaosOptions = {}): GoldrauschBotFactory {
  return { name: 'chaos', description: 'random legal moves of every kind (test only)', create: (seat, random) => new ReferenceChaos(seat, random, options) };
}

/** Its flat twin, for the engine's fast player. */
export function fastChaosBot(options: ChaosOptions = {}): () => FastBot {
  return () => new FastChaos(options);
}

export const chaos: GoldrauschBotFactory = chaosBot();

export const fastChaos = fastChaosBot();
