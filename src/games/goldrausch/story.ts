/**
 * The story of a finished game, round by round, as `goldpit replay` prints it: the whole public
 * record (records.ts) — every seat's gold included — with every message of every meeting, each
 * phase's result, breaches and the ending. Read from a state that kept its detail (state.ts `detail`).
 */
import { GREEN, MSG_ACCEPT, MSG_COMMITTED, MSG_GIFT, MSG_PASS, MSG_PROMISE, MSG_PROPOSE, MSG_REJECT, NOBODY, NONE } from './bot.js';
import { eventCardOf } from './cards.js';
import { LOG_A, LOG_B, LOG_CONTINENT, LOG_FROM, LOG_TICK, LOG_TYPE } from './meeting.js';
import { changedRules } from './params.js';
import {
  A_CLAUSES,
  A_CONTINENT,
  A_UPGRADER,
  C_AGREEMENT,
  C_COLLISION,
  C_DISASTER,
  C_PARTIES,
  C_RESPAWNED,
  C_STOCK_AFTER,
  C_STOCK_AFTER_PROFIT,
  C_STOCK_BEFORE,
  C_UPGRADER,
  proposalId,
  R_EVENT,
  R_NEXT_CARD,
  R_RESOURCE_CARD,
  R_START_PLAYER,
  R_WHEEL,
  S_BOUND,
  S_BREACH_SOURCE,
  S_BREACH_VICTIMS,
  S_COMMIT,
  S_EVENT_GOLD,
  S_FINAL_CARD,
  S_FINAL_LOCATION,
  S_FINES,
  S_GOLD_AFTER,
  S_GOLD_BEFORE,
  S_LOCATION,
  S_PAYOUT,
  S_SUCCEEDED,
  S_UPGRADED,
  sourceName,
  type RoundRows,
} from './records.js';
import { BOUND_KEPT, Stage, type GoldrauschState } from './state.js';
import { CONTINENTS, WHEEL_FIELDS } from './types.js';

const seatName = (names: readonly string[], s: number) => `seat ${s} (${names[s]})`;
const perContinent = (v: readonly number[]) => CONTINENTS.map((c, i) => `${c} ${v[i]}`).join(', ');
const colour = (card: number) => (card === NONE ? 'none' : card === GREEN ? 'green' : 'red');
const upgraderName = (u: number) => (u === NOBODY ? 'nobody' : `seat ${u}`);

function seats(h: RoundRows, i: number, n: number, field: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < n; s++) out.push(h.seat(i, s, field));
  return out;
}

function continents(h: RoundRows, i: number, field: number): number[] {
  return [h.continent(i, 0, field), h.continent(i, 1, field), h.continent(i, 2, field)];
}

/** Message k of round i's meeting, as the story tells it. */
function describeMessage(s: GoldrauschState, i: number, k: number, names: readonly string[]): string {
  const h = s.rows;
  const round = i + 1;
  const who = seatName(names, h.logField(k, LOG_FROM));
  const a = h.logField(k, LOG_A);
  const id = (p: number) => proposalId(round, h.proposal(i, p, A_CONTINENT), p);
  switch (h.logField(k, LOG_TYPE)) {
    case MSG_PROPOSE: {
      const clauses: string[] = [];
      for (let c = 0; c < h.proposal(i, a, A_CLAUSES); c++)
        clauses.push(`round ${h.proposalClause(i, a, c, 0)} → ${upgraderName(h.proposalClause(i, a, c, 1))}`);
      const next = clauses.length > 0 ? `; next: ${clauses.join(', ')}` : '';
      return `${who} PROPOSE ${id(a)} on ${CONTINENTS[h.logField(k, LOG_CONTINENT)]}: upgrader ${upgraderName(h.proposal(i, a, A_UPGRADER))}${next}`;
    }
    case MSG_ACCEPT:
      return `${who} ACCEPT ${id(a)}`;
    case MSG_REJECT:
      return `${who} REJECT ${id(a)}`;
    case MSG_PROMISE:
      return `${who} PROMISE ${h.logField(k, LOG_B) === GREEN ? 'GREEN' : 'RED'}${a >= 0 ? ` (${id(a)})` : ''}`;
    case MSG_GIFT:
      return `${who} GIFT ${h.logField(k, LOG_B)} gold to seat ${a}`;
    case MSG_COMMITTED:
      return `${who} laid an upgrade card`;
    case MSG_PASS:
      return `${who} PASS`;
  }
  return `${who} (message type ${h.logField(k, LOG_TYPE)})`;
}

