/**
 * Reads a scenario's (or fixture's) `rules`, `params` and `components` section into a
 * `GreenDealConfig`, with errors that name the file, the field, the value and what was expected
 * (unknown keys get a did-you-mean hint).
 */
import { InputError } from '../../core/errors.js';
import { expectKnownKeys, expectObject, expectOneOf, isObject, show, type Where } from '../../core/validate.js';
import { parseComponents } from './components.js';
import { applyComponentOverrides } from './overrides.js';
import { DEFAULT_PARAMS, DEFAULT_RULES, RULES_CHOICES, type GameParams, type GreenDealConfig, type RulesOptions } from './params.js';

export function parseRules(where: Where, raw: unknown): RulesOptions {
  if (raw === undefined) return DEFAULT_RULES;
  const obj = expectObject(where, 'rules', raw);
  expectKnownKeys(where, 'rules', obj, Object.keys(DEFAULT_RULES));
  const out: Record<string, unknown> = { ...DEFAULT_RULES };
  for (const [key, value] of Object.entries(obj)) {
    out[key] = expectOneOf(where, `rules.${key}`, value, RULES_CHOICES[key as keyof typeof RULES_CHOICES] as readonly unknown[]);
  }
  return Object.freeze(out) as unknown as RulesOptions;
}

export function parseParams(where: Where & { dir: string }, raw: unknown): GameParams {
  if (raw === undefined) return DEFAULT_PARAMS;
  const obj = expectObject(where, 'params', raw);
  expectKnownKeys(where, 'params', obj, Object.keys(DEFAULT_PARAMS));
  if (obj.components === undefined) return DEFAULT_PARAMS;
  return { components: parseComponents(where, 'params.components', obj.components) };
}

/** The scenario sections Green Deal reads besides rules and params (GameDefinition.scenarioSections). */
export const SCENARIO_SECTIONS = ['components'] as const;

export function parseGreenDealConfig(
  raw: { rules?: unknown; params?: unknown; players?: number; sections?: Readonly<Record<string, unknown>> },
  where: Where & { dir: string },
): GreenDealConfig {
  if (raw.params !== undefined && !isObject(raw.params)) throw new InputError(where.file, 'params', `expected an object, got ${show(raw.params)}`);
  const rules = parseRules(where, raw.rules);
  const params = parseParams(where, raw.params);
  const { components, changed } = applyComponentOverrides(where, raw.sections?.components, params.components);
  if (raw.players !== undefined) checkPlayers(where, components, raw.players);
  if (changed.length === 0) return { rules, params };
  return { rules, params: { components }, changedCards: changed };
}

/** What a player count needs of the components (5 players: enough PR chips is not needed, start cells are). */
function checkPlayers(where: Where, c: GreenDealConfig['params']['components'], players: number): void {
  if (players < 3 || players > 5) return; // the scenario's own check names the range
  const cells = c.startCells[players - 3].length;
  if (cells < players)
    throw new InputError(where.file, `components.map.start.${players}`, `expected at least ${players} start cells for ${players} players, got ${cells}`);
}
