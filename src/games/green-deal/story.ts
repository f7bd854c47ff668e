/**
 * `goldpit replay` for Green Deal: the game re-played on the engine from its key and its decision
 * log (state.ts `log`), told decision by decision — bids and turn order, every investment step,
 * every tile and contact, the PR allocations and scorings, the end — with what each did to the seats.
 * The narration reads the engine's state before and after each decision; no rule is written twice.
 */
import type { Fault } from '../../core/game.js';
import { CATEGORIES } from './components.js';
import { apply, resetGame } from './engine.js';
import { ENDINGS, ROUND_COUNTERS } from './metrics.js';
import { changedRules } from './params.js';
import { allocationAt, sustainabilityCost } from './rules.js';
import {
  ACTION,
  ALLOCATE,
  BID,
  BUY_PR,
  CONTACT,
  DIVIDEND,
  DONE,
  END_TURN,
  GreenDealState,
  INVEST,
  LOAN_SLOTS,
  NC,
  OVER,
  PLACE,
  PLAY_CARD,
  REPAY,
  REPAY_LOANS,
  SUSTAINABILITY,
  TAKE_LOAN,
  TAX_CASH,
  TAX_CHIP,
} from './state.js';
import { GreenDealView } from './view.js';

/** The seat figures the story reports changes of. */
interface Figures {
  cash: number[];
  income: number[];
  vp: number[];
  chips: number[];
}

const figures = (s: GreenDealState): Figures => ({ cash: Array.from(s.cash), income: Array.from(s.income), vp: Array.from(s.vp), chips: Array.from(s.chips) });

/** "cash 12→8, VP 3→5" for the figures of `seat` that changed. */
function changes(before: Figures, after: GreenDealState, seat: number): string {
  const out: string[] = [];
  if (before.cash[seat] !== after.cash[seat]) out.push(`cash ${before.cash[seat]}→${after.cash[seat]}`);
  if (before.income[seat] !== after.income[seat]) out.push(`income ${before.income[seat]}→${after.income[seat]}`);
  if (before.vp[seat] !== after.vp[seat]) out.push(`VP ${before.vp[seat]}→${after.vp[seat]}`);
  if (before.chips[seat] !== after.chips[seat]) out.push(`PR chips ${before.chips[seat]}→${after.chips[seat]}`);
  return out.join(', ');
}

const cellName = (s: GreenDealState, cell: number) => `[${cell % s.tables.width}, ${Math.floor(cell / s.tables.width)}]`;

function investText(s: GreenDealState, seat: number, code: number): string {
  const c = s.config.params.components;
  if (code >= SUSTAINABILITY && code < SUSTAINABILITY + NC) {
    const type = s.sDisplay[code - SUSTAINABILITY];
    const t = c.sustainabilityCards[type];
    return `buys sustainability card ${t.id} (${CATEGORIES[t.category]} +${t.steps}, income ${t.income >= 0 ? '+' : ''}${t.income}, ${t.vp} VP, tile ${t.size}) for ${sustainabilityCost(s, seat, type)}`;
  }
  if (code >= ACTION && code < ACTION + s.aDisplay.length) {
    const type = s.aDisplay[code - ACTION];
    return `buys action card ${s.tables.aIds[type]} (${TIMING_WORD[s.tables.aTiming[type]]}) for ${s.tables.aCost[type]}`;
  }
  switch (code) {
    case TAX_CHIP:
      return 'uses the Tax Refund: a PR chip';
    case TAX_CASH:
      return `uses the Tax Refund: ${c.taxRefundCash} cash`;
    case BUY_PR:
      return 'buys a PR chip';
    case DIVIDEND:
      return `pays a dividend (income ${s.income[seat]}: ${s.tables.divPay[s.income[seat]]} cash for ${s.tables.divVp[s.income[seat]]} VP)`;
  }
  if (code >= TAKE_LOAN && code < REPAY_LOANS)
    return `takes ${code === TAKE_LOAN ? 'the top' : `pile position ${code - TAKE_LOAN}'s`} loan of ${s.loanPile[code - TAKE_LOAN]}`;
  if (code > REPAY_LOANS && code < PLAY_CARD) {
    const amounts: number[] = [];
    for (let k = 0; k < LOAN_SLOTS; k++) if (((code - REPAY_LOANS) >> k) & 1) amounts.push(s.loans[seat * LOAN_SLOTS + k]);
    return `repays loan${amounts.length > 1 ? 's' : ''} of ${amounts.join(' and ')}`;
  }
  return `plays hand card ${s.tables.aIds[code - PLAY_CARD]}`;
}

