/**
 * Green Deal's replay page hooks (core/definition.ts `ReplayHooks`): the map (each tile in its
 * owner's colour with its category's letter, the start cells marked) and per seat its cash, income
 * and VP.
 */
import type { ReplayHooks } from '../../core/definition.js';
import { escapeMarkup as esc, seatColour } from '../../core/markup.js';
import { CATEGORIES } from './components.js';
import type { GreenDealAnswer, GreenDealRequest } from './engine.js';
import { OVER, type GreenDealState } from './state.js';

const CELL = 30;

function board(s: GreenDealState, names: readonly string[]): string {
  const w = s.tables.width;
  const rows = Math.ceil(s.tables.cells / w);
  const mapW = 10 + w * CELL;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mapW + 400}" font-size="13" height="${Math.max(rows * CELL + 20, 60 + 20 * s.players)}" role="img" aria-label="the map">`,
  ];
  for (let cell = 0; cell < s.tables.cells; cell++) {
    const x = 10 + (cell % w) * CELL;
    const y = 10 + Math.floor(cell / w) * CELL;
    const owner = s.owner[cell];
    const cat = s.cellCat[cell];
    const letter = owner >= 0 && cat >= 0 ? (CATEGORIES[cat] ?? '?')[0].toUpperCase() : '';
    out.push(
      `<rect x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" fill="${owner >= 0 ? seatColour(owner) : '#f6f8fa'}" fill-opacity="${owner >= 0 ? 0.85 : 1}" stroke="${s.isStart[cell] ? '#1f2328' : '#d0d7de'}"><title>cell ${cell}${owner >= 0 ? `: seat ${owner}'s ${esc(CATEGORIES[cat] ?? '')} tile` : ''}${s.isStart[cell] ? ' (a start cell)' : ''}</title></rect>${letter ? `<text x="${x + CELL / 2}" y="${y + CELL / 2 + 4}" text-anchor="middle" font-size="11" fill="#fff">${letter}</text>` : ''}`,
    );
  }
  const px = mapW + 20;
  out.push(`<text x="${px}" y="24" font-weight="600">round ${Math.min(s.round, s.rounds)} of ${s.rounds}${s.stage === OVER ? ' · game over' : ''}</text>`);
  for (let seat = 0; seat < s.players; seat++) {
    out.push(
      `<text x="${px}" y="${50 + 20 * seat}" fill="${seatColour(seat)}">seat ${seat} ${esc(names[seat] ?? '')}: ${s.vp[seat]} VP, cash ${s.cash[seat]}, income ${s.income[seat]}, ${s.tiles[seat]} tiles</text>`,
    );
  }
  out.push('</svg>');
  return out.join('');
}

export const replay: ReplayHooks<GreenDealState, GreenDealRequest, GreenDealAnswer> = {
  step: (s) => (s.stage === OVER ? s.rounds : s.round - 1),
  board,
  decision: (request, answer) => {
    switch (request.kind) {
      case 'bid':
        return `bids ${answer}`;
      case 'place':
        return `places a tile (choice ${answer} of its legal cells)`;
      default:
        return `answers ${answer} (the ${request.kind} option's number)`;
    }
  },
};
