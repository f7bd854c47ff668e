/**
 * Goldrausch's registration: scenario config, compact game records, run facts and the replay story.
 */
import type { GameRecord } from '../../core/definition.js';
import { changedEventCards } from './card-section.js';
import { COUNTERS, ROUND_COUNTERS, countRound } from './counters.js';
import { maskOf } from './obligations.js';
import { SCENARIO_SECTIONS, parseGoldrauschConfig } from './config.js';
import { eventCardOf, eventCardsOf, eventIndexOf } from './cards.js';
import { goldrausch } from './engine.js';
import { fastPlayer } from './fast/player.js';
import { goldrauschFixtures } from './fixtures.js';
import { check, comebackCheckpoints, presentation, tournament } from './presentation.js';
import { replay } from './replay.js';
import { changedRules, type GoldrauschConfig } from './params.js';
import { goldrauschTunables } from './tunables.js';
import { zeros, type GoldrauschState, type Message, type RoundRecord } from './state.js';
import { CONTINENTS, EVENT_CARD_IDS } from './types.js';

export { COUNTERS, ROUND_COUNTERS };

/** The built-in event cards' ids: the chance cards of a config without card changes (chanceCardsOf). */
export const CHANCE_CARDS: readonly string[] = EVENT_CARD_IDS;

export function record(final: GoldrauschState): GameRecord {
  const n = final.players;
  const history = final.history;
  const rounds = history.length;
  // Exact-size lists (see state.ts `appended`).
  const curve = new Array<number[]>(rounds);
  const roundCounters = new Array<number[]>(rounds);
  const cardsDrawn: { card: number; round: number }[] = [];
  const params = final.config.params;
  // In COUNTERS order: fines, upgrades, successfulUpgrades, collisions, agreements, kept, broken,
  // timeouts (the ledgers fines, kept and broken as the game left them; countRound adds the others).
  const counters = [final.finesPaid as number[], zeros(n), zeros(n), zeros(n), zeros(n), final.kept as number[], final.broken as number[], zeros(n)];
  const agreed = [0, 0, 0]; // per continent: its agreement's parties, this round
  for (let i = 0; i < rounds; i++) {
    const r = history[i];
    curve[i] = r.goldAfter as number[];
    // (A blanked card's slot is no card: it is not recorded.)
    if (r.event !== null && r.event !== 'blank') cardsDrawn.push({ card: eventIndexOf(params, r.event), round: r.round });
    let timedOut = 0;
    for (let s = 0; s < n; s++) if (r.commits[s] === null) timedOut |= 1 << s;
    // Indexed: r.agreements is often the engine's shared frozen empty list (for…of on it is slow).
    agreed[0] = agreed[1] = agreed[2] = 0;
    for (let a = 0; a < r.agreements.length; a++) agreed[r.agreements[a].continent] = maskOf(r.agreements[a].parties);
    const totals = [0, 0, 0];
    countRound(n, r, r.finalLocations, timedOut, agreed, counters, totals, 0);
    roundCounters[i] = totals;
  }
  const initialScores = rounds > 0 ? history[0].goldBefore : final.gold;
  return { outcome: goldrausch.outcome(final), initialScores, curve, cardsDrawn, counters, roundCounters };
}

export function facts(config: GoldrauschConfig) {
  return {
    changedCards: changedEventCards(config.params),
    dataIds: { deckId: config.params.resourceDeck.deckId },
    changedRules: changedRules(config.rules) as Record<string, unknown>,
    resolved: {
      rules: config.rules,
      params: {
        ...config.params,
        resourceDeck: { deckId: config.params.resourceDeck.deckId, source: config.params.resourceDeck.source, cards: config.params.resourceDeck.cards.length },
      },
    },
  };
}

const seatName = (names: readonly string[], s: number) => `seat ${s} (${names[s]})`;
const perContinent = (v: readonly number[]) => CONTINENTS.map((c, i) => `${c} ${v[i]}`).join(', ');

