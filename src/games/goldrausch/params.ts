/**
 * Goldrausch rules options and balance parameters — one place, every field with its default and
 * the ambiguity (GR-A*) of docs/games/goldrausch.md it resolves. Data files spell them as §16 does.
 */
import syntheticDeck from './decks/synthetic-v1.json' with { type: 'json' };
import type { EventCard } from './cards.js';
import { CONTINENTS, EVENT_CARD_IDS } from './types.js';
import type { ResourceCard, ResourceDeck, WheelField } from './types.js';

/** Rules options (§11/§16). The first value listed for each is the default. */
export interface RulesOptions {
  /** GR-A2: a revealed card's respawn is laid out at once, or at the end of the round it is current. */
  readonly respawnTiming: 'on-reveal' | 'end-of-current-round';
  /** GR-A5: false = a player wins with ≥ winThreshold; true = needs > winThreshold. */
  readonly winThresholdStrict: boolean;
  /** GR-A6: when the 50-gold race is checked. */
  readonly winCheck: 'immediate' | 'end-of-profit' | 'end-of-round' | 'immediate-gross';
  /** GR-A7: tie for most gold at the time limit. */
  readonly finalTiebreak: 'shared' | 'random' | 'fewest-fines';
  /** GR-A9: the provisional phase-1 upgrade card has no effect, or stands if nothing is laid in phase 3. */
  readonly phase1UpgradeCard: 'ignore' | 'default-commitment';
  /** GR-A10: whether a laid upgrade card may be changed until the deadline. */
  readonly commitRevisable: boolean;
  /** GR-A11: who may negotiate and who reads the messages. */
  readonly negotiationScope: 'continent-public' | 'continent-private' | 'table';
  /** §15.2: any accepting subset (≥ 2 players) forms an agreement among its members. */
  readonly allowPartialAgreements: boolean;
  /** GR-A12: voluntary gold gifts during phase 3. */
  readonly allowGoldGifts: boolean;
  /** GR-A13: a player short of the fine pays what they can, or nothing. */
  readonly finePayment: 'partial' | 'all-or-nothing';
  /** GR-A14: the fine is paid after or before one's own payout. */
  readonly fineTiming: 'after' | 'before';
  /** GR-A15: fines go to the bank, or back onto the continent (capped; the worked example's reading). */
  readonly penaltySink: 'bank' | 'continent';
  /** GR-A16: payouts are first come, first served, or split pro rata when demand exceeds stock. */
  readonly shortage: 'sequential' | 'pro-rata';
  /** GR-A17: continents are evaluated by printed cap, or by current stock (largest first). */
  readonly continentOrder: 'cap' | 'stock';
  /** GR-A19: in a collision only the upgraders pay, or everybody on the continent. */
  readonly fineScope: 'upgraders' | 'all-on-continent';
  /** GR-A21: what a fine exemption (#1–5) does. */
  readonly exemption: 'fine-only' | 'upgrade-succeeds' | 'not-counted';
  /** GR-A28: #17 pools the players' gold only, or also the continents' stock. */
  readonly equalRightsPool: 'players' | 'players-and-board';
  /** GR-A29: a cap cut trims stock at once, or only limits future respawn. */
  readonly capCut: 'trim-now' | 'trim-on-respawn';
  /** GR-A30: what everybody loses to #21 when all players are equal. */
  readonly vultureAllEqual: 3 | 1 | 5;
  /** GR-A32: cards passed by #23–25 go back to their owner at round end, or are kept. */
  readonly passedCards: 'return-to-owner' | 'keep';
  /** GR-A34: "the player opposite" in #25 for an odd player count. */
  readonly oppositeOdd: 'rotate' | 'leave-one-out' | 'random';
  /** GR-A35: the bank is unlimited, or holds 270 gold in chips. */
  readonly bank: 'unlimited' | 270;
  /** GR-A36: gold holdings are public, or each seat sees only its own. */
  readonly goldVisibility: 'public' | 'hidden';
}

export const DEFAULT_RULES: RulesOptions = Object.freeze({
  respawnTiming: 'on-reveal',
  winThresholdStrict: false,
  winCheck: 'immediate',
  finalTiebreak: 'shared',
  phase1UpgradeCard: 'ignore',
  commitRevisable: false,
  negotiationScope: 'continent-public',
  allowPartialAgreements: false,
  allowGoldGifts: false,
  finePayment: 'partial',
  fineTiming: 'after',
  penaltySink: 'bank',
  shortage: 'sequential',
  continentOrder: 'cap',
  fineScope: 'upgraders',
  exemption: 'fine-only',
  equalRightsPool: 'players',
  capCut: 'trim-now',
  vultureAllEqual: 3,
  passedCards: 'return-to-owner',
  oppositeOdd: 'rotate',
  bank: 'unlimited',
  goldVisibility: 'public',
});

