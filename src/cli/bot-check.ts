/**
 * What `goldpit check-bot` checks besides the faults of play: that a TypeScript bot file type-checks
 * (the project's `npx tsc` does not include a file written by `new-bot`), and that the bot's
 * decisions replay identically from the same seed (a bot that uses Math.random() or the clock
 * cannot be replayed, and its tournament results cannot be reproduced).
 */
import { dirname, join, relative, resolve } from 'node:path';
import { packageRoot } from '../core/package.js';
import type { BotFactory } from '../core/definition.js';
import { playTournamentRange, resolveWith, type TournamentGame, type TournamentSpec } from '../sim/tournament.js';

/**
 * Type-checks a bot file with the TypeScript compiler goldpit depends on, with the project's strict
 * options. Module settings follow how goldpit runs bot files (as ES modules, imports resolved like
 * a bundler: `./helper.js` may name helper.ts), so a bot outside the project checks the same.
 * Returns one line per error in the bot's own files ("file:line:column: message"); errors inside
 * goldpit's sources are not the bot writer's to fix and are left out.
 */
export async function typeCheckBot(file: string): Promise<string[]> {
  const ts = (await import('typescript')).default;
  const root = packageRoot();
  const options: import('typescript').CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    strict: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    // @types/node of goldpit's own install, wherever the bot file lives; `goldpit/…` imports are
    // goldpit's own sources (the package exports' types), wherever the bot file lives.
    ...(root !== null ? { typeRoots: [join(root, 'node_modules', '@types')], paths: { 'goldpit/*': [join(root, '*')] } } : {}),
  };
  const program = ts.createProgram([resolve(file)], options);
  const ours = root === null ? null : join(root, 'src');
  const lines: string[] = [];
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.category !== ts.DiagnosticCategory.Error) continue;
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
    if (d.file && ours !== null && !relative(ours, d.file.fileName).startsWith('..')) continue;
    const name = d.file ? relative(process.cwd(), d.file.fileName) || d.file.fileName : dirname(file);
    lines.push(`${name}${where ? `:${where.line + 1}:${where.character + 1}` : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  }
  return lines;
}

/** What must be equal when a game is played again from its seed (everything but timing). */
function replayable(g: TournamentGame): string {
  return JSON.stringify({
    ranks: g.ranks,
    scores: g.scores,
    winners: g.winners,
    endedBy: g.endedBy,
    length: g.length,
    counters: g.counters,
    faults: g.faults.map((f) => [f.seat, f.decision, f.reason, f.message]),
  });
}

/**
 * Plays `games` again in this thread and compares them with the tournament's: the first game that
 * differs, or null. Games with a timeout or a hung bot are skipped (their course depends on time).
 */
export function firstReplayDifference(
  spec: TournamentSpec,
  factories: readonly BotFactory<unknown>[],
  games: readonly TournamentGame[],
): { game: TournamentGame; again: TournamentGame } | null {
  const resolved = resolveWith(spec, factories);
  for (const g of games) {
    const timed = (x: TournamentGame) => x.faults.some((f) => f.reason === 'timeout' || f.reason === 'hung');
    if (timed(g)) continue;
    const [again] = playTournamentRange(resolved, g.game, g.game + 1, [], null);
    if (!timed(again) && replayable(again) !== replayable(g)) return { game: g, again };
  }
  return null;
}
