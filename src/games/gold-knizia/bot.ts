/**
 * The GOLD bot contract (docs/games/gold-knizia-rules.md §6). A bot sees only its seat's view (`GoldView`) and
 * draws chance only from its own random stream. Each answer is a table position (0 … 63).
 *
 * An illegal answer (not a position on the table, or the turn's first card again) or a throw is a
 * fault; the engine then turns the lowest-index legal position instead (the documented fallback).
 */
import type { BotFactory } from '../../core/definition.js';
import type { GoldView } from './view.js';

export interface GoldBot {
  readonly name: string;
  /** D1: the first card of a normal turn. */
  firstCard(view: GoldView): number;
  /**
   * D2: the second card. Under `secondChoice: after-first` (GK-A3 default) `view.firstCard` shows
   * the first card; under `blind` it shows it only if the seat already knew it.
   */
  secondCard(view: GoldView): number;
  /** D3: the single card of a gold-rush turn (§3.2). */
  rushCard(view: GoldView): number;
}

export type GoldBotFactory = BotFactory<GoldBot>;
