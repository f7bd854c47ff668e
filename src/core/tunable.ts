/**
 * Tunables: the numbers (and choices) of a scenario that a designer may turn, each with the range to
 * explore. A game declares them (`GameDefinition.tunables`) from its params file's declared ranges
 * and from the fields of its cards section that it marks `tunable`; `goldpit sensitivity
 * --all-params` (and `--all-rules`) screens all of them at once. A tunable is exactly what a
 * `--vary path=values` says, so it goes through the scenario parser like any sweep value.
 */

/** Where a tunable lives: a balance number of `params`, a number of a card in the scenario's cards section, or a rules option. */
export type TunableGroup = 'params' | 'cards' | 'rules';

export interface Tunable {
  /** The scenario path, as `--vary` takes it: `params.fine`, `eventCards.subsidy.amount`, `rules.penaltySink`. */
  readonly path: string;
  /** The values to explore, as `--vary` writes them: `0..6`, `0..0.3:0.1`, `bank,continent`. */
  readonly values: string;
  readonly group: TunableGroup;
  /** What it is, in a few words, with the rules section it comes from. */
  readonly about: string;
  /**
   * A whole object or list the path lies in, written into the scenario first when the file does not
   * give it (e.g. Goldrausch's wheel, which a scenario gives whole, or My Gold Mine's nugget list):
   * then varying one entry keeps the others at the scenario's values.
   */
  readonly within?: { readonly path: string; readonly value: unknown };
}

/** How far around a card's own value a designer explores it: whole-number steps below and above, or a share of the value; clamped to [min, max]. */
export interface Spread {
  readonly below?: number;
  readonly above?: number;
  /** ± this share of the value (rounded to whole numbers, at least 1). */
  readonly relative?: number;
  readonly min: number;
  readonly max: number;
}

/**
 * The `--vary` range of whole numbers around `value`: `value − below .. value + above` (or ± the
 * relative share, at least 1), clamped to [min, max]; `null` when that leaves a single value.
 *
 * @example rangeAround(2, { below: 2, above: 2, min: 0, max: 100 }) // '0..4'
 * @example rangeAround(28, { relative: 0.5, min: 0, max: 1000 })   // '14..42'
 */
export function rangeAround(value: number, spread: Spread): string | null {
  const share = spread.relative === undefined ? 0 : Math.max(1, Math.round(spread.relative * Math.abs(value)));
  const lo = Math.max(spread.min, value - (spread.below ?? share));
  const hi = Math.min(spread.max, value + (spread.above ?? share));
  return hi > lo ? `${lo}..${hi}` : null;
}

/** A list of choices as `--vary` writes it: `bank,continent`, `false,true`, `3,1,5`. */
export function choiceList(values: readonly (string | number | boolean)[]): string {
  return values.map(String).join(',');
}
