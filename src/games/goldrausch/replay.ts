/**
 * Goldrausch's replay page hooks (core/definition.ts `ReplayHooks`), read from the flat state and its
 * public record (state.ts, records.ts): the three continents (cap, gold laid out, whose pawn stands
 * where), each seat's gold, reputation and hand, and the meeting as it unfolds turn by turn — every
 * message of the meeting log in order (who proposed what to whom, who accepted or rejected it, who
 * promised, passed, gave gold, laid a card), the proposals with their acceptors, the agreements in
 * force. After a round is resolved, the page shows what its wheel, cards and meeting did.
 *
 * The replay page draws the true state (a designer sees everything, cards laid face down included);
 * the seat's own view of each decision is beside it on the page.
 */
import type { ReplayHooks } from '../../core/definition.js';
import { escapeMarkup as esc, seatColour } from '../../core/markup.js';
import { GREEN, type Message, MSG_ACCEPT, MSG_COMMITTED, MSG_GIFT, MSG_PASS, MSG_PROMISE, MSG_PROPOSE, MSG_REJECT, NOBODY, NONE, RED } from './bot.js';
import { eventCardOf } from './cards.js';
import type { GoldrauschAnswer, GoldrauschRequest } from './engine.js';
import { LOG_A, LOG_B, LOG_CONTINENT, LOG_FROM, LOG_TICK, LOG_TYPE } from './meeting.js';
import {
  A_ACCEPTED,
  A_CLAUSES,
  A_CONTINENT,
  A_PROPOSER,
  A_REJECTED,
  A_UPGRADER,
  C_AGREEMENT,
  C_COLLISION,
  C_DISASTER,
  C_PARTIES,
  C_STOCK_AFTER,
  C_UPGRADER,
  proposalId,
  R_EVENT,
  R_WHEEL,
  S_BOUND,
  S_BREACH_SOURCE,
  S_BREACH_VICTIMS,
  S_COMMIT,
  S_FINAL_CARD,
  S_FINAL_LOCATION,
  S_FINES,
  S_GOLD_AFTER,
  S_LOCATION,
  S_PAYOUT,
  S_SUCCEEDED,
  S_UPGRADED,
  sourceName,
} from './records.js';
import { BOUND_KEPT, type GoldrauschState, Stage } from './state.js';
import { CONTINENTS, WHEEL_FIELDS } from './types.js';

const seatOf = (names: readonly string[], s: number) => `seat ${s} (${names[s] ?? '?'})`;
const seatsOf = (mask: number, n: number): number[] => {
  const out: number[] = [];
  for (let s = 0; s < n; s++) if ((mask & (1 << s)) !== 0) out.push(s);
  return out;
};
const listSeats = (seats: readonly number[]) => (seats.length ? seats.map((s) => `seat ${s}`).join(', ') : 'nobody');
const cardName = (card: number) => (card === GREEN ? 'green' : card === RED ? 'red' : 'none');

/** A proposal as the page tells it: where, by whom, its upgrader and rotation clauses, who accepted and rejected it. */
interface Proposal {
  readonly id: string;
  readonly continent: number;
  readonly proposer: number;
  readonly upgrader: number;
  readonly accepted: number;
  readonly rejected: number;
  readonly clauses: readonly { readonly round: number; readonly upgrader: number }[];
}

/** Proposal p of the meeting under way. */
function liveProposal(s: GoldrauschState, p: number): Proposal {
  const clauses = [];
  for (let k = 0; k < s.propClauseCount[p]; k++) {
    const at = s.propClauseStart[p] + k;
    clauses.push({ round: s.poolRound[at], upgrader: s.poolUpgrader[at] });
  }
  const continent = s.propContinent[p];
  return {
    id: proposalId(s.round, continent, p),
    continent,
    proposer: s.propProposer[p],
    upgrader: s.propUpgrader[p],
    accepted: s.propAccepted[p],
    rejected: s.propRejected[p],
    clauses,
  };
}

/** Proposal p of recorded round i (0-based). */
function pastProposal(s: GoldrauschState, i: number, p: number): Proposal {
  const h = s.rows;
  const clauses = [];
  for (let k = 0; k < h.proposal(i, p, A_CLAUSES); k++) clauses.push({ round: h.proposalClause(i, p, k, 0), upgrader: h.proposalClause(i, p, k, 1) });
  const continent = h.proposal(i, p, A_CONTINENT);
  return {
    id: proposalId(i + 1, continent, p),
    continent,
    proposer: h.proposal(i, p, A_PROPOSER),
    upgrader: h.proposal(i, p, A_UPGRADER),
    accepted: h.proposal(i, p, A_ACCEPTED),
    rejected: h.proposal(i, p, A_REJECTED),
    clauses,
  };
}