/** The allowed values of each rules option, default first (used by validation and reports). */
export const RULES_CHOICES: { readonly [K in keyof RulesOptions]: readonly RulesOptions[K][] } = {
  respawnTiming: ['on-reveal', 'end-of-current-round'],
  winThresholdStrict: [false, true],
  winCheck: ['immediate', 'end-of-profit', 'end-of-round', 'immediate-gross'],
  finalTiebreak: ['shared', 'random', 'fewest-fines'],
  phase1UpgradeCard: ['ignore', 'default-commitment'],
  commitRevisable: [false, true],
  negotiationScope: ['continent-public', 'continent-private', 'table'],
  allowPartialAgreements: [false, true],
  allowGoldGifts: [false, true],
  finePayment: ['partial', 'all-or-nothing'],
  fineTiming: ['after', 'before'],
  penaltySink: ['bank', 'continent'],
  shortage: ['sequential', 'pro-rata'],
  continentOrder: ['cap', 'stock'],
  fineScope: ['upgraders', 'all-on-continent'],
  exemption: ['fine-only', 'upgrade-succeeds', 'not-counted'],
  equalRightsPool: ['players', 'players-and-board'],
  capCut: ['trim-now', 'trim-on-respawn'],
  vultureAllEqual: [3, 1, 5],
  passedCards: ['return-to-owner', 'keep'],
  oppositeOdd: ['rotate', 'leave-one-out', 'random'],
  bank: ['unlimited', 270],
  goldVisibility: ['public', 'hidden'],
};

/** Balance numbers (§16). The ranges a designer explores are PARAM_RANGES (below). */
export interface GameParams {
  /** GR-A4: number of rounds (default 10; 9 is the clock-field reading). */
  readonly rounds: number;
  /** §8: gold that wins the race (default 50). */
  readonly winThreshold: number;
  /** §3.5: gold each player starts with (default 5). */
  readonly startingGold: number;
  /** §5.2: the collision fine (default 2). */
  readonly fine: number;
  /** §2: printed continent caps (default azul 10, rosso 20, veridia 30). */
  readonly caps: readonly [number, number, number];
  /** §3.4: the one-time setup respawn multiplier by player count (default 4: 2, 5: 2, 6: 3). */
  readonly setupRespawnMultiplier: { readonly 4: number; readonly 5: number; readonly 6: number };
  /** §7 #18/#19: how much each cap cut lowers every cap (default 2 and 3). */
  readonly capCuts: { readonly 'barren-land': number; readonly 'poor-mother-earth': number };
  /** §15.1: negotiation ticks per meeting (default 12). */
  readonly negotiationTicks: number;
  /** §15.1: messages a player may send per tick (default 1). */
  readonly messagesPerTick: number;
  /** §15.1: probability that a commitment made in the last tick comes too late (default 0). */
  readonly pLate: number;
  /** §6: how many of the wheel's fields show each result (default 2,2,2,1,1,4 of 12). */
  readonly wheel: { readonly [F in WheelField]: number };
  /** §7: how many copies of each event card the deck holds, by card id (default 1 each, a scenario's new cards included). */
  readonly eventDeck: Readonly<Record<string, number>>;
  /** §10: the resource deck (default: the synthetic deck of §10.2; its id goes into every result). */
  readonly resourceDeck: ResourceDeck;
  /**
   * §7: the event cards when a scenario changes or adds some (its `eventCards` section), built-in
   * ones first in their order; absent = the built-in 25 (cards.ts `eventCardsOf`). Absent rather
   * than filled in so that configs without card changes hash as before.
   */
  readonly eventCards?: readonly EventCard[];
}

export interface GoldrauschConfig {
  readonly rules: RulesOptions;
  readonly params: GameParams;
  /**
   * Analysis only, never shown to bots: event cards replaced by a blank (no effect) in the same deck
   * positions — the counterfactual of `goldpit impact`. Every other random stream stays the same.
   */
  readonly blankedCards?: readonly string[];
}

