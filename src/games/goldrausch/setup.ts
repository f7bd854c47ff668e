/**
 * §3 Setup: the decks shuffled, the first resource card's respawn on the board, the starting gold.
 * `setupBoard` is the rule itself, shared by both engines; `setup` builds the reference engine's
 * first state with it (the fast kernel fills its own lists with it: fast/kernel.ts `setup`).
 */
import { memoOnIdentity } from '../../core/memo.js';
import type { RandomSource } from '../../core/random.js';
import { Purpose } from './purposes.js';
import type { GoldrauschConfig } from './params.js';
import { roundOptions, takeFromBank } from './round.js';
import { copyState, EMPTY, zeros, type GoldrauschState } from './state.js';
import { eventCardsOf } from './cards.js';
import type { EventSlot } from './types.js';

/** The unshuffled event deck per config (a config is never changed; setup shuffles a copy). */
export const eventDeckList = memoOnIdentity(buildEventDeck);

function buildEventDeck(config: GoldrauschConfig): EventSlot[] {
  const deck: EventSlot[] = [];
  const blanked = config.blankedCards ?? [];
  for (const { id } of eventCardsOf(config.params)) {
    const slot: EventSlot = blanked.includes(id) ? 'blank' : id;
    for (let k = 0; k < (config.params.eventDeck[id] ?? 0); k++) deck.push(slot);
  }
  return deck;
}

/** [0, 1, …, cards − 1] per resource deck (a deck is never changed; setup shuffles a copy). */
const cardIndices = memoOnIdentity((cards: readonly unknown[]): readonly number[] => cards.map((_, i) => i));

/** §3 Setup: shuffle both decks, reveal the first resource card ×2/×3 (capped), 5 gold each. */
export function setup(config: GoldrauschConfig, players: number, random: RandomSource): GoldrauschState {
  const { params } = config;
  if (!Number.isInteger(players) || players < 4 || players > 6) {
    throw new RangeError(`Goldrausch needs 4–6 players, got ${players}`);
  }
  const resourceOrder = random.shuffle(cardIndices(params.resourceDeck.cards), Purpose.resourceDeck, 0);
  const eventDeck = random.shuffle(eventDeckList(config), Purpose.eventDeck, 0);
  const first = params.resourceDeck.cards[resourceOrder[0]];
  // (Exact-size literals: `Array.from({ length }, f)` took half of setup's time.)
  const stock = [0, 0, 0];
  const gold = zeros(players);
  const bank = setupBoard(config, players, resourceOrder[0], stock, gold);
  const initial: GoldrauschState = {
    config,
    players,
    round: 1,
    stage: 'continent',
    startPlayer: random.int(Purpose.setup, 0, players), // GR-A8: a random seat
    gold,
    stock,
    capReduction: 0,
    caps: params.caps.slice(),
    bank,
    finesPaid: zeros(players),
    resourceOrder,
    resourcePos: 1,
    currentCard: resourceOrder[0],
    resourceShuffles: 0,
    resourceSeen: [first.id],
    eventDeck,
    eventPos: 0,
    eventDiscard: EMPTY,
    besideClock: EMPTY,
    eventShuffles: 0,
    tieBreaks: 0,
    countryHands: null,
    upgradeHands: null,
    kept: zeros(players),
    broken: zeros(players),
    clauses: EMPTY,
    history: EMPTY,
    meeting: null,
    winners: EMPTY,
    endedBy: null,
  };
  return copyState(initial); // canonical field order (one hidden class for all states)
}

/**
 * GR-A38: the first resource card's respawn ×2/×3 onto the board, capped by each continent's cap;
 * then `startingGold` per seat. With a finite bank (GR-A35: 270 gold) the bank pays the continents
 * first, then the seats in order. Fills `stock` and `gold`; returns what is left in the bank.
 */
export function setupBoard(config: GoldrauschConfig, players: number, firstCard: number, stock: number[], gold: number[]): number {
  const { params } = config;
  const opts = roundOptions(config);
  const bank = { opts, bank: opts.unlimitedBank ? 0 : 270 };
  const respawn = params.resourceDeck.cards[firstCard].respawn;
  const mult = params.setupRespawnMultiplier[players as 4 | 5 | 6];
  for (let c = 0; c < 3; c++) stock[c] = takeFromBank(bank, Math.min(params.caps[c], respawn[c] * mult));
  for (let s = 0; s < players; s++) gold[s] = takeFromBank(bank, params.startingGold);
  return bank.bank;
}