/** What a deal says: its upgrader and, with rotation clauses, who upgrades in later rounds. */
function dealText(upgrader: number, clauses: readonly { readonly round: number; readonly upgrader: number }[]): string {
  const now = upgrader === NOBODY ? 'nobody upgrades' : `only seat ${upgrader} upgrades`;
  const next = clauses.map((c) => `round ${c.round}: ${c.upgrader === NOBODY ? 'nobody' : `seat ${c.upgrader}`}`);
  return next.length ? `${now}; then ${next.join(', ')}` : now;
}

/**
 * Who hears a message about continent `about` (−1: a GIFT, at the table): with table-wide talk
 * everybody; otherwise the other seats on that continent (`at`: where each pawn stands).
 */
function audience(s: GoldrauschState, from: number, about: number, at: ArrayLike<number>): string {
  if (s.table || about < 0) return 'to the table';
  const others: number[] = [];
  for (let seat = 0; seat < s.players; seat++) if (seat !== from && at[seat] === about) others.push(seat);
  return others.length ? `to ${listSeats(others)}` : '(nobody else is there)';
}

/**
 * Log entry k of the meeting of round `round` (1-based) in words: who said what to whom.
 * `proposal(p)` reads that meeting's proposal p; `at` is where each pawn stood in it.
 */
function logText(s: GoldrauschState, k: number, proposal: (p: number) => Proposal, at: ArrayLike<number>, names: readonly string[]): string {
  const h = s.rows;
  const from = h.logField(k, LOG_FROM);
  const who = seatOf(names, from);
  const about = h.logField(k, LOG_CONTINENT);
  const a = h.logField(k, LOG_A);
  const b = h.logField(k, LOG_B);
  switch (h.logField(k, LOG_TYPE)) {
    case MSG_PROPOSE: {
      const p = proposal(a);
      return `${who} proposes ${p.id} on ${CONTINENTS[p.continent]} ${audience(s, from, p.continent, at)}: ${dealText(p.upgrader, p.clauses)}`;
    }
    case MSG_ACCEPT:
    case MSG_REJECT: {
      const p = proposal(a);
      const verb = h.logField(k, LOG_TYPE) === MSG_ACCEPT ? 'accepts' : 'rejects';
      return `${who} ${verb} ${p.id} (seat ${p.proposer}'s: ${dealText(p.upgrader, p.clauses)})`;
    }
    case MSG_PROMISE:
      return `${who} promises ${b === GREEN ? 'to upgrade (green)' : 'not to upgrade (red)'}${a >= 0 ? ` under ${proposal(a).id}` : ''} ${audience(s, from, about, at)}`;
    case MSG_PASS:
      return `${who} passes (has nothing more to say)`;
    case MSG_COMMITTED:
      return `${who} lays an upgrade card face down`;
    case MSG_GIFT:
      return `${who} gives ${b} gold to ${seatOf(names, a)}`;
  }
  return `${who}: message type ${h.logField(k, LOG_TYPE)}`;
}

function messageList(
  s: GoldrauschState,
  start: number,
  end: number,
  proposal: (p: number) => Proposal,
  at: ArrayLike<number>,
  names: readonly string[],
): string {
  if (start === end) return '<p class="muted">Nobody has spoken yet.</p>';
  const items: string[] = [];
  for (let k = start; k < end; k++) {
    const from = s.rows.logField(k, LOG_FROM);
    items.push(
      `<li value="${k - start + 1}"><span style="color:${seatColour(from)}">tick ${s.rows.logField(k, LOG_TICK)}</span>: ${esc(logText(s, k, proposal, at, names))}</li>`,
    );
  }
  return `<ol class="messages">${items.join('')}</ol>`;
}

