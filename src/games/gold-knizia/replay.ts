/**
 * GOLD's replay page hooks (core/definition.ts `ReplayHooks`): the 8×8 layout as it stands (cards
 * still on the table, face up for the designer; the pair turned in the last turn outlined), who owns
 * each digger colour, and each seat's gold.
 */
import type { ReplayHooks } from '../../core/definition.js';
import { escapeMarkup as esc, seatColour } from '../../core/markup.js';
import { cardName, diggerColour, isDigger, isDynamite, isGold } from './cards.js';
import type { GoldAnswer, GoldRequest } from './engine.js';
import type { GoldState } from './state.js';

const DIGGER_FILL = ['#cfd8e3', '#bcd7f5', '#c9ecc4', '#f7c8c8', '#e3d2f5'];
const CELL = 44;

function cardFill(code: number): string {
  if (isGold(code)) return '#f2cf5b';
  if (isDynamite(code)) return '#e4574b';
  if (isDigger(code)) return DIGGER_FILL[diggerColour(code)];
  return '#fff';
}

function board(s: GoldState, names: readonly string[]): string {
  const last = s.turn > 0 ? s.turn - 1 : -1;
  const turned = new Set<number>();
  if (last >= 0) {
    turned.add(s.turnFirst[last]);
    if (s.turnSecond[last] >= 0) turned.add(s.turnSecond[last]);
  }
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${8 * CELL + 340}" font-size="13" height="${8 * CELL + 20}" role="img" aria-label="the layout">`,
  ];
  for (let p = 0; p < 64; p++) {
    const x = 10 + (p % 8) * CELL;
    const y = 10 + Math.floor(p / 8) * CELL;
    const code = s.card[p];
    const open = s.stage !== 2 && s.first === p;
    const stroke = open ? '#1f2328' : turned.has(p) ? '#c2410c' : '#c9ced6';
    const width = open || turned.has(p) ? 3 : 1;
    if (code < 0) {
      out.push(
        `<rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" fill="#f6f8fa" stroke="${stroke}" stroke-width="${width}" stroke-dasharray="3 3"><title>position ${p}: gone</title></rect>`,
      );
      continue;
    }
    out.push(
      `<g class="card"><rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="4" fill="${cardFill(code)}" stroke="${stroke}" stroke-width="${width}"><title>position ${p}: ${esc(cardName(code))}${open ? ' (turned this turn)' : ''}</title></rect><text x="${x + CELL / 2}" y="${y + CELL / 2 + 4}" text-anchor="middle" font-size="12">${esc(cardName(code))}</text></g>`,
    );
  }
  const px = 8 * CELL + 30;
  out.push(
    `<text x="${px}" y="24" font-weight="600">turn ${s.turnInGame}${s.rush ? ' · gold rush' : ''}${s.seriesGames > 1 ? ` · game ${s.seriesGame + 1}` : ''}</text>`,
  );
  for (let seat = 0; seat < s.players; seat++) {
    out.push(
      `<text x="${px}" y="${50 + 20 * seat}" fill="${seatColour(seat)}">seat ${seat} ${esc(names[seat] ?? '')}: ${s.gold[seat]} gold (${s.goldCards[seat]} cards)${s.stage !== 2 && s.active === seat ? ' ◀' : ''}</text>`,
    );
  }
  const y0 = 60 + 20 * s.players;
  for (let colour = 0; colour < 5; colour++) {
    const owner = s.owner[colour];
    out.push(
      `<rect x="${px}" y="${y0 + 20 * colour - 11}" width="12" height="12" fill="${DIGGER_FILL[colour]}" stroke="#8c959f"/><text x="${px + 18}" y="${y0 + 20 * colour}">diggers D${colour}: ${owner >= 0 ? `seat ${owner}` : 'unowned'}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('');
}

export const replay: ReplayHooks<GoldState, GoldRequest, GoldAnswer> = {
  step: (s) => s.turn,
  board,
  decision: (_request, answer, s) => {
    const code = typeof answer === 'number' && answer >= 0 && answer < 64 ? s.card[answer] : -1;
    return `turns position ${answer}${code >= 0 ? ` (${cardName(code)})` : ''}`;
  },
};