const TIMING_WORD = ['immediate', 'permanent', 'to the hand', 'end VP'];

/** The story of a finished game, for `goldpit replay`: decision by decision when traced (GameModule.trace), else per round. */
export function story(final: GreenDealState, names: readonly string[], faults: readonly Fault[] = []): string {
  const P = final.players;
  const c = final.config.params.components;
  const who = (seat: number) => `seat ${seat} (${names[seat]})`;
  const lines: string[] = [];
  lines.push(`Green Deal, ${P} players: ${names.map((b, s) => `seat ${s} ${b}`).join(', ')}`);
  lines.push(
    `Components ${c.id}${c.placeholder ? ' (a placeholder: numbers marked invented are not the publisher\u2019s)' : ''}; rules changed from defaults: ${JSON.stringify(changedRules(final.config.rules))}`,
  );
  if (final.log === null) {
    lines.push(...roundSummaries(final));
    lines.push(result(final, who));
    return lines.join('\n');
  }
  const log = final.log;
  const s = new GreenDealState(final.config, P);
  for (let seat = 0; seat < P; seat++) s.views.push(new GreenDealView(s, seat));
  resetGame(s, final.gameKey);
  const display = () =>
    `display: ${CATEGORIES.map((name, k) => `${name} ${s.sDisplay[k] >= 0 ? c.sustainabilityCards[s.sDisplay[k]].id : '—'}`).join(', ')}; action cards ${Array.from(s.aDisplay, (t) => (t >= 0 ? s.tables.aIds[t] : '—')).join(', ')} (next: ${Array.from(s.aPreview, (t) => (t >= 0 ? s.tables.aIds[t] : '—')).join(', ')})`;
  let round = 0;
  let call = 0;
  const answers: number[] = [];
  for (let at = 0; at < final.logLength; ) {
    const stage = log[at];
    const n = log[at + 1];
    answers.length = n;
    for (let i = 0; i < n; i++) answers[i] = log[at + 2 + i];
    at += 2 + n;
    // The bot calls of this decision (the driver counts one per request): their faults are told here.
    const theirFaults = faults.filter((f) => f.decision >= call && f.decision < call + n);
    call += n;
    if (s.round !== round) {
      round = s.round;
      lines.push(`Round ${round}: ${display()}`);
    }
    const before = figures(s);
    const seat = s.order[s.turn];
    let line = '';
    if (stage === BID) {
      apply(s, answers);
      const bids = Array.from(s.bids);
      line = `  Bids ${bids.map((b, k) => `seat ${k} ${b}`).join(', ')} → turn order ${s.order.join(', ')}; after bids and income cash ${s.cash.join('/')}`;
    } else if (stage === INVEST) {
      const code = answers[0] >= END_TURN ? answers[0] - END_TURN : answers[0];
      const text = code === DONE ? null : investText(s, seat, code);
      apply(s, answers);
      if (text !== null) line = `  ${who(seat)} ${text}: ${changes(before, s, seat)}`;
    } else if (stage === PLACE) {
      const cell = answers[0];
      const tile = `${CATEGORIES[s.pendingCat[seat]]} ${s.pendingSize[seat]}`;
      apply(s, answers);
      const moved = Array.from({ length: P }, (_, k) => k)
        .filter((k) => before.income[k] !== s.income[k])
        .map((k) => `seat ${k} income ${before.income[k]}→${s.income[k]}`);
      line = `  ${who(seat)} places its ${tile} tile on ${cellName(s, cell)}${moved.length ? ` (cooperation: ${moved.join(', ')})` : ''}`;
    } else if (stage === CONTACT) {
      const other = s.owner[s.tables.n4[s.placeCell * 4 + s.contactK]];
      apply(s, answers);
      line = `    ${answers[0] === 1 ? 'competes with' : 'cooperates with'} seat ${other}: seat ${seat} income ${before.income[seat]}→${s.income[seat]}, seat ${other} income ${before.income[other]}→${s.income[other]}`;
    } else if (stage === ALLOCATE) {
      const placed: string[] = [];
      let i = 0;
      for (let k = 0; k < P; k++) {
        if (((s.askMask >> k) & 1) === 0) continue;
        const a = answers[i++];
        placed.push(`seat ${k} ${[0, 1, 2, 3].map((cat) => allocationAt(a, cat)).join('/')}${allocationAt(a, 4) ? ' +1 centre' : ''}`);
      }
      apply(s, answers);
      line = `  PR scoring: chips (environment/jobs/social/research) ${placed.join(', ')}; VP ${Array.from({ length: P }, (_, k) => `seat ${k} +${s.vp[k] - before.vp[k]}`).join(', ')}`;
    } else if (stage === REPAY) {
      apply(s, answers);
      line = `  Final repayments: ${Array.from({ length: P }, (_, k) => `seat ${k} pays ${s.repayments[k]}`).join(', ')}`;
    } else {
      apply(s, answers);
    }
    if (line) lines.push(line);
    for (const f of theirFaults) lines.push(`    FAULT ${who(f.seat)} in its ${f.request}: ${f.reason}: ${f.message} (the rules' fallback was played)`);
    if (s.round !== round || s.stage === OVER) {
      const r = round - 1;
      lines.push(
        `  After round ${round}: VP ${s.curve.slice(r * P, r * P + P).join('/')}, income ${s.income.join('/')}, cash ${s.cash.join('/')}, tracks ${Array.from({ length: P }, (_, k) => s.track.slice(k * NC, k * NC + NC).join('-')).join(' / ')}`,
      );
    }
  }
  lines.push(result(final, who));
  return lines.join('\n');
}

