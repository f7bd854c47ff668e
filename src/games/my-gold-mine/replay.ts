/**
 * My Gold Mine's replay page hooks (core/definition.ts `ReplayHooks`): the mine as a track from the
 * exit (0) past the Lore (4) to Drago's start (8), each dwarf where it stands, Drago, the face-up
 * digging card, and per seat its open pile and nuggets.
 */
import type { ReplayHooks } from '../../core/definition.js';
import { escapeMarkup as esc, seatColour } from '../../core/markup.js';
import { EXIT_ACTIONS } from './decks.js';
import { DIG, type MyGoldMineAnswer, type MyGoldMineRequest } from './engine.js';
import { DRAGO_START, ELIMINATED, EXITED, IN_MINE, LORE, OVER, type MyGoldMineState } from './state.js';

const STEP_W = 70;

function dwarfLabel(s: MyGoldMineState, names: readonly string[], d: number): string {
  const seat = s.owner(d);
  return s.perSeat === 1 ? `seat ${seat} (${names[seat] ?? ''})` : `seat ${seat} (${names[seat] ?? ''}) dwarf ${d}`;
}

function board(s: MyGoldMineState, names: readonly string[]): string {
  const width = 20 + (DRAGO_START + 1) * STEP_W + 40;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" font-size="13" height="${170 + 20 * s.players}" role="img" aria-label="the mine">`,
  ];
  const over = s.stage === OVER;
  out.push(`<text x="20" y="20" font-weight="600">round ${Math.min(s.round, s.rounds)} of ${s.rounds}${over ? ' · game over' : ''}</text>`);
  for (let p = 0; p <= DRAGO_START; p++) {
    const x = 20 + p * STEP_W;
    const name = p === 0 ? 'exit' : p === LORE ? 'Lore' : String(p);
    out.push(
      `<rect x="${x}" y="34" width="${STEP_W - 6}" height="60" rx="6" fill="${p === 0 ? '#dff3e4' : '#f1ece4'}" stroke="#c9ced6"/><text x="${x + 4}" y="48" font-size="11" fill="#6a737d">${name}</text>`,
    );
  }
  if (!over) {
    const dx = 20 + s.drago * STEP_W + STEP_W / 2 - 3;
    out.push(
      `<polygon points="${dx},58 ${dx - 12},88 ${dx + 12},88" fill="#d6404e"><title>Drago at ${s.drago}</title></polygon><text x="${dx}" y="102" text-anchor="middle" font-size="11" fill="#d6404e">Drago</text>`,
    );
  }
  const here = new Array<number>(DRAGO_START + 1).fill(0);
  for (let d = 0; d < s.dwarves; d++) {
    if (s.status[d] !== IN_MINE || over) continue;
    const p = s.pos[d];
    const x = 20 + p * STEP_W + 14 + 16 * (here[p] % 3);
    const y = 62 + 14 * Math.floor(here[p] / 3);
    here[p]++;
    out.push(
      `<circle cx="${x}" cy="${y}" r="7" fill="${seatColour(s.owner(d))}" stroke="${s.actor === d ? '#1f2328' : '#fff'}" stroke-width="2"><title>${esc(dwarfLabel(s, names, d))} at ${p}</title></circle>`,
    );
  }
  const top = s.digPos < s.dig.length ? s.dig[s.digPos] : -1;
  out.push(`<text x="20" y="124">face-up digging card: ${top >= 0 ? esc(s.tables.digIds[top]) : 'none (the deck is empty)'}</text>`);
  for (let seat = 0; seat < s.players; seat++) {
    const dwarves = Array.from({ length: s.dwarves }, (_, d) => d).filter((d) => s.owner(d) === seat);
    const where = dwarves.map((d) => (s.status[d] === EXITED ? `out (rung ${s.rung[d]})` : s.status[d] === ELIMINATED ? 'burnt' : `at ${s.pos[d]}`)).join(', ');
    out.push(
      `<text x="20" y="${150 + 20 * seat}" fill="${seatColour(seat)}">seat ${seat} ${esc(names[seat] ?? '')}: ${over ? '' : `${where}; pile ${s.teamGold[seat]} gold; `}nuggets ${s.nuggets[seat]}${over ? `; final score ${s.scores[seat]}` : ''}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('');
}

export const replay: ReplayHooks<MyGoldMineState, MyGoldMineRequest, MyGoldMineAnswer> = {
  step: (s) => (s.stage === OVER ? (s.stopAfterRound > 0 ? s.stopAfterRound : s.rounds) : s.round - 1),
  board,
  decision: (request, answer, s, names) => {
    const who = dwarfLabel(s, names, s.actor);
    if (request.kind === 'turn') return `${who} ${answer === DIG ? 'digs' : 'draws an exit card'}`;
    if (request.kind === 'exit-action') {
      const card = s.drawn;
      const action = answer === 1 && s.tables.exitB[card] >= 0 ? s.tables.exitB[card] : s.tables.exitA[card];
      return `${who} plays ${EXIT_ACTIONS[action] ?? '?'} from ${s.config.params.exitDeck.types[card]?.id ?? '?'}`;
    }
    return `${who} swaps places with ${answer >= 0 && answer < s.dwarves ? dwarfLabel(s, names, answer) : `dwarf ${answer}`}`;
  },
};
