/**
 * `goldpit replay`'s story of a My Gold Mine game: turn by turn from the move log (log.ts) — every
 * decision, every card drawn, every step, Drago's moves, exits and eliminations, and each bot's
 * fault at the turn where it happened — then each round's scoring and the result.
 */
import type { Fault } from '../../core/game.js';
import { EXIT_ACTIONS } from './decks.js';
import { EV } from './log.js';
import { ROUND_COUNTERS } from './metrics.js';
import { changedRules } from './params.js';
import { DRAGO_START, EXIT_ACTION, LORE, TURN, type MyGoldMineState } from './state.js';

const dwarfName = (state: MyGoldMineState, names: readonly string[], d: number) =>
  state.perSeat === 1 ? `seat ${d} (${names[d]})` : `seat ${state.owner(d)} (${names[state.owner(d)]}) dwarf ${d}`;

/** The story of a finished game (traced: turn by turn; else per round, from the records). */
export function story(final: MyGoldMineState, names: readonly string[], faults: readonly Fault[] = []): string {
  const p = final.players;
  const lines: string[] = [];
  lines.push(`My Gold Mine, ${p} players${p === 2 ? ' (two dwarves each, §7)' : ''}: ${names.map((b, s) => `seat ${s} ${b}`).join(', ')}`);
  lines.push(
    `Digging deck ${final.config.params.digDeck.deckId}, exit deck ${final.config.params.exitDeck.deckId}; rules changed from defaults: ${JSON.stringify(changedRules(final.config.rules))}`,
  );
  lines.push(...(final.log === null ? roundSummaries(final) : turnByTurn(final, final.log, names, faults)));
  const winners = final.winners.slice(0, final.winnerCount);
  if (final.stopAfterRound === 0) {
    lines.push(
      `Result: ${winners.map((s) => `seat ${s} (${names[s]})`).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'} with ${final.scores[winners[0]]} (nuggets + final gold ${final.scores.join('/')}).`,
    );
  }
  return lines.join('\n');
}

/** A round's measures, from the records (a state played without a log). */
function roundMeasures(final: MyGoldMineState, r: number): string {
  const c = (name: string) => final.roundCounters[r * ROUND_COUNTERS.length + ROUND_COUNTERS.indexOf(name)];
  return `${c('turns')} turns, Drago ${c('dragonSteps')} step(s); ${c('exits')} out, ${c('eliminations')} eliminated; gold collected ${c('goldCollected')}, lost ${c('goldLost')}, banked ${c('goldBanked')}`;
}

function roundSummaries(final: MyGoldMineState): string[] {
  const p = final.players;
  const rounds = final.stopAfterRound > 0 ? final.stopAfterRound : final.rounds;
  const lines: string[] = [];
  for (let r = 0; r < rounds; r++) {
    lines.push(
      `Round ${r + 1}: ${roundMeasures(final, r)}. ${r + 1 < final.rounds ? 'Nuggets' : 'Final scores'} ${final.curve.slice(r * p, (r + 1) * p).join('/')}`,
    );
  }
  return lines;
}

/** The decision of each stage, as a fault line names it. */
const STAGE_NAMES = ['dig-or-draw decision', 'choice of action', 'choice of swap target'];