/** Converts a §10.1 deck file (snake_case, per-continent objects) into the engine's form. */
export function resourceDeckFromFile(file: {
  deck_id: string;
  source: string;
  cards: { id: string; respawn: Record<string, number>; extract: Record<string, number> }[];
}): ResourceDeck {
  const triple = (o: Record<string, number>) => CONTINENTS.map((c) => o[c]) as unknown as readonly [number, number, number];
  const cards: ResourceCard[] = file.cards.map((c) => ({ id: c.id, respawn: triple(c.respawn), extract: triple(c.extract) }));
  return { deckId: file.deck_id, source: file.source, cards };
}

export const SYNTHETIC_DECK: ResourceDeck = resourceDeckFromFile(syntheticDeck);

const ones = <K extends string>(keys: readonly K[]): { [P in K]: number } => Object.fromEntries(keys.map((k) => [k, 1])) as { [P in K]: number };

export const DEFAULT_PARAMS: GameParams = {
  rounds: 10,
  winThreshold: 50,
  startingGold: 5,
  fine: 2,
  caps: [10, 20, 30],
  setupRespawnMultiplier: { 4: 2, 5: 2, 6: 3 },
  capCuts: { 'barren-land': 2, 'poor-mother-earth': 3 },
  negotiationTicks: 12,
  messagesPerTick: 1,
  pLate: 0,
  wheel: { 'disaster-azul': 2, 'disaster-rosso': 2, 'disaster-veridia': 2, 'disaster-world': 1, calm: 1, event: 4 },
  eventDeck: ones(EVENT_CARD_IDS),
  resourceDeck: SYNTHETIC_DECK,
};

export const DEFAULT_CONFIG: GoldrauschConfig = { rules: DEFAULT_RULES, params: DEFAULT_PARAMS };

/**
 * The range a designer explores for each balance number, as `--vary` writes it (suggestions for
 * sweeps; what `goldpit sensitivity --all-params` screens, tunables.ts). Keyed by the path under
 * `params`; `<players>` is the scenario's player count, `<card>` every event card in the deck. Left
 * out on purpose: `capCuts` (the older spelling of the cap-cut cards' `amount`, tuned in the
 * eventCards section), `resourceDeck` (a file) and `eventCards` (the cards section).
 */
export const PARAM_RANGES: Readonly<Record<string, { readonly values: string; readonly about: string }>> = {
  rounds: { values: '8..12', about: 'rounds before the time limit (GR-A4)' },
  winThreshold: { values: '40..70', about: 'gold that wins the race (§8)' },
  startingGold: { values: '0..10', about: 'gold each player starts with (§3.5)' },
  fine: { values: '0..6', about: 'the collision fine (§5.2)' },
  'caps.azul': { values: '6..14', about: "azul's printed cap (§2)" },
  'caps.rosso': { values: '14..26', about: "rosso's printed cap (§2)" },
  'caps.veridia': { values: '22..38', about: "veridia's printed cap (§2)" },
  'setupRespawnMultiplier.<players>': { values: '1..4', about: 'the setup respawn multiplier at this player count (§3.4)' },
  negotiationTicks: { values: '4..20', about: 'negotiation ticks per meeting (§15.1)' },
  messagesPerTick: { values: '1..3', about: 'messages a player may send per tick (§15.1)' },
  pLate: { values: '0..0.3:0.1', about: 'chance that a last-tick commitment comes too late (§15.1)' },
  'wheel.disaster-azul': { values: '0..4', about: 'wheel fields showing a disaster on azul (§6)' },
  'wheel.disaster-rosso': { values: '0..4', about: 'wheel fields showing a disaster on rosso (§6)' },
  'wheel.disaster-veridia': { values: '0..4', about: 'wheel fields showing a disaster on veridia (§6)' },
  'wheel.disaster-world': { values: '0..3', about: 'wheel fields showing a world disaster (§6)' },
  'wheel.calm': { values: '0..3', about: 'wheel fields showing calm (§6)' },
  'wheel.event': { values: '2..6', about: 'wheel fields drawing an event card (§6)' },
  'eventDeck.<card>': { values: '0..2', about: 'copies of the card in the event deck (§7)' },
};

/** Rules options that differ from the defaults (for run facts in reports). */
export function changedRules(rules: RulesOptions): Partial<RulesOptions> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_RULES) as (keyof RulesOptions)[]) {
    if (rules[key] !== DEFAULT_RULES[key]) out[key] = rules[key];
  }
  return out as Partial<RulesOptions>;
}