function describeMessage(m: Message, names: readonly string[]): string {
  const who = seatName(names, m.from);
  switch (m.type) {
    case 'PROPOSE': {
      const next = m.next?.length
        ? `; next: ${m.next.map((n) => `round ${n.round} → ${n.upgrader === null ? 'nobody' : `seat ${n.upgrader}`}`).join(', ')}`
        : '';
      return `${who} PROPOSE ${m.id} on ${m.continent}: upgrader ${m.plan!.upgrader === null ? 'nobody' : `seat ${m.plan!.upgrader}`}${next}`;
    }
    case 'ACCEPT':
    case 'REJECT':
      return `${who} ${m.type} ${m.ref}`;
    case 'PROMISE':
      return `${who} PROMISE ${m.action}${m.ref ? ` (${m.ref})` : ''}`;
    case 'GIFT':
      return `${who} GIFT ${m.amount} gold to seat ${m.to}`;
    case 'COMMITTED':
      return `${who} laid an upgrade card`;
    case 'PASS':
      return `${who} PASS`;
  }
}

function describeRound(r: RoundRecord, names: readonly string[], lines: string[], params: GoldrauschConfig['params']): void {
  const n = r.goldBefore.length;
  lines.push(`Round ${r.round} — start player seat ${r.startPlayer}; resource card ${r.resourceCard} extracts ${perContinent(r.extract)}`);
  lines.push(`  gold ${r.goldBefore.join('/')}, stock ${perContinent(r.stockBefore)}`);
  lines.push(`  Phases 1–2 (continents): ${r.locations.map((c, s) => `seat ${s} → ${CONTINENTS[c]}`).join(', ')}`);
  lines.push(`  Phase 3 (meeting):`);
  for (const m of r.messages) lines.push(`    t${m.t} ${describeMessage(m, names)}`);
  for (const a of r.agreements) {
    lines.push(
      `    agreement ${a.id} on ${CONTINENTS[a.continent]}: parties ${a.parties.join(', ')}, upgrader ${a.upgrader === null ? 'nobody' : `seat ${a.upgrader}`}`,
    );
  }
  const timedOut = r.commits.map((c, s) => (c === null ? s : -1)).filter((s) => s >= 0);
  if (timedOut.length) lines.push(`    no card by the deadline (red): seats ${timedOut.join(', ')}`);
  const wheel =
    r.event === 'blank'
      ? 'event → a blank card (no effect; counterfactual)'
      : r.event
        ? `event → ${eventCardOf(params, r.event).english} (#${eventCardOf(params, r.event).number}, ${r.event})`
        : r.wheel;
  lines.push(`  Phase 4 (wheel): ${wheel}`);
  if (r.eventGold.some((g) => g !== 0)) lines.push(`    gold change: ${r.eventGold.map((g, s) => `seat ${s} ${g >= 0 ? '+' : ''}${g}`).join(', ')}`);
  const moved = r.finalLocations.some((c, s) => c !== r.locations[s]) || r.finalCards.some((c, s) => c !== r.commits[s]);
  if (moved) {
    lines.push(
      `    cards passed: locations now ${r.finalLocations.map((c) => CONTINENTS[c]).join('/')}, upgrade cards now ${r.finalCards.map((c) => c ?? 'none').join('/')}`,
    );
  }
  lines.push(`  Phase 5 (profit): cards laid ${r.commits.map((c, s) => `seat ${s} ${c ?? 'none'}`).join(', ')}`);
  for (let s = 0; s < n; s++) {
    const bits = [`+${r.payout[s]} on ${CONTINENTS[r.finalLocations[s]]}`];
    if (r.upgraded[s]) bits.push(r.upgradeSucceeded[s] ? 'sole upgrade (double)' : r.collisions[r.finalLocations[s]] ? 'upgrade scandal' : 'upgrade');
    if (r.disasters[r.finalLocations[s]]) bits.push('disaster');
    if (r.fines[s]) bits.push(`fine −${r.fines[s]}`);
    lines.push(`    ${seatName(names, s)}: ${bits.join(', ')}`);
  }
  lines.push(`    stock after profit: ${perContinent(r.stockAfterProfit)}`);
  for (const b of r.breaches) lines.push(`    BREACH: seat ${b.seat} broke ${b.source} (let down seats ${b.victims.join(', ')})`);
  if (r.kept.length) lines.push(`    kept their word: seats ${r.kept.join(', ')}`);
  if (r.nextResourceCard)
    lines.push(`  Phase 6 (climate): new card ${r.nextResourceCard}, respawn ${perContinent(r.respawned)} → stock ${perContinent(r.stockAfter)}`);
  else lines.push(`  Phase 6 (climate): no new card${r.winners.length ? ' (game over)' : ' (final round, GR-A3)'}`);
  lines.push(`  gold after round ${r.round}: ${r.goldAfter.join('/')}`);
}