function proposalTable(proposals: readonly Proposal[], n: number, names: readonly string[]): string {
  if (proposals.length === 0) return '';
  const rows = proposals.map(
    (p) =>
      `<tr><td>${esc(p.id)}</td><td>${esc(seatOf(names, p.proposer))}</td><td>${CONTINENTS[p.continent]}</td><td>${esc(dealText(p.upgrader, p.clauses))}</td><td>${esc(listSeats(seatsOf(p.accepted, n)))}</td><td>${esc(listSeats(seatsOf(p.rejected, n)))}</td></tr>`,
  );
  return `<table class="compact proposals"><caption>Proposals</caption><thead><tr><th>id</th><th>by</th><th>on</th><th>the deal</th><th>accepted by</th><th>rejected by</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function agreementText(
  agreements: readonly { readonly c: number; readonly p: number; readonly parties: number; readonly upgrader: number }[],
  proposal: (p: number) => Proposal,
  n: number,
): string {
  const held = agreements.filter((a) => a.p >= 0);
  if (held.length === 0) return 'none';
  return held
    .map(
      (a) =>
        `${CONTINENTS[a.c]}: ${proposal(a.p).id} between ${listSeats(seatsOf(a.parties, n))}, ${a.upgrader === NOBODY ? 'nobody upgrades' : `only seat ${a.upgrader} upgrades`}`,
    )
    .join('; ');
}

/** The three continents and the pawns on them (`at`: where each pawn stands, or null while the seats choose). */
function continentsSvg(s: GoldrauschState, stage: string, at: ArrayLike<number> | null, names: readonly string[]): string {
  const fills = ['#bcd7f5', '#f7c8c8', '#c9ecc4'];
  const meeting = s.stage === Stage.meeting;
  const out: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="660" height="154" font-size="13" role="img" aria-label="the three continents">`];
  out.push(`<text x="10" y="18" font-weight="600">${esc(stage)}</text>`);
  CONTINENTS.forEach((name, c) => {
    const x = 10 + c * 215;
    const cap = Math.max(0, s.caps[c] - s.capReduction);
    out.push(`<rect x="${x}" y="28" width="205" height="118" rx="8" fill="${fills[c]}" stroke="#8c959f"/>`);
    out.push(`<text x="${x + 8}" y="46" font-weight="600">${name}</text>`);
    out.push(`<text x="${x + 8}" y="64" font-size="12">gold laid out ${s.stock[c]} (cap ${cap})</text>`);
    out.push(`<text x="${x + 8}" y="80" font-size="12">extracts ${s.extract[c]} a round</text>`);
    if (at === null) return;
    const here: number[] = [];
    for (let seat = 0; seat < s.players; seat++) if (at[seat] === c) here.push(seat);
    here.forEach((seat, k) => {
      const cx = x + 20 + 32 * k;
      const laid = meeting && s.committed[seat] !== 0;
      const passed = meeting && s.passed[seat] !== 0;
      const note = [laid ? `has laid a ${cardName(s.commits[seat])} card face down` : '', passed ? 'has passed' : ''].filter(Boolean).join(', ');
      out.push(
        `<circle cx="${cx}" cy="104" r="12" fill="${seatColour(seat)}"${laid ? ' stroke="#1f2328" stroke-width="3"' : ''}><title>${esc(seatOf(names, seat))}${note ? ` ${note}` : ''}</title></circle><text x="${cx}" y="108" text-anchor="middle" font-size="12" fill="#fff">${seat}</text>`,
      );
      if (laid) out.push(`<text x="${cx}" y="132" text-anchor="middle" font-size="11">${cardName(s.commits[seat])}</text>`);
    });
  });
  out.push('</svg>');
  return out.join('');
}

