/**
 * `goldpit tournament` and `goldpit check-bot`: wiring only (`new-bot` is in new-bot.ts).
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { timedBotsOf } from '../core/bots.js';
import { InputError, UsageError } from '../core/errors.js';
import { GOLDPIT } from '../core/package.js';
import { DEFAULT_GAME, GAMES } from '../games/registry.js';
import { guardCheckpoint, prepareOutputFolder } from './outputs.js';
import { loadTournamentCheckpoint, saveTournamentCheckpoint, TOURNAMENT_CHECKPOINT, tournamentKey } from '../sim/tournament-checkpoint.js';
import { describeStop, stopExitCode, stoppableBySignals } from './signals.js';
import { workerCount } from './workers.js';
import type { RunFacts } from '../report/html.js';
import { reportGameOf } from '../report/summary.js';
import { summarizeTournament, type TournamentSummary } from '../report/tournament.js';
import { tournamentTable, writeTournamentOutputs } from '../report/tournament-write.js';
import { isBotFile, resolveEntrants } from '../sim/bot-files.js';
import { Progress } from '../sim/progress.js';
import { loadScenario } from '../sim/scenario.js';
import {
  benchesOf,
  combinations,
  formatBenches,
  gameCount,
  parseBenches,
  placeOf,
  playTournamentGame,
  replayArguments,
  resolveWith,
  scheduleLineups,
  tournamentGuard,
  type Benched,
  type TournamentGame,
  type TournamentSpec,
} from '../sim/tournament.js';
import { runTournament } from '../sim/tournament-pool.js';
import type { AnyGameDefinition } from '../core/definition.js';
import { firstReplayDifference, typeCheckBot } from './bot-check.js';
import { queueExecutor, queueOptions } from './worker.js';

interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readonly errIsTty: boolean;
}

/** `--game` of tournament, new-bot and check-bot (commands with a scenario take the game from it). */
export const GAME_OPTION = {
  type: 'string',
  default: DEFAULT_GAME,
  describe: `the game: ${Object.keys(GAMES).join(', ')}`,
} as const;

/** The game named by `--game` (a usage error with the list of games otherwise). */
export function gameNamed(id: string): AnyGameDefinition {
  if (!Object.hasOwn(GAMES, id)) throw new UsageError(`--game must be one of ${Object.keys(GAMES).join(', ')}; got ${JSON.stringify(id)}`);
  return GAMES[id];
}

/** The default tournament (no --bots): every built-in bot, the game's player count, every line-up, this many deals. */
export const DEFAULT_DEALS = 20;
export const DEFAULT_BOT_TIMEOUT_MS = 5000;
export const DEFAULT_HANG_LIMIT_MS = 30_000;

