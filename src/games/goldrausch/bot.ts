/**
 * The Goldrausch bot contract. A bot sees only its seat's view (`GoldrauschView`) and draws chance
 * only from its own random stream. Memory across rounds comes from the public history in the view.
 */
import type { RandomStream } from '../../core/random.js';
import type { FastBotFactory } from './fast/view.js';
import type { MessageType, NextClause } from './state.js';
import type { Colour, Continent } from './types.js';
import type { GoldrauschView } from './view.js';

/** A message a bot sends in phase 3; the engine adds sender, tick, round and (by default) continent. */
export type OutgoingMessage =
  | {
      readonly type: 'PROPOSE';
      readonly plan: { readonly upgrader: number | null };
      readonly next?: readonly NextClause[];
      /** Defaults to the sender's continent; other continents only with negotiationScope = table. */
      readonly continent?: Continent;
    }
  | { readonly type: 'ACCEPT'; readonly ref: string }
  | { readonly type: 'REJECT'; readonly ref: string }
  | { readonly type: 'PROMISE'; readonly action: 'GREEN' | 'RED'; readonly ref?: string }
  | { readonly type: 'PASS' }
  | { readonly type: 'GIFT'; readonly to: number; readonly amount: number };

export interface GoldrauschBot {
  readonly name: string;
  /** D1: the country card to lay face down in phase 1. */
  chooseContinent(view: GoldrauschView): Continent;
  /** D1b: the provisional upgrade card (only matters with phase1UpgradeCard = default-commitment). */
  provisionalUpgrade?(view: GoldrauschView): Colour;
  /** D2: messages to send in this tick of phase 3 (at most params.messagesPerTick are used). */
  negotiate(view: GoldrauschView): readonly OutgoingMessage[];
  /** D3/D4: lay an upgrade card now (green/red), or wait (null). No card by the last tick = red. */
  commitUpgrade(view: GoldrauschView): Colour | null;
  /**
   * Optional, for speed only: it must never change a game. Asked right after a meeting turn in which
   * the bot returned no message and no card (and had no fault), with the same view. Returning a tick
   * T above the current one promises: as long as no new message about this seat's continent (or
   * about no continent: a GIFT) appears at the table, every turn of this meeting before tick T would
   * again get no message from `negotiate` and null from `commitUpgrade`, neither would draw from the
   * bot's random stream, and skipping them changes nothing the bot does later. The engine then skips
   * those turns (no view is built, the bot is not called); such a message wakes the bot at once.
   * Within a meeting a seat's view changes only by the tick and by new messages, so a bot whose
   * meeting decisions read only its own continent and the tick can keep this promise. Return 0 (or
   * leave the method out) to be asked every turn.
   */
  idleUntil?(view: GoldrauschView): number;
  /**
   * Optional, with `idleUntil`: message types about its continent that do not wake it, because its
   * skipped decisions would not read what they change (e.g. who has passed). A GIFT always wakes.
   */
  readonly idleIgnores?: readonly MessageType[];
}

/** What a bot file exports: a factory that makes a fresh bot for one seat of one game. */
export interface GoldrauschBotFactory {
  readonly name: string;
  readonly description: string;
  create(seat: number, random: RandomStream): GoldrauschBot;
  /** Built-in bots only: the bot itself on the kernel's flat view (`create` serves it on the engine, view-adapter.ts). */
  readonly fast?: FastBotFactory;
}