/** Each seat: gold, reputation, cards in hand, and in the meeting its promise, card laid and whether it passed. */
function seatTable(s: GoldrauschState, names: readonly string[]): string {
  const meeting = s.stage === Stage.meeting;
  const turn = meeting ? s.order[s.turn] : -1;
  const rows: string[] = [];
  for (let seat = 0; seat < s.players; seat++) {
    const hand = s.countryHands[seat];
    // Cards in hand, short: country cards by initial (A R V), upgrade cards as G and R counts.
    const countries = CONTINENTS.flatMap((name, c) => (hand[c] > 0 ? [`${name[0].toUpperCase()}${hand[c] > 1 ? `×${hand[c]}` : ''}`] : [])).join(' ');
    const [greens, reds] = s.upgradeHands[seat];
    const meetingCells = meeting
      ? `<td>${CONTINENTS[s.locations[seat]]}</td><td>${s.promises[seat] === NONE ? '' : cardName(s.promises[seat])}</td><td>${s.committed[seat] ? cardName(s.commits[seat]) : ''}</td><td>${s.passed[seat] ? 'yes' : ''}</td>`
      : '';
    rows.push(
      `<tr${seat === turn ? ' class="turn"' : ''}><td><span class="swatch" style="background:${seatColour(seat)}"></span>${esc(seatOf(names, seat))}${seat === turn ? ' ◀' : ''}</td><td class="num">${s.gold[seat]}</td><td class="num">${s.kept[seat]} / ${s.broken[seat]}</td><td>${countries || '—'} · ${greens} G ${reds} R</td>${meetingCells}</tr>`,
    );
  }
  const meetingHeads = meeting ? '<th>on</th><th>promised</th><th>card laid</th><th>passed</th>' : '';
  return `<table class="compact seats"><caption>The seats now (◀: next to speak; hand: country cards A azul, R rosso, V veridia · upgrade cards G green, R red)</caption><thead><tr><th>seat</th><th class="num">gold</th><th class="num">kept / broke</th><th>hand</th>${meetingHeads}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The round just resolved (recorded round i): its meeting, the wheel, and what each seat got. */
function resolvedRound(s: GoldrauschState, i: number, names: readonly string[]): string {
  const h = s.rows;
  const n = s.players;
  const round = i + 1;
  const at: number[] = [];
  for (let seat = 0; seat < n; seat++) at.push(h.seat(i, seat, S_LOCATION));
  const proposal = (p: number) => pastProposal(s, i, p);
  const proposals: Proposal[] = [];
  for (let p = 0; p < h.proposalCount(i); p++) proposals.push(proposal(p));
  const agreements = [0, 1, 2].map((c) => ({
    c,
    p: h.continent(i, c, C_AGREEMENT),
    parties: h.continent(i, c, C_PARTIES),
    upgrader: h.continent(i, c, C_UPGRADER),
  }));
  const slot = h.round(i, R_EVENT);
  const event = slot < 0 ? null : s.eventIds[slot];
  const wheel =
    event === 'blank'
      ? 'an event: a blank card (no effect)'
      : event !== null
        ? `an event: ${eventCardOf(s.config.params, event).english} (#${eventCardOf(s.config.params, event).number})`
        : WHEEL_FIELDS[h.round(i, R_WHEEL)];
  const rows: string[] = [];
  for (let seat = 0; seat < n; seat++) {
    const c = h.seat(i, seat, S_FINAL_LOCATION);
    const what: string[] = [];
    if (h.seat(i, seat, S_UPGRADED) !== 0) {
      what.push(h.seat(i, seat, S_SUCCEEDED) !== 0 ? 'sole upgrade (paid double)' : h.continent(i, c, C_COLLISION) !== 0 ? 'upgrade scandal' : 'upgrade');
    }
    if (h.continent(i, c, C_DISASTER) !== 0) what.push('disaster');
    const victims = h.seat(i, seat, S_BREACH_VICTIMS);
    if (victims !== -1) what.push(`BROKE ${sourceName(h.seat(i, seat, S_BREACH_SOURCE))}, letting down ${listSeats(seatsOf(victims, n))}`);
    else if (h.seat(i, seat, S_BOUND) === BOUND_KEPT) what.push('kept its word');
    const laid = h.seat(i, seat, S_COMMIT);
    const final = h.seat(i, seat, S_FINAL_CARD);
    rows.push(
      `<tr><td>${esc(seatOf(names, seat))}</td><td>${CONTINENTS[c]}</td><td>${laid === NONE ? 'none (red by default)' : cardName(laid)}${final !== laid ? ` → ${cardName(final)}` : ''}</td><td class="num">+${h.seat(i, seat, S_PAYOUT)}</td><td class="num">${h.seat(i, seat, S_FINES) ? `−${h.seat(i, seat, S_FINES)}` : ''}</td><td class="num">${h.seat(i, seat, S_GOLD_AFTER)}</td><td>${esc(what.join('; '))}</td></tr>`,
    );
  }
  const stock = [0, 1, 2].map((c) => `${CONTINENTS[c]} ${h.continent(i, c, C_STOCK_AFTER)}`).join(', ');
  return `<h3>Round ${round}, resolved</h3>
<p>The wheel showed <strong>${esc(wheel)}</strong>. Agreements: ${esc(agreementText(agreements, proposal, n))}. Gold laid out for the next round: ${stock}.</p>
<table class="compact"><thead><tr><th>seat</th><th>mined on</th><th>card</th><th class="num">payout</th><th class="num">fines</th><th class="num">gold after</th><th>what happened</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<details><summary>Round ${round}'s meeting: ${h.logEnd(i) - h.logStart(i)} messages, ${proposals.length} proposal${proposals.length === 1 ? '' : 's'}</summary>
${messageList(s, h.logStart(i), h.logEnd(i), proposal, at, names)}
${proposalTable(proposals, n, names)}
</details>`;
}

/** The meeting under way: its messages so far, its proposals, the agreements in force. */
function meetingPanel(s: GoldrauschState, names: readonly string[]): string {
  const n = s.players;
  const proposal = (p: number) => liveProposal(s, p);
  const proposals: Proposal[] = [];
  for (let p = 0; p < s.proposalCount; p++) proposals.push(proposal(p));
  const agreements = [0, 1, 2].map((c) => ({ c, p: s.agreementProposal[c], parties: s.agreementParties[c], upgrader: s.agreementUpgrader[c] }));
  const turn = s.order[s.turn];
  return `<h3>The meeting of round ${s.round}, tick ${s.tick} of ${s.ticks}</h3>
<p>Next to speak: <strong style="color:${seatColour(turn)}">${esc(seatOf(names, turn))}</strong>. ${s.table ? 'Everyone talks at one table.' : s.privateChannels ? 'Each continent talks privately.' : 'Each continent talks among its own seats; the others hear it.'} Agreements in force: ${esc(agreementText(agreements, proposal, n))}.</p>
${messageList(s, s.meetingLog, s.logLength, proposal, s.locations, names)}
${proposalTable(proposals, n, names)}`;
}

function board(s: GoldrauschState, names: readonly string[]): string {
  const stage =
    s.stage === Stage.meeting
      ? `round ${s.round} · the meeting (phase 3)`
      : s.stage === Stage.over
        ? `the game is over (${s.ending === 0 ? 'the race' : 'the clock'})`
        : `round ${s.round} · the seats choose their continents (phases 1–2)`;
  const parts = [continentsSvg(s, stage, s.stage === Stage.meeting ? s.locations : null, names), seatTable(s, names)];
  if (s.stage === Stage.meeting) parts.push(meetingPanel(s, names));
  else if (s.historyLength > 0) parts.push(resolvedRound(s, s.historyLength - 1, names));
  return parts.join('\n');
}

/** One message of a meeting-turn answer, as the seat sends it (`proposals`: the meeting's count before it). */
function answerText(s: GoldrauschState, seat: number, m: Message, proposals: number, names: readonly string[]): string {
  switch (m.type) {
    case MSG_PROPOSE: {
      const c = m.continent < 0 ? s.locations[seat] : m.continent;
      const clauses = [];
      for (let k = 0; k < m.clauseCount; k++) clauses.push({ round: m.clauseRounds[k], upgrader: m.clauseUpgraders[k] });
      return `proposes ${proposalId(s.round, c, proposals)} on ${CONTINENTS[c]} ${audience(s, seat, c, s.locations)}: ${dealText(m.upgrader, clauses)}`;
    }
    case MSG_ACCEPT:
    case MSG_REJECT: {
      const p = liveProposal(s, m.ref);
      return `${m.type === MSG_ACCEPT ? 'accepts' : 'rejects'} ${p.id} (seat ${p.proposer}'s: ${dealText(p.upgrader, p.clauses)})`;
    }
    case MSG_PROMISE:
      return `promises ${m.action === GREEN ? 'to upgrade (green)' : 'not to upgrade (red)'}${m.ref >= 0 ? ` under ${liveProposal(s, m.ref).id}` : ''}`;
    case MSG_PASS:
      return 'passes';
    case MSG_GIFT:
      return `gives ${m.amount} gold to ${seatOf(names, m.to)}`;
  }
  return `message type ${m.type}`;
}

export const replay: ReplayHooks<GoldrauschState, GoldrauschRequest, GoldrauschAnswer> = {
  step: (s) => s.historyLength,
  board,
  decision: (request, answer, s, names) => {
    if (answer.kind === 'continent') {
      const provisional = s.defaultCommitment && answer.provisional !== NONE ? ` (provisional card ${cardName(answer.provisional)})` : '';
      return `chooses ${CONTINENTS[answer.continent]}${provisional}`;
    }
    const said: string[] = [];
    let proposals = s.proposalCount;
    for (const m of answer.messages) {
      said.push(answerText(s, request.seat, m, proposals, names));
      if (m.type === MSG_PROPOSE) proposals++;
    }
    if (answer.commit !== NONE) said.push(`lays a ${cardName(answer.commit)} upgrade card face down`);
    if (said.length === 0 && answer.idleUntil > 0) return `waits until tick ${answer.idleUntil} unless someone speaks to it`;
    return said.length ? said.join('; ') : 'says nothing this turn';
  },
};