export function tournamentOptions<T>(y: Argv<T>) {
  return queueOptions(y)
    .option('game', {
      ...GAME_OPTION,
      default: undefined,
      describe: `the game (default: the --scenario's, else ${DEFAULT_GAME}): ${Object.keys(GAMES).join(', ')}`,
    })
    .option('bots', { type: 'string', describe: 'comma-separated built-in names and bot files (./my-bot.ts); default: every built-in bot' })
    .option('players', { type: 'number', describe: "seats per game (default: the game's usual count)" })
    .option('lineups', { type: 'string', default: 'all', describe: '"all" line-ups (combinations of bots), or N: a random sample of N' })
    .option('deals', { type: 'number', default: DEFAULT_DEALS, describe: 'deals per line-up; each deal is played in every seat rotation' })
    .option('seed', { type: 'string', default: 'goldpit', describe: 'tournament seed' })
    .option('scenario', { type: 'string', describe: 'take the rules and parameters from this scenario file (its bots and games are ignored)' })
    .option('bot-timeout', {
      type: 'number',
      default: DEFAULT_BOT_TIMEOUT_MS,
      describe: "per-decision time budget in ms (over it: a timeout fault, played by the rules' fallback); 0 = untimed",
    })
    .option('hang-limit', {
      type: 'number',
      default: DEFAULT_HANG_LIMIT_MS,
      describe: 'a decision running this long (ms) is stopped: its worker is terminated and the bot benched; 0 = never',
    })
    .option('bootstrap', { type: 'number', default: 1000, describe: 'bootstrap resamples of the deals for the rating intervals' })
    .option('rating', {
      type: 'string',
      default: 'order',
      choices: ['order', 'winner'],
      describe: "rate on each game's finishing order, or on the winner only",
    })
    .option('replay', { type: 'number', describe: 'print the full story of game G of this tournament instead of running it' })
    .option('bench', {
      type: 'string',
      describe:
        'with --replay: SEAT@CALL,… bots the hang watchdog stopped in that game (the printed replay command carries it), benched from that bot call on as in the tournament',
    })
    .option('out', { type: 'string', describe: 'output folder (default: reports/tournament/)' })
    .option('workers', { type: 'number', describe: `worker threads (default: all ${availableParallelism()} cores; 0 = this thread, without hang protection)` })
    .option('deals-per-task', { type: 'number', default: 4, describe: 'deals per unit of work sent to a worker' })
    .option('resume', {
      type: 'boolean',
      default: false,
      describe: 'continue a stopped tournament from its checkpoint in the output folder (the same files as an unstopped one)',
    })
    .option('fresh', { type: 'boolean', default: false, describe: 'delete a checkpoint found in the output folder and start over' })
    .option('checkpoint-every', { type: 'number', default: 5, describe: 'seconds between checkpoints' })
    .option('json', { type: 'boolean', default: false, describe: 'print tournament.json on stdout instead of the table' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress and no table on stdout' });
}

export interface TournamentArgs {
  game?: string;
  bots?: string;
  players?: number;
  lineups: string;
  deals: number;
  seed: string;
  scenario?: string;
  'bot-timeout': number;
  'hang-limit': number;
  bootstrap: number;
  rating: string;
  replay?: number;
  bench?: string;
  out?: string;
  workers?: number;
  'deals-per-task': number;
  resume?: boolean;
  fresh?: boolean;
  'checkpoint-every'?: number;
  json: boolean;
  queue?: string;
  'queue-name'?: string;
  'queue-timeout'?: number;
  quiet: boolean;
}

function nonNegativeInt(name: string, v: number): number {
  if (!Number.isInteger(v) || v < 0) throw new UsageError(`--${name} must be an integer ≥ 0, got ${v}`);
  return v;
}
function positiveInt(name: string, v: number): number {
  if (!Number.isInteger(v) || v < 1) throw new UsageError(`--${name} must be a positive integer, got ${v}`);
  return v;
}

/** Parses and checks the arguments into a spec (bot files are loaded and checked here). */
export async function tournamentSpec(args: TournamentArgs) {
  // The game: the scenario's when there is one (and --game, if given, must agree), else --game.
  const scenario = args.scenario !== undefined ? loadScenario(args.scenario) : null;
  if (scenario && args.game !== undefined && args.game !== scenario.game) {
    throw new InputError(
      args.scenario!,
      'game',
      `the scenario plays "${scenario.game}", but --game says "${args.game}"; drop --game or pick a scenario of that game`,
    );
  }
  const GAME = scenario ? scenario.game : (args.game ?? DEFAULT_GAME);
  const definition = gameNamed(GAME);
  // The default field: every built-in bot but the costly searches (named with --bots, they enter too).
  const items = (args.bots ?? defaultField(definition).join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new UsageError('--bots: name at least two bots, e.g. --bots greedy,cooperative,./my-bot.ts');
  const { refs, factories } = await resolveEntrants(items, definition);
  const players = args.players ?? definition.tournament.players;
  if (!Number.isInteger(players) || players < definition.module.minPlayers || players > definition.module.maxPlayers) {
    throw new UsageError(`--players must be ${definition.module.minPlayers} to ${definition.module.maxPlayers} for ${GAME}, got ${players}`);
  }
  if (refs.length < players) {
    throw new UsageError(
      `--bots: ${refs.length} bots cannot fill ${players} seats; a line-up is ${players} different bots, so add built-in bots (e.g. --bots ${[...items, ...defaultField(definition).filter((b) => !refs.some((r) => r.name === b))].slice(0, players).join(',')})`,
    );
  }
  const lineupsArg = args.lineups.trim();
  let sample: number | 'all';
  if (lineupsArg === 'all') sample = 'all';
  else if (/^\d+$/.test(lineupsArg) && Number(lineupsArg) >= 1) sample = Number(lineupsArg);
  else throw new UsageError(`--lineups must be "all" or a positive number of line-ups to sample, got ${JSON.stringify(args.lineups)}`);
  const deals = positiveInt('deals', args.deals);
  const botTimeout = nonNegativeInt('bot-timeout', args['bot-timeout']);
  const hangLimit = nonNegativeInt('hang-limit', args['hang-limit']);
  if (hangLimit > 0 && botTimeout > 0 && hangLimit < botTimeout) {
    throw new UsageError(
      `--hang-limit (${hangLimit} ms) must be at least --bot-timeout (${botTimeout} ms): a slow decision is a timeout fault, only one that never returns is stopped`,
    );
  }
  const bootstrap = positiveInt('bootstrap', args.bootstrap);
  if (bootstrap < 2) throw new UsageError(`--bootstrap must be at least 2, got ${bootstrap}`);
  let rules: unknown;
  let params: unknown;
  let configFile = '(defaults)';
  if (scenario) {
    const portable = scenario.portable as { rules?: unknown; params?: unknown };
    rules = portable.rules;
    params = portable.params;
    configFile = scenario.file;
  }
  const possible = combinations(refs.length, players).length;
  const spec: TournamentSpec = {
    game: GAME,
    rules,
    params,
    configFile,
    players,
    entrants: refs,
    lineups: scheduleLineups(refs.length, players, sample, args.seed),
    deals,
    seed: args.seed,
    botTimeoutMs: botTimeout === 0 ? null : botTimeout,
    hangLimitMs: hangLimit,
  };
  const replayCommand = [
    `${GOLDPIT} tournament`,
    ...(GAME !== DEFAULT_GAME && args.scenario === undefined ? [`--game ${GAME}`] : []),
    `--bots ${items.join(',')}`,
    `--players ${players}`,
    `--lineups ${lineupsArg}`,
    `--deals ${deals}`,
    `--seed ${/^[\w.-]+$/.test(args.seed) ? args.seed : JSON.stringify(args.seed)}`,
    ...(args.scenario !== undefined ? [`--scenario ${args.scenario}`] : []),
    ...(botTimeout !== DEFAULT_BOT_TIMEOUT_MS ? [`--bot-timeout ${botTimeout}`] : []),
    // The hang limit is in the text of a hung fault, so the replay states it too.
    ...(hangLimit !== DEFAULT_HANG_LIMIT_MS ? [`--hang-limit ${hangLimit}`] : []),
    '--replay',
  ].join(' ');
  return {
    spec,
    factories,
    items,
    possible,
    replayCommand,
    sources: items.map((item, i) => ({ name: refs[i].name, source: isBotFile(item) ? item : 'built-in' })),
  };
}

export async function commandTournament(io: CliIo, args: TournamentArgs, argv: readonly string[] = []): Promise<number> {
  const { spec, factories, possible, replayCommand, sources } = await tournamentSpec(args);
  const workers = workerCount(io.err, args.workers);
  const resolved = resolveWith(spec, factories);

  if (args.replay !== undefined) {
    const game = args.replay;
    const total = gameCount(spec);
    if (!Number.isInteger(game) || game < 0 || game >= total) throw new UsageError(`--replay must be a game index from 0 to ${total - 1}, got ${game}`);
    const place = placeOf(spec, game);
    const names = place.seats.map((e) => spec.entrants[e].name);
    const given = args.bench === undefined ? [] : parseBenches(args.bench, game, spec.players);
    if (typeof given === 'string') throw new UsageError(`--bench: ${given}`);
    let benched = given;
    if (workers > 0 && spec.hangLimitMs > 0 && spec.entrants.some((e) => e.file !== null)) {
      // A bot file may loop forever: play the game first in a worker under the tournament's
      // watchdog (from the given benches), and take its benches, so that the story below never
      // runs a hung bot into its hang in this thread.
      const [checked] = await runTournament(spec, factories, { workers: 1, dealsPerTask: 1, only: { from: game, to: game + 1, benched: given } });
      benched = benchesOf(checked);
      const found = benched.filter((b) => !given.some((g) => g.seat === b.seat && g.decision === b.decision));
      if (found.length > 0) {
        io.err(
          `${found.map((b) => `seat ${b.seat} (${names[b.seat]}) did not return within the ${spec.hangLimitMs} ms hang limit at bot call ${b.decision}`).join('; ')}: benched from there on, as the tournament did (add --bench ${formatBenches(benched)} to skip the wait)\n`,
        );
      }
    }
    // The same guard as the tournament's (benched seats are not asked from their hung call on), and
    // where the game stood at every bot call, to say where each fault happened.
    const bench = tournamentGuard(resolved, game, benched, null);
    let current: unknown = null;
    // The place as text at the time of the call: an in-place engine (GameModule.inPlace) has one
    // state object for the whole game, so keeping the state itself would name the final place.
    const placeAt: string[] = [];
    const played = playTournamentGame(resolved, game, {
      trace: true,
      onState: (s) => void (current = s),
      guard: {
        before(seat, decision, request) {
          placeAt[decision] = resolved.definition.decisionPlace(current);
          return bench ? bench.before(seat, decision, request) : true;
        },
        after() {},
      },
    });
    io.out(`Game ${game} of the tournament (seed ${JSON.stringify(spec.seed)}): line-up ${place.lineup}, deal ${place.deal}, rotation ${place.rotation}\n`);
    io.out(`${resolved.definition.story(played.final, names, played.faults)}\n`);
    for (const f of played.faults) {
      io.out(`FAULT seat ${f.seat} (${names[f.seat]}) in ${placeAt[f.decision]} (${f.request}, bot call ${f.decision}): ${f.reason}: ${f.message}\n`);
    }
    return 0;
  }
  if (args.bench !== undefined) throw new UsageError("--bench applies only to --replay G (it repeats the benches of that game's hung bots)");

  const hasFiles = spec.entrants.some((e) => e.file !== null);
  if (workers === 0 && hasFiles && spec.hangLimitMs > 0) {
    throw new UsageError(
      '--workers 0 plays in this thread, where a bot file that never returns cannot be stopped; use --workers 1 or more (the watchdog terminates a hung worker), or --hang-limit 0 to run bot files in this thread without that protection',
    );
  }
  const out = resolve(args.out ?? join('reports', 'tournament'));
  const total = gameCount(spec);
  const dealsPerTask = positiveInt('deals-per-task', args['deals-per-task']);
  const queue = queueExecutor(args, io.err, args.quiet || args.json);
  const checkpointEvery = args['checkpoint-every'] ?? 5;
  if (!(checkpointEvery > 0)) throw new UsageError(`--checkpoint-every must be a positive number of seconds, got ${checkpointEvery}`);
  if (args.resume && args.fresh) throw new UsageError('--resume and --fresh exclude each other: --resume continues the checkpoint, --fresh deletes it');
  prepareOutputFolder(out);
  // Like `run`: finished games go into a checkpoint every few seconds and when stopped; --resume
  // plays only the missing ones, and the files are those of an unstopped tournament.
  const checkpointFile = join(out, TOURNAMENT_CHECKPOINT);
  const again = guardCheckpoint(checkpointFile, 'tournament', argv, { resume: args.resume === true, fresh: args.fresh === true });
  const key = tournamentKey(resolved);
  const played = args.resume ? loadTournamentCheckpoint(checkpointFile, key, total) : [];
  const resumed = played.filter((g) => g !== undefined).length;
  const quiet = args.quiet || args.json;
  if (args.resume && !quiet) io.err(`resuming: ${resumed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} games taken from ${checkpointFile}\n`);
  const progress = new Progress(total, quiet ? 'none' : io.errIsTty ? 'bar' : 'lines', io.err, resumed);
  const started = Date.now();
  const onHang = hangHint(spec, replayCommand, workers, io);
  const { result: games, stoppedBy } = await stoppableBySignals((stop) =>
    runTournament(spec, factories, {
      workers,
      dealsPerTask,
      progress,
      onHang,
      queue,
      stop,
      checkpoint: { played, everyMs: checkpointEvery * 1000, save: (g) => saveTournamentCheckpoint(checkpointFile, key, g) },
    }),
  );
  const finished = games.filter((g) => g !== undefined).length;
  if (stoppedBy !== null && finished < total) {
    io.err(
      `\ninterrupted by ${describeStop(stoppedBy)} after ${finished} of ${total} games; ${finished > 0 ? `kept in ${checkpointFile}\nresume with: ${again}` : 'nothing to keep yet'}\n`,
    );
    return stopExitCode(stoppedBy);
  }
  const playSeconds = (Date.now() - started) / 1000;
  const summary = summarize(spec, resolved, games, sources, possible, replayCommand, args);
  const seconds = (Date.now() - started) / 1000;
  // A resumed tournament timed only the games it played now.
  const run: RunFacts = {
    wallSeconds: Number(seconds.toFixed(3)),
    workers,
    finishedAt: new Date().toISOString(),
    ...(resumed ? { timedGames: total - resumed } : {}),
    ...timedBotsOf(factories),
  };
  const files = writeTournamentOutputs(
    out,
    summary,
    games,
    spec.entrants.map((e) => e.name),
    run,
    reportGameOf(resolved.definition),
  );
  rmSync(checkpointFile, { force: true });
  if (args.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
  else if (!args.quiet) {
    io.out(`${tournamentTable(summary)}\n\n`);
    io.out(
      `${total - resumed} games in ${playSeconds.toFixed(1)} s (${((total - resumed) / playSeconds).toFixed(0)} games/s, ${workers} worker${workers === 1 ? '' : 's'})${resumed ? ` and ${resumed} from the checkpoint` : ''}, ratings ${(seconds - playSeconds).toFixed(1)} s; wrote ${files.length} files to ${out}\n`,
    );
  }
  return 0;
}

/**
 * A one-line hint on stderr the first time each bot hangs: every hang costs a worker the whole hang
 * limit, so a bot that hangs in every game makes a tournament very slow. Printing only: the games
 * and results are the same with or without it (and which hang is seen first may vary between runs).
 */
export function hangHint(spec: TournamentSpec, replayCommand: string, workers: number, io: Pick<CliIo, 'err'>): (hang: Benched) => void {
  const told = new Set<number>();
  const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;
  return (hang) => {
    const entrant = placeOf(spec, hang.game).seats[hang.seat];
    if (told.has(entrant)) return;
    told.add(entrant);
    const name = spec.entrants[entrant].name;
    const games = spec.lineups.filter((l) => l.includes(entrant)).length * spec.deals * spec.players;
    const worst = (games * spec.hangLimitMs) / Math.max(1, workers) / 1000;
    const about = worst < 120 ? `${Math.round(worst)} s` : worst < 7200 ? `${Math.round(worst / 60)} min` : `${(worst / 3600).toFixed(1)} h`;
    io.err(
      `goldpit: bot ${name} hung in game ${hang.game} (seat ${hang.seat}, bot call ${hang.decision}) and was stopped after the ${seconds(spec.hangLimitMs)} hang limit; ` +
        `each further hang costs another ${seconds(spec.hangLimitMs)} of a worker (hanging in all its ${games} games: about ${about} more with ${workers} worker${workers === 1 ? '' : 's'}); ` +
        `fix the bot (replay: ${replayCommand} ${hang.game} --bench ${hang.seat}@${hang.decision}) or lower --hang-limit\n`,
    );
  };
}

function summarize(
  spec: TournamentSpec,
  resolved: ReturnType<typeof resolveWith>,
  games: readonly TournamentGame[],
  sources: readonly { name: string; source: string }[],
  possible: number,
  replayCommand: string,
  args: TournamentArgs,
): TournamentSummary {
  const facts = resolved.definition.facts(resolved.config);
  return summarizeTournament(
    {
      game: spec.game,
      players: spec.players,
      seed: spec.seed,
      deals: spec.deals,
      lineupsPlayed: spec.lineups.length,
      lineupsPossible: possible,
      bots: sources,
      counters: resolved.definition.counters,
      botTimeoutMs: spec.botTimeoutMs,
      hangLimitMs: spec.hangLimitMs,
      deckId: facts.dataIds.deckId ?? '',
      changedRules: facts.changedRules,
      parameters: facts.resolved,
      replayCommand,
    },
    games,
    { winnerOnly: args.rating === 'winner', bootstrap: args.bootstrap },
  );
}

/** Quick check of a bot file: a small tournament against three built-in bots, in a worker (hang-safe). */
export async function commandCheckBot(
  io: CliIo,
  file: string,
  args: {
    deals: number;
    seed: string;
    workers?: number;
    'bot-timeout': number;
    'hang-limit': number;
    game?: string;
    typecheck?: boolean;
    json?: boolean;
    quiet?: boolean;
  },
): Promise<number> {
  if (!isBotFile(file)) throw new UsageError(`check-bot: expected a bot file (./my-bot.ts), got ${JSON.stringify(file)}`);
  if (existsSync(file) && statSync(file).isDirectory()) {
    throw new InputError(file, '', `it is a folder, not a file; name the bot file in it (e.g. ${join(file, 'my-bot.ts')})`);
  }
  const gameId = args.game ?? DEFAULT_GAME;
  const opponents = gameNamed(gameId).tournament.checkBotOpponents;
  const seats = opponents.length + 1;
  // Types first: `npx tsc` in the project does not see a bot file outside its include list.
  const typeErrors = args.typecheck !== false && /\.m?ts$/.test(file) && existsSync(file) ? await typeCheckBot(file) : [];
  // --json: one object at the end; --quiet: only the problems (the exit code says the rest).
  const say = (text: string, problem: boolean) => {
    if (!args.json && (problem || !args.quiet)) io.out(text);
  };
  const verdict = (result: Record<string, unknown>, code: number) => {
    if (args.json) io.out(`${JSON.stringify({ file, game: gameId, ...result, typeErrors }, null, 2)}\n`);
    return code;
  };
  for (const line of typeErrors) say(`TYPE ERROR ${line}\n`, true);
  const tArgs: TournamentArgs = {
    game: gameId,
    bots: `${file},${opponents.join(',')}`,
    players: seats,
    lineups: 'all',
    deals: args.deals,
    seed: args.seed,
    'bot-timeout': args['bot-timeout'],
    'hang-limit': args['hang-limit'],
    bootstrap: 2,
    rating: 'order',
    json: false,
    quiet: true,
    'deals-per-task': 1,
  };
  const { spec, factories, replayCommand } = await tournamentSpec(tArgs).catch(async (e: unknown) => {
    throw await withGameHint(e, file, gameId);
  });
  const workers = args.workers ?? 1;
  if (workers < 1) throw new UsageError('check-bot: --workers must be at least 1 (the bot runs in a worker, so that one that never returns can be stopped)');
  // A hang costs the hang limit each time, and a bot that hangs once mostly hangs again: stop at
  // the first one and say how to replay it, rather than wait out every hang of every game.
  const stop = new AbortController();
  const first: { hang: Benched | null } = { hang: null };
  const games = await runTournament(spec, factories, {
    workers,
    dealsPerTask: 1,
    stop: stop.signal,
    onHang: (hang) => {
      first.hang ??= hang;
      stop.abort();
    },
  });
  if (first.hang !== null) {
    const { game, seat, decision } = first.hang;
    const me = spec.entrants[0].name;
    const replay = `${replayCommand} ${game} --bench ${seat}@${decision}`;
    say(
      `FAULT hung: ${me} (${file}) did not return within the ${spec.hangLimitMs} ms hang limit in game ${game} (seat ${seat}, bot call ${decision}); ` +
        'check-bot stopped at this first hang (each one costs the whole hang limit)\n' +
        `  replay: ${replay}\n`,
      true,
    );
    return verdict({ hung: { game, seat, decision, hangLimitMs: spec.hangLimitMs, replay } }, 1);
  }
  // Played again in this thread from the same seeds, the first games must come out the same.
  const differs = firstReplayDifference(spec, factories, games.slice(0, REPLAYED_GAMES));
  const me = 0;
  const name = spec.entrants[me].name;
  let played = 0;
  let wins = 0;
  let position = 0;
  const faults = new Map<string, { count: number; game: number; request: string; message: string; replay: string }>();
  for (const g of games) {
    const seat = g.seats.indexOf(me);
    played++;
    if (g.winners.includes(seat)) wins += 1 / g.winners.length;
    position += g.ranks[seat] + 1;
    for (const f of g.faults) {
      if (f.seat !== seat) continue;
      const entry = faults.get(f.reason) ?? {
        count: 0,
        game: g.game,
        request: f.request,
        message: f.message,
        replay: `${replayCommand} ${replayArguments(g)}`,
      };
      entry.count++;
      faults.set(f.reason, entry);
    }
  }
  const against = opponents.length > 1 ? `${opponents.slice(0, -1).join(', ')} and ${opponents[opponents.length - 1]}` : opponents.join('');
  say(
    `${name} (${file}) played ${played} games against ${against}: won ${((100 * wins) / played).toFixed(1)}% (an equal share is ${((100 * 1) / seats).toFixed(0)}%), mean position ${(position / played).toFixed(2)} of ${seats}\n`,
    false,
  );
  if (faults.size === 0) say('no faults: every decision was legal and in time\n', false);
  for (const [reason, f] of faults) {
    say(`FAULT ${reason}: ${f.count} times; first in game ${f.game} (${f.request}): ${f.message}\n  replay: ${f.replay}\n`, true);
  }
  if (differs !== null) {
    const { game: g, again } = differs;
    say(
      `NONDETERMINISTIC: game ${g.game} ended differently when played again from its seed (scores ${g.scores.join('/')}, then ${again.scores.join('/')}; ` +
        `winners ${g.winners.join(',')}, then ${again.winners.join(',')}): a decision depends on something besides the seat view and the bot's random stream — ` +
        'Math.random(), Date.now() or state kept from game to game; draw randomness from the `random` stream that create(seat, random) receives\n' +
        `  replay: ${replayCommand} ${replayArguments(g)}\n`,
      true,
    );
  } else say(`deterministic: the first ${Math.min(REPLAYED_GAMES, games.length)} games replayed identically from their seeds\n`, false);
  if (typeErrors.length > 0)
    say(`${typeErrors.length} type error${typeErrors.length === 1 ? '' : 's'} in the bot file (the games ran on the code as written, types stripped)\n`, true);
  return verdict(
    {
      bot: name,
      opponents,
      games: played,
      winRate: wins / played,
      meanPosition: position / played,
      faults: [...faults].map(([reason, f]) => ({ reason, ...f })),
      deterministic: differs === null,
      ...(differs === null ? {} : { nondeterministicGame: differs.game.game, replay: `${replayCommand} ${replayArguments(differs.game)}` }),
    },
    faults.size > 0 || differs !== null || typeErrors.length > 0 ? 1 : 0,
  );
}

/**
 * A bot file that lacks its game's decisions may be a bot of another game: say which one it fits
 * (the first game whose bots it loads as), with the command that checks it there.
 */
async function withGameHint(e: unknown, file: string, gameId: string): Promise<unknown> {
  if (!(e instanceof InputError) || !/lacks/.test(e.message)) return e;
  for (const other of Object.keys(GAMES)) {
    if (other === gameId) continue;
    try {
      await resolveEntrants([file], GAMES[other]);
    } catch {
      continue;
    }
    return new InputError(e.file, e.field, `${e.problem}; it is a bot for ${other}: check it with \`${GOLDPIT} check-bot --game ${other} ${file}\``);
  }
  return e;
}

/** How many of check-bot's games are played again to test that the bot replays (a deal's rotations and more). */
const REPLAYED_GAMES = 8;

/** The built-in bots a tournament seats when --bots is not given: all but the costly searches (`BotFactory.costly`). */
export function defaultField(definition: AnyGameDefinition): string[] {
  return Object.keys(definition.builtinBots).filter((name) => definition.builtinBots[name].costly !== true);
}
