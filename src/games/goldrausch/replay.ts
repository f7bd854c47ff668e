/**
 * Goldrausch's replay page hooks (core/definition.ts `ReplayHooks`), drawn from the state and its
 * round records as main keeps them: the three continents (cap, gold laid out, whose pawn stands
 * where), the last round's wheel and event card, each seat's gold, and the meeting as it unfolds —
 * every message in order (who proposed what to whom, who accepted, promised, gave), the proposals
 * and the agreements in force, who has laid a card.
 */
import type { ReplayHooks } from '../../core/definition.js';
import { escapeMarkup as esc, seatColour } from '../../core/markup.js';
import type { GoldrauschAnswer, GoldrauschRequest } from './engine.js';
import type { GoldrauschState, Message } from './state.js';
import { CONTINENTS } from './types.js';

const seatOf = (names: readonly string[], s: number) => `seat ${s} (${names[s] ?? '?'})`;

/** Where each pawn stands now: the meeting's locations, else the last round's (null before the first). */
function locations(s: GoldrauschState): readonly number[] | null {
  if (s.meeting) return s.meeting.locations;
  const last = s.history[s.history.length - 1];
  return last ? last.finalLocations : null;
}

/** A message in words: its sender, what it says and to whom. */
export function messageText(
  m: Pick<Message, 'from' | 'type' | 'continent' | 'id' | 'ref' | 'plan' | 'action' | 'to' | 'amount' | 'next'>,
  names: readonly string[],
  at: readonly number[] | null,
): string {
  const who = seatOf(names, m.from);
  const table = m.continent === null ? '' : ` on ${m.continent}`;
  const audience = () => {
    if (m.continent === null || at === null) return '';
    const c = CONTINENTS.indexOf(m.continent);
    const others = at.map((loc, s) => (loc === c && s !== m.from ? s : -1)).filter((s) => s >= 0);
    return others.length ? ` to ${others.map((s) => `seat ${s}`).join(', ')}` : ' (nobody else there)';
  };
  switch (m.type) {
    case 'PROPOSE': {
      const up = m.plan?.upgrader;
      const next = m.next?.length ? `; then ${m.next.map((n) => `round ${n.round}: ${n.upgrader === null ? 'nobody' : `seat ${n.upgrader}`}`).join(', ')}` : '';
      return `${who} proposes${m.id ? ` ${m.id}` : ' a deal'}${table}${audience()}: ${up === null || up === undefined ? 'nobody upgrades' : `only seat ${up} upgrades`}${next}`;
    }
    case 'ACCEPT':
    case 'REJECT':
      return `${who} ${m.type === 'ACCEPT' ? 'accepts' : 'rejects'} ${m.ref ?? ''}`;
    case 'PROMISE':
      return `${who} promises ${m.action === 'GREEN' ? 'to upgrade (green)' : 'not to upgrade (red)'}${m.ref ? ` under ${m.ref}` : ''}${audience()}`;
    case 'PASS':
      return `${who} passes`;
    case 'COMMITTED':
      return `${who} lays an upgrade card face down`;
    case 'GIFT':
      return `${who} gives ${m.amount ?? 0} gold to seat ${m.to ?? '?'}`;
  }
  return `${who}: ${m.type}`;
}

