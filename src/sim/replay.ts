/**
 * A game replayed alone from (scenario, seed, index) for the replay page (`goldpit replay --html`):
 * the board after setup and after every transition, with the decisions and faults that led there,
 * as the game's replay hooks (GameDefinition.replay) draw and word them. Game-agnostic: the same
 * driver and the same game as `run` plays as its index-th.
 */
import type { GameRecord } from '../core/definition.js';
import type { Asked, DecisionRequest, Fault } from '../core/game.js';
import { playOne } from './run.js';
import type { Scenario } from './scenario.js';

/** One decision of a frame: who, what (the hook's words), and the seat's view then (JSON, cut to a length). */
export interface ReplayDecision {
  readonly seat: number;
  readonly kind: string;
  readonly text: string;
  readonly view: string;
  readonly fault: string | null;
}

/** One moment of the game: after setup (frame 0) or after a transition. */
export interface ReplayFrame {
  /** Steps completed (the score curve's rows so far). */
  readonly step: number;
  /** The board as the game's hook draws it ('' without a hook). */
  readonly board: string;
  /** The decisions answered in the transition that led here. */
  readonly decisions: readonly ReplayDecision[];
  /** Where the game stands for its next decision (GameDefinition.decisionPlace), or null once it is over. */
  readonly next: string | null;
}

export interface ReplayedGame {
  readonly frames: readonly ReplayFrame[];
  /** The finished game's record (its score curve is the page's score strip). */
  readonly record: GameRecord;
  readonly faults: readonly Fault[];
}

/** Fields a view shares with the scenario (the same at every decision): left out of the view's text. */
const STATIC = new Set(['config', 'rules', 'params', 'tables']);

/**
 * A view as plain data (its scenario-wide `config`, `rules`, `params` and `tables` left out): typed arrays as lists, and a class's getters (flat engines hand out views
 * whose fields are getters over the state) read as fields; functions left out; `depth` levels deep.
 */
export function plainOf(value: unknown, depth = 4): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : typeof value === 'bigint' ? String(value) : value;
  if (depth === 0) return '…';
  if (ArrayBuffer.isView(value)) return value instanceof DataView ? '…' : Array.from(value as unknown as ArrayLike<number>);
  if (Array.isArray(value)) return value.map((v) => plainOf(v, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!k.startsWith('_') && !STATIC.has(k)) out[k] = plainOf(v, depth - 1);
  for (let proto = Object.getPrototypeOf(value); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (k in out || k === 'constructor' || k.startsWith('_') || STATIC.has(k) || typeof d.get !== 'function') continue;
      try {
        out[k] = plainOf((value as Record<string, unknown>)[k], depth - 1);
      } catch {
        out[k] = '(unreadable)';
      }
    }
  }
  return out;
}

/** A view as text: JSON of `plainOf(view)`, cut at `limit` characters. */
export function viewText(view: unknown, limit = 3000): string {
  let text: string;
  try {
    text = JSON.stringify(plainOf(view), null, 1);
  } catch (e) {
    text = `(not shown: ${(e as Error).message})`;
  }
  if (text === undefined) text = String(view);
  return text.length > limit ? `${text.slice(0, limit)}\n… (${text.length - limit} more characters)` : text;
}

/** Plays game `index` of `scenario` under `seed` and keeps every frame. */
export function replayFrames(scenario: Scenario, index: number, seed: string): ReplayedGame {
  const definition = scenario.definition;
  const hooks = definition.replay;
  const base = definition.module;
  const names = scenario.seats;
  const frames: ReplayFrame[] = [];
  let pending: ReplayDecision[] = [];
  // The game's module, watching each decision: the answer given (or the rules' fallback) and the view asked on.
  const module = Object.create(base) as typeof base;
  module.askBot = (bot: unknown, request: DecisionRequest, view: unknown, state: unknown, random: never): Asked<unknown> => {
    const text = viewText(view);
    const asked = base.askBot(bot, request, view, state, random) as Asked<unknown>;
    pending.push({
      seat: request.seat,
      kind: request.kind,
      text: hooks ? hooks.decision(request, asked.answer, state, names) : `${request.kind}: ${viewText(asked.answer, 300)}`,
      view: text,
      fault: asked.fault ? `${asked.fault.reason}: ${asked.fault.message}` : null,
    });
    return asked;
  };
  const played = playOne(scenario, index, {
    seed,
    trace: true,
    module,
    onState: (state) => {
      const next = base.pending(state).kind === 'terminal' ? null : definition.decisionPlace(state);
      frames.push({ step: hooks ? hooks.step(state) : frames.length, board: hooks ? hooks.board(state, names) : '', decisions: pending, next });
      pending = [];
    },
  });
  return { frames, record: definition.record(played.final), faults: played.faults };
}
