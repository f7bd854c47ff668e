/**
 * A scenario's data sets — the game's `facts(config).dataIds` (a deck, a components set) — with
 * the note a page shows beside a placeholder (`presentation.placeholders`), so that every page that
 * names a scenario says whose numbers it played: the run report, the tournament, sweep and balance.
 */
import type { AnyGameDefinition } from '../core/definition.js';
import { esc } from './html.js';

export interface DataIdFact {
  /** The key of `dataIds` (`deckId` is the game's main data set). */
  readonly key: string;
  readonly id: string;
  /** The placeholder note, when the data set is one (e.g. invented numbers, not the publisher's). */
  readonly placeholder?: string;
}

export function dataIdFacts(definition: AnyGameDefinition, config: unknown): DataIdFact[] {
  const placeholders = definition.presentation.placeholders;
  return Object.entries(definition.facts(config).dataIds)
    .filter(([, id]) => id !== '')
    .map(([key, id]) => (Object.hasOwn(placeholders, id) ? { key, id, placeholder: placeholders[id] } : { key, id }));
}

/** A page's facts rows: `deck` (or the id's key) → the id in code, its placeholder note beside it. */
export function dataIdRows(facts: readonly DataIdFact[]): [string, string][] {
  return facts.map((f) => [
    f.key === 'deckId' ? 'deck' : esc(f.key),
    `<code>${esc(f.id)}</code>${f.placeholder === undefined ? '' : `<span class="note">${esc(f.placeholder)}</span>`}`,
  ]);
}