/** "round 3, continents" (phases 1–2) or "round 3, meeting t5" (phase 3, as the story numbers ticks). */
export const decisionPlace = (state: GoldrauschState): string => `round ${state.round}, ${state.meeting ? `meeting t${state.meeting.tick}` : 'continents'}`;

export function story(final: GoldrauschState, names: readonly string[]): string {
  const lines: string[] = [];
  const first = final.history[0];
  lines.push(`Goldrausch, ${final.players} players: ${names.map((b, s) => `seat ${s} ${b}`).join(', ')}`);
  lines.push(`Resource deck ${final.config.params.resourceDeck.deckId}; rules changed from defaults: ${JSON.stringify(changedRules(final.config.rules))}`);
  if (first) lines.push(`Setup: stock ${perContinent(first.stockBefore)}; gold ${first.goldBefore.join('/')}`);
  for (const r of final.history) describeRound(r, names, lines, final.config.params);
  const o = goldrausch.outcome(final);
  const how =
    o.endedBy === 'race'
      ? `reached ${final.config.params.winThreshold} gold (the race) in round ${final.round}`
      : `had the most gold after round ${final.round} (the clock)`;
  lines.push(
    `Result: ${o.winners.map((s) => seatName(names, s)).join(' and ')} ${o.winners.length > 1 ? 'share the win:' : 'wins:'} ${how}. Final gold ${final.gold.join('/')}.`,
  );
  return lines.join('\n');
}

/** Scenario params with a deck file path replaced by the deck itself (§10.1 form). */
export function portableParams(params: unknown, config: GoldrauschConfig): unknown {
  const obj = params as Record<string, unknown>;
  if (typeof obj.resourceDeck !== 'string') return params;
  const deck = config.params.resourceDeck;
  const triple = (v: readonly number[]) => ({ azul: v[0], rosso: v[1], veridia: v[2] });
  return {
    ...obj,
    resourceDeck: {
      deck_id: deck.deckId,
      source: deck.source,
      cards: deck.cards.map((c) => ({ id: c.id, respawn: triple(c.respawn), extract: triple(c.extract) })),
    },
  };
}

export const goldrauschDefinition = {
  portableParams,
  fileParams: ['resourceDeck'],
  withBlankedCard: (config: GoldrauschConfig, card: number): GoldrauschConfig => ({ ...config, blankedCards: [eventCardsOf(config.params)[card].id] }),
  module: goldrausch,
  botMethods: ['chooseContinent', 'negotiate', 'commitUpgrade'],
  parseConfig: parseGoldrauschConfig,
  scenarioSections: SCENARIO_SECTIONS,
  tunables: goldrauschTunables,
  chanceCardsOf: (config: GoldrauschConfig): readonly string[] => eventCardsOf(config.params).map((c) => c.id),
  maxRounds: (config: GoldrauschConfig) => config.params.rounds,
  // Gold rarely passes the threshold by much (a shower on the last payout); 2× leaves ample room.
  maxScore: (config: GoldrauschConfig) => Math.max(100, 2 * config.params.winThreshold),
  endings: ['race', 'clock'] as const,
  chanceCards: CHANCE_CARDS,
  counters: COUNTERS,
  roundCounters: ROUND_COUNTERS,
  record,
  facts,
  fastPlayer,
  story,
  decisionPlace,
  fixtures: goldrauschFixtures,
  presentation,
  replay,
  comebackCheckpoints,
  keyEnding: 'race',
  check,
  tournament,
};