function describeRound(s: GoldrauschState, i: number, names: readonly string[], lines: string[]): void {
  const h = s.rows;
  const n = s.players;
  const cards = s.config.params.resourceDeck.cards;
  const round = i + 1;
  const goldBefore = seats(h, i, n, S_GOLD_BEFORE);
  const locations = seats(h, i, n, S_LOCATION);
  const commits = seats(h, i, n, S_COMMIT);
  const finalLocations = seats(h, i, n, S_FINAL_LOCATION);
  const finalCards = seats(h, i, n, S_FINAL_CARD);
  const eventGold = seats(h, i, n, S_EVENT_GOLD);
  const card = cards[h.round(i, R_RESOURCE_CARD)];
  lines.push(`Round ${round} — start player seat ${h.round(i, R_START_PLAYER)}; resource card ${card.id} extracts ${perContinent(card.extract)}`);
  lines.push(`  gold ${goldBefore.join('/')}, stock ${perContinent(continents(h, i, C_STOCK_BEFORE))}`);
  lines.push(`  Phases 1–2 (continents): ${locations.map((c, seat) => `seat ${seat} → ${CONTINENTS[c]}`).join(', ')}`);
  lines.push('  Phase 3 (meeting):');
  for (let k = h.logStart(i); k < h.logEnd(i); k++) lines.push(`    t${h.logField(k, LOG_TICK)} ${describeMessage(s, i, k, names)}`);
  for (let c = 0; c < 3; c++) {
    const p = h.continent(i, c, C_AGREEMENT);
    if (p < 0) continue;
    const parties: number[] = [];
    for (let seat = 0; seat < n; seat++) if ((h.continent(i, c, C_PARTIES) & (1 << seat)) !== 0) parties.push(seat);
    lines.push(
      `    agreement ${proposalId(round, c, p)} on ${CONTINENTS[c]}: parties ${parties.join(', ')}, upgrader ${upgraderName(h.continent(i, c, C_UPGRADER))}`,
    );
  }
  const timedOut = commits.map((c, seat) => (c === NONE ? seat : -1)).filter((seat) => seat >= 0);
  if (timedOut.length) lines.push(`    no card by the deadline (red): seats ${timedOut.join(', ')}`);
  const slot = h.round(i, R_EVENT);
  const event = slot < 0 ? null : s.eventIds[slot];
  const params = s.config.params;
  const wheel =
    event === 'blank'
      ? 'event → a blank card (no effect; counterfactual)'
      : event !== null
        ? `event → ${eventCardOf(params, event).english} (#${eventCardOf(params, event).number}, ${event})`
        : WHEEL_FIELDS[h.round(i, R_WHEEL)];
  lines.push(`  Phase 4 (wheel): ${wheel}`);
  if (eventGold.some((g) => g !== 0)) lines.push(`    gold change: ${eventGold.map((g, seat) => `seat ${seat} ${g >= 0 ? '+' : ''}${g}`).join(', ')}`);
  const moved = finalLocations.some((c, seat) => c !== locations[seat]) || finalCards.some((c, seat) => c !== commits[seat]);
  if (moved) {
    lines.push(`    cards passed: locations now ${finalLocations.map((c) => CONTINENTS[c]).join('/')}, upgrade cards now ${finalCards.map(colour).join('/')}`);
  }
  lines.push(`  Phase 5 (profit): cards laid ${commits.map((c, seat) => `seat ${seat} ${colour(c)}`).join(', ')}`);
  for (let seat = 0; seat < n; seat++) {
    const at = finalLocations[seat];
    const bits = [`+${h.seat(i, seat, S_PAYOUT)} on ${CONTINENTS[at]}`];
    if (h.seat(i, seat, S_UPGRADED) !== 0) {
      bits.push(h.seat(i, seat, S_SUCCEEDED) !== 0 ? 'sole upgrade (double)' : h.continent(i, at, C_COLLISION) !== 0 ? 'upgrade scandal' : 'upgrade');
    }
    if (h.continent(i, at, C_DISASTER) !== 0) bits.push('disaster');
    const fines = h.seat(i, seat, S_FINES);
    if (fines) bits.push(`fine −${fines}`);
    lines.push(`    ${seatName(names, seat)}: ${bits.join(', ')}`);
  }
  lines.push(`    stock after profit: ${perContinent(continents(h, i, C_STOCK_AFTER_PROFIT))}`);
  const kept: number[] = [];
  for (let seat = 0; seat < n; seat++) {
    const victims = h.seat(i, seat, S_BREACH_VICTIMS);
    if (victims !== -1) {
      const let_down: number[] = [];
      for (let v = 0; v < n; v++) if ((victims & (1 << v)) !== 0) let_down.push(v);
      lines.push(`    BREACH: seat ${seat} broke ${sourceName(h.seat(i, seat, S_BREACH_SOURCE))} (let down seats ${let_down.join(', ')})`);
    } else if (h.seat(i, seat, S_BOUND) === BOUND_KEPT) kept.push(seat);
  }
  if (kept.length) lines.push(`    kept their word: seats ${kept.join(', ')}`);
  const next = h.round(i, R_NEXT_CARD);
  if (next >= 0) {
    lines.push(
      `  Phase 6 (climate): new card ${cards[next].id}, respawn ${perContinent(continents(h, i, C_RESPAWNED))} → stock ${perContinent(continents(h, i, C_STOCK_AFTER))}`,
    );
  } else {
    // No card is revealed only in the round that ends the game: by the race, or the clock's last round (GR-A3).
    lines.push('  Phase 6 (climate): no new card (game over)');
  }
  lines.push(`  gold after round ${round}: ${seats(h, i, n, S_GOLD_AFTER).join('/')}`);
}