function board(s: GoldrauschState, names: readonly string[]): string {
  const at = locations(s);
  const n = s.players;
  const out: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="660" font-size="13" height="${150 + 20 * n}" role="img" aria-label="the continents">`];
  out.push(
    `<text x="10" y="20" font-weight="600">round ${s.round}${s.stage === 'meeting' ? ' · the meeting' : s.stage === 'over' ? ` · over (${esc(s.endedBy ?? '')})` : ' · choosing continents'}</text>`,
  );
  const fills = ['#bcd7f5', '#f7c8c8', '#c9ecc4'];
  CONTINENTS.forEach((name, c) => {
    const x = 10 + c * 215;
    out.push(`<rect x="${x}" y="32" width="205" height="90" rx="8" fill="${fills[c]}" stroke="#8c959f"/>`);
    out.push(
      `<text x="${x + 8}" y="50" font-weight="600">${name}</text><text x="${x + 8}" y="68" font-size="12">cap ${s.caps[c]} · gold laid out ${s.stock[c]}</text>`,
    );
    const here = at ? at.map((loc, seat) => (loc === c ? seat : -1)).filter((seat) => seat >= 0) : [];
    here.forEach((seat, k) => {
      const laid = s.meeting?.committed[seat] ? ' ✓' : '';
      out.push(
        `<circle cx="${x + 18 + 30 * k}" cy="98" r="10" fill="${seatColour(seat)}"><title>${esc(seatOf(names, seat))}${laid ? ' has laid a card' : ''}</title></circle><text x="${x + 18 + 30 * k}" y="102" text-anchor="middle" font-size="11" fill="#fff">${seat}${laid}</text>`,
      );
    });
  });
  for (let seat = 0; seat < n; seat++) {
    out.push(
      `<text x="10" y="${145 + 20 * seat}" fill="${seatColour(seat)}">${esc(seatOf(names, seat))}: ${s.gold[seat]} gold · kept ${s.kept[seat]}, broke ${s.broken[seat]}</text>`,
    );
  }
  out.push('</svg>');
  const last = s.history[s.history.length - 1];
  const parts = [out.join('')];
  if (last) {
    parts.push(
      `<p>Round ${last.round}: the wheel showed <strong>${esc(last.wheel)}</strong>${last.event ? `, event card <strong>${esc(last.event)}</strong>` : ''}; payout ${last.payout.join(' / ')}, fines ${last.fines.join(' / ')}; gold after it ${last.goldAfter.join(' / ')}.</p>`,
    );
  }
  const m = s.meeting;
  if (m) {
    const agreements = m.agreements
      .map((a, c) =>
        a
          ? `${CONTINENTS[c]}: ${esc(a.id)} between ${a.parties.map((p) => `seat ${p}`).join(', ')}, ${a.upgrader === null ? 'nobody upgrades' : `only seat ${a.upgrader} upgrades`}`
          : '',
      )
      .filter(Boolean);
    const proposals = m.proposals.map(
      (p) =>
        `${esc(p.id)} by seat ${p.proposer} (${CONTINENTS[p.continent]}): ${p.upgrader === null ? 'nobody upgrades' : `only seat ${p.upgrader} upgrades`}; accepted by ${p.acceptedBy.length ? p.acceptedBy.map((a) => `seat ${a}`).join(', ') : 'nobody yet'}`,
    );
    parts.push(
      `<h3>The meeting (tick ${m.tick})</h3><ol class="messages">${m.messages.map((msg) => `<li>tick ${msg.t}: ${esc(messageText(msg, names, m.locations))}</li>`).join('') || '<li>nobody has spoken yet</li>'}</ol>${proposals.length ? `<p>Proposals: ${proposals.join('; ')}.</p>` : ''}<p>Agreements in force: ${agreements.length ? agreements.join('; ') : 'none'}.</p>`,
    );
  }
  return parts.join('\n');
}

export const replay: ReplayHooks<GoldrauschState, GoldrauschRequest, GoldrauschAnswer> = {
  step: (s) => s.history.length,
  board,
  decision: (_request, answer, s, names) => {
    if (answer.kind === 'continent') return `goes to ${answer.continent}${answer.provisional ? ` (provisional card ${answer.provisional})` : ''}`;
    const at = s.meeting?.locations ?? null;
    const c = at ? CONTINENTS[at[_request.seat]] : null;
    const said = answer.messages.map((m) =>
      messageText({ ...m, from: _request.seat, continent: ('continent' in m ? m.continent : undefined) ?? c } as Parameters<typeof messageText>[0], names, at),
    );
    if (answer.commit) said.push(`lays a ${answer.commit} upgrade card`);
    return said.length ? said.join('; ') : 'waits';
  },
};