function turnByTurn(final: MyGoldMineState, log: readonly number[], names: readonly string[], faults: readonly Fault[]): string[] {
  const t = final.tables;
  const digName = (card: number) => (card < 0 ? 'none' : t.digIds[card]);
  const exitName = (card: number) => final.config.params.exitDeck.types[card].id;
  const who = (d: number) => dwarfName(final, names, d);
  const p = final.players;
  const lines: string[] = [];
  const pos = new Array<number>(final.dwarves).fill(LORE);
  let drago = DRAGO_START;
  let turn = 0;
  let call = -1;
  let actor = -1;
  /** The actor's bot chose between the two actions of the card drawn. */
  let chose = false;
  /** … and chose the dwarf to swap with. */
  let picked = false;
  /** The event before was a dragon's step: the eliminations that follow are the dwarves it burnt. */
  let burning = false;
  /** The line of the turn being told: its parts, joined when the next turn or the round's end comes; then its faults. */
  let parts: string[] = [];
  let faulted: string[] = [];
  const flush = () => {
    if (parts.length > 0) lines.push(parts.join(''));
    lines.push(...faulted);
    parts = [];
    faulted = [];
  };
  for (let i = 0; i < log.length; i += 4) {
    const [event, a, b, c] = [log[i], log[i + 1], log[i + 2], log[i + 3]];
    if (event !== EV.eliminated && event !== EV.dragon) burning = false;
    switch (event) {
      case EV.round:
        flush();
        pos.fill(LORE);
        drago = DRAGO_START;
        turn = 0;
        lines.push(`Round ${a} — start player seat ${b} (${names[b]}); face-up digging card: ${digName(c)}`);
        break;
      case EV.decision: {
        call++;
        if (a === TURN) {
          flush();
          turn++;
          actor = b;
          parts.push(`  Turn ${turn} — ${who(b)} on card ${pos[b]}: `);
        } else if (a === EXIT_ACTION) chose = true;
        else picked = true;
        // A bot's fault is told under the turn in which it happened (its answer: the rules' fallback).
        for (const f of faults) {
          if (f.decision === call)
            faulted.push(
              `    FAULT seat ${f.seat} (${names[f.seat]}) in its ${STAGE_NAMES[a]} (bot call ${call}): ${f.reason}: ${f.message}; the rules' fallback was played`,
            );
        }
        break;
      }
      case EV.dig:
        parts.push(`digs ${digName(b)} (${c} gold)`);
        break;
      case EV.moved:
        pos[a] = b;
        parts.push(a === actor ? ` → card ${b}` : `; ${who(a)} → card ${b}`);
        break;
      case EV.blocked:
        parts.push(`; stays on card ${b} (Drago's card is next, MG-A4)`);
        break;
      case EV.dragon:
        drago = b;
        burning = true;
        parts.push(
          `; ${digName(a) === 'dragon' ? 'a dragon' : `dragon card ${digName(a)}`}: Drago steps onto card ${b}${b <= 1 ? ' (next to the exit: the round ends)' : ''}`,
        );
        break;
      case EV.exitCard:
        parts.push(`draws exit card ${exitName(b)}`);
        break;
      case EV.pass:
        parts.push('no exit card left to draw: passes (MG-A11)');
        break;
      case EV.reshuffle:
        parts.push(`(the ${a} discarded exit cards are reshuffled into the deck) `);
        break;
      case EV.action: {
        const name = EXIT_ACTIONS[b];
        const two = t.exitB[c] >= 0;
        if (chose) parts.push(`, chooses ${name}`);
        else if (two) parts.push(` (only ${name} is possible)`);
        chose = false;
        if (name === 'extragold') parts.push(`: kept, worth ${final.extragoldValue} gold if its dwarf gets out`);
        if (name === 'swap' && !two) parts.push(':');
        break;
      }
      case EV.swap: {
        const at = pos[a];
        pos[a] = pos[b];
        pos[b] = at;
        parts.push(` swaps with ${who(b)}${picked ? ' (its bot\u2019s pick)' : ''}: → card ${pos[a]}, ${who(b)} → card ${pos[b]}`);
        picked = false;
        break;
      }
      case EV.noEffect:
        parts.push('; no action possible (MG-A7): discarded');
        break;
      case EV.exited:
        pos[a] = 0;
        parts.push(`${a === actor ? ' →' : `; ${who(a)}`} exits on rung ${b}, banking ${c} gold`);
        break;
      case EV.eliminated:
        // Burnt by Drago, or (intoDragon "eliminated") walked onto his card.
        parts.push(burning ? `, burning ${who(a)} (${b} gold lost)` : ` → onto Drago's card: eliminated (MG-A4), ${b} gold lost`);
        break;
      case EV.roundEnd: {
        flush();
        const r = a - 1;
        const row = final.curve.slice(r * p, (r + 1) * p);
        const last = a >= final.rounds;
        lines.push(
          `  Round ${a} over (${c === 1 ? `Drago on card ${drago}` : 'no dwarf left in the mine'}): ${b >= 0 ? `round won by seat ${b} (${names[b]})` : 'nobody scored'}; ${roundMeasures(final, r)}. ${last ? 'Final scores' : 'Nuggets'} ${row.join('/')}`,
        );
        break;
      }
    }
  }
  flush();
  return lines;
}