/** "round 3, continents" (phases 1–2) or "round 3, meeting t5" (phase 3, as the story numbers ticks). */
export const decisionPlace = (s: GoldrauschState): string => `round ${s.round}, ${s.stage === Stage.meeting ? `meeting t${s.tick}` : 'continents'}`;

export function story(s: GoldrauschState, names: readonly string[]): string {
  if (!s.detail) throw new RangeError('story: the state kept no detail (a fast player’s state)');
  const h = s.rows;
  const lines: string[] = [];
  const params = s.config.params;
  lines.push(`Goldrausch, ${s.players} players: ${names.map((b, seat) => `seat ${seat} ${b}`).join(', ')}`);
  lines.push(`Resource deck ${params.resourceDeck.deckId}; rules changed from defaults: ${JSON.stringify(changedRules(s.config.rules))}`);
  if (s.historyLength > 0)
    lines.push(`Setup: stock ${perContinent(continents(h, 0, C_STOCK_BEFORE))}; gold ${seats(h, 0, s.players, S_GOLD_BEFORE).join('/')}`);
  for (let i = 0; i < s.historyLength; i++) describeRound(s, i, names, lines);
  const winners = s.winners.slice(0, s.winnerCount);
  const how = s.ending === 0 ? `reached ${params.winThreshold} gold (the race) in round ${s.round}` : `had the most gold after round ${s.round} (the clock)`;
  lines.push(
    `Result: ${winners.map((seat) => seatName(names, seat)).join(' and ')} ${winners.length > 1 ? 'share the win:' : 'wins:'} ${how}. Final gold ${s.gold.join('/')}.`,
  );
  return lines.join('\n');
}
