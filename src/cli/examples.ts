/** Each command's `--help` ends with its examples (src/games/cli-examples.ts: they name shipped scenarios and games). */
import type { Argv } from 'yargs';
import { CLI_EXAMPLES as EXAMPLES } from '../games/registry.js';

/** A command's builder that also gives the command its examples. */
export function ex<T, U>(command: string, builder: (y: Argv<T>) => Argv<U>): (y: Argv<T>) => Argv<U> {
  return (y) => (EXAMPLES[command] ?? []).reduce((acc, [cmd, what]) => acc.example(cmd, what), builder(y));
}
