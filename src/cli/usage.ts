/**
 * Usage helpers that yargs does not give in our words: "did you mean" for a mistyped command, and
 * the text a user typed for a number option that is not a number (yargs turns `--games abc` into NaN).
 */

/** Levenshtein distance (insertions, deletions, substitutions each cost 1). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length];
}

/**
 * The command the user probably meant by `word`: the nearest by edit distance, if it is within a
 * third of the longer word (at least 1 edit), or a command that starts with `word`; else null.
 */
export function suggestCommand(word: string, commands: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of commands) {
    const d = editDistance(word.toLowerCase(), c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  if (best !== null && bestDistance <= Math.max(1, Math.floor(Math.max(word.length, best.length) / 3))) return best;
  return commands.find((c) => word.length >= 2 && c.startsWith(word.toLowerCase())) ?? null;
}

/**
 * For parsed arguments where a number option came out NaN: "--games must be a number, got "abc""
 * with the text as typed (found in argv as `--games abc` or `--games=abc`); null when all are numbers.
 */
export function numberArgumentProblem(argv: readonly string[], parsed: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(parsed)) {
    if (key.includes('-') === false && /[A-Z]/.test(key)) continue; // yargs' camelCase alias of a dashed option
    const values = Array.isArray(value) ? value : [value];
    if (!values.some((v) => typeof v === 'number' && Number.isNaN(v))) continue;
    const flag = key.length === 1 ? `-${key}` : `--${key}`;
    let typed: string | undefined;
    for (let i = 0; i < argv.length && typed === undefined; i++) {
      if (argv[i] === flag) typed = argv[i + 1];
      else if (argv[i].startsWith(`${flag}=`)) typed = argv[i].slice(flag.length + 1);
    }
    return `${flag} must be a number, got ${typed === undefined ? 'no value' : JSON.stringify(typed)}`;
  }
  return null;
}