function result(final: GreenDealState, who: (seat: number) => string): string {
  if (final.stage !== OVER || final.stopAfterRound !== 0) return '';
  const winners = final.winners.slice(0, final.winnerCount);
  return `Result: ${winners.map(who).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'} with ${final.scores[winners[0]]} VP (final VP ${final.scores.join('/')}, income ${final.income.join('/')}, cash ${final.cash.join('/')}); decided by ${ENDINGS[final.ending]}.`;
}

/** A round's measures from the records (a game played without a log). */
function roundSummaries(final: GreenDealState): string[] {
  const P = final.players;
  const k = ROUND_COUNTERS.length;
  const rounds = final.stopAfterRound > 0 ? final.stopAfterRound : final.rounds;
  const lines: string[] = [];
  for (let r = 0; r < rounds; r++) {
    const c = (name: string) => final.roundCounters[r * k + ROUND_COUNTERS.indexOf(name)];
    lines.push(
      `Round ${r + 1}: bids ${c('bids')}, ${c('sustainabilityCards')} sustainability and ${c('actionCards')} action cards, ${c('loansTaken')} loans taken, ${c('prChipsBought')} PR chips, ${c('dividends')} dividends, ${c('tiles')} tiles, ${c('cooperations')} cooperations, ${c('competitions')} competitions; VP ${final.curve.slice(r * P, r * P + P).join('/')}`,
    );
  }
  return lines;
}
