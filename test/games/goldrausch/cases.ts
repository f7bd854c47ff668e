/**
 * Rules-option sets in which the fast player is checked against the generic driver (fast-player
 * tests): every rules option, in combination, and parameter corners.
 */
import { EVENT_CARD_IDS, type EventCardId } from '../../../src/games/goldrausch/types.js';

export interface Case {
  readonly name: string;
  readonly players?: number;
  readonly rules?: Record<string, unknown>;
  readonly params?: Record<string, unknown>;
  /** Event cards replaced by blanks (the counterfactual of `goldpit impact`). */
  readonly blanked?: readonly EventCardId[];
}

export const OPTION_CASES: Case[] = [
  { name: 'defaults' },
  { name: 'p5', players: 5 },
  { name: 'p6', players: 6 },
  { name: 'private', rules: { negotiationScope: 'continent-private' } },
  { name: 'table', rules: { negotiationScope: 'table' } },
  { name: 'hidden', rules: { goldVisibility: 'hidden' } },
  { name: 'revisable', rules: { commitRevisable: true } },
  { name: 'keep', rules: { passedCards: 'keep' } },
  { name: 'keep5-random', players: 5, rules: { passedCards: 'keep', oppositeOdd: 'random' } },
  { name: 'leave1', players: 5, rules: { oppositeOdd: 'leave-one-out' } },
  { name: 'bank270', rules: { bank: 270 } },
  { name: 'default-commit', rules: { phase1UpgradeCard: 'default-commitment' } },
  { name: 'partial', players: 6, rules: { allowPartialAgreements: true } },
  { name: 'prorata-stock', rules: { shortage: 'pro-rata', continentOrder: 'stock' } },
  { name: 'exempt-ns', rules: { exemption: 'not-counted', fineScope: 'all-on-continent', fineTiming: 'before' } },
  { name: 'exempt-us', rules: { exemption: 'upgrade-succeeds', finePayment: 'all-or-nothing', penaltySink: 'continent' } },
  { name: 'eor', rules: { winCheck: 'end-of-round', finalTiebreak: 'fewest-fines', respawnTiming: 'end-of-current-round' } },
  {
    name: 'eop',
    rules: { winCheck: 'end-of-profit', finalTiebreak: 'random', capCut: 'trim-on-respawn', equalRightsPool: 'players-and-board', vultureAllEqual: 5 },
  },
  { name: 'gross-strict', rules: { winCheck: 'immediate-gross', winThresholdStrict: true } },
  { name: 'late', params: { pLate: 0.5, negotiationTicks: 4 } },
  { name: 'long', params: { rounds: 30, winThreshold: 400 } },
  { name: 'low-threshold', params: { winThreshold: 15, startingGold: 0, fine: 5 } },
  { name: 'deck', params: { eventDeck: { 'market-crash': 4, 'paperwork-chaos': 3, 'change-of-management': 3, hurricane: 3, alms: 2, 'equal-rights': 2 } } },
  {
    name: 'one-card-deck',
    params: {
      rounds: 12,
      resourceDeck: { deck_id: 'one', cards: [{ id: 'X', respawn: { azul: 4, rosso: 6, veridia: 9 }, extract: { azul: 3, rosso: 5, veridia: 7 } }] },
    },
  },
  {
    name: 'three-card-deck',
    params: {
      rounds: 16,
      resourceDeck: {
        deck_id: 'three',
        cards: [
          { id: 'A', respawn: { azul: 2, rosso: 9, veridia: 1 }, extract: { azul: 6, rosso: 1, veridia: 2 } },
          { id: 'B', respawn: { azul: 8, rosso: 0, veridia: 12 }, extract: { azul: 0, rosso: 9, veridia: 4 } },
          { id: 'C', respawn: { azul: 5, rosso: 5, veridia: 5 }, extract: { azul: 5, rosso: 5, veridia: 5 } },
        ],
      },
    },
  },
  { name: 'wheel-events', params: { wheel: { 'disaster-azul': 0, 'disaster-rosso': 1, 'disaster-veridia': 0, 'disaster-world': 0, calm: 1, event: 10 } } },
  {
    name: 'no-event-cards',
    params: {
      wheel: { 'disaster-azul': 2, 'disaster-rosso': 2, 'disaster-veridia': 2, 'disaster-world': 1, calm: 1, event: 9 },
      eventDeck: Object.fromEntries(EVENT_CARD_IDS.map((id) => [id, 0])),
    },
  },
  {
    name: 'odd-caps',
    params: {
      caps: { azul: 3, rosso: 50, veridia: 8 },
      setupRespawnMultiplier: { 4: 5, 5: 1, 6: 0 },
      capCuts: { 'barren-land': 7, 'poor-mother-earth': 0 },
      startingGold: 0,
      winThreshold: 25,
    },
  },
  { name: 'three-messages', params: { messagesPerTick: 3, negotiationTicks: 2 } },
  // goldpit impact's counterfactual: blanks in the deck (a blank is discarded like a card and comes
  // back after a reshuffle; here with many rounds and a small deck, so reshuffles happen).
  { name: 'blanked', blanked: ['resource-shortage', 'barren-land', 'market-crash', 'hurricane'] },
  {
    name: 'blanked-reshuffles',
    params: {
      rounds: 40,
      winThreshold: 500,
      wheel: { 'disaster-azul': 2, 'disaster-rosso': 2, 'disaster-veridia': 2, 'disaster-world': 1, calm: 1, event: 10 },
      eventDeck: Object.fromEntries(EVENT_CARD_IDS.map((id, i) => [id, i % 3])),
    },
    blanked: ['resource-shortage', 'poor-mother-earth', 'subsidy', 'paperwork-chaos', 'alms'],
  },
  // GR-A17: tied caps fall back to the continents' order (veridia, rosso, azul), also by stock.
  { name: 'tied-caps', params: { caps: { azul: 10, rosso: 10, veridia: 10 } } },
  { name: 'tied-caps-stock', params: { caps: { azul: 15, rosso: 15, veridia: 15 } }, rules: { continentOrder: 'stock' } },
  {
    name: 'all',
    players: 6,
    rules: {
      negotiationScope: 'table',
      goldVisibility: 'hidden',
      commitRevisable: true,
      passedCards: 'keep',
      bank: 270,
      phase1UpgradeCard: 'default-commitment',
      allowPartialAgreements: true,
      shortage: 'pro-rata',
    },
  },
  {
    name: 'all-private5',
    players: 5,
    rules: {
      negotiationScope: 'continent-private',
      goldVisibility: 'hidden',
      commitRevisable: true,
      passedCards: 'keep',
      bank: 270,
      phase1UpgradeCard: 'default-commitment',
      allowPartialAgreements: true,
      oppositeOdd: 'random',
    },
  },
  { name: 'eop-strict', rules: { winCheck: 'end-of-profit', winThresholdStrict: true, finalTiebreak: 'random' } },
  { name: 'fine0', params: { fine: 0 } },
  { name: 'fine5-ticks3', params: { fine: 5, negotiationTicks: 3 } },
];
