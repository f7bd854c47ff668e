/**
 * The Goldrausch bot contract. A bot sees only its seat's view (`GoldrauschView`) and draws chance
 * only from its own random stream. Memory across rounds comes from the public history in the view.
 */
import type { RandomStream } from '../../core/random.js';
import type { NextClause } from './state.js';
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
}

/** What a bot file exports: a factory that makes a fresh bot for one seat of one game. */
export interface GoldrauschBotFactory {
  readonly name: string;
  readonly description: string;
  create(seat: number, random: RandomStream): GoldrauschBot;
}
