/**
 * `goldpit tournament ... --replay G` prints the game the tournament recorded: the same final gold,
 * winners, ending, length and faults as its row of games.csv — also for a game in which the hang
 * watchdog stopped a bot (the replay benches it at the same bot call instead of running it into its
 * endless loop again; without --bench it finds the hang in a worker first). The replays of hung games
 * run as child processes with a timeout, so a replay that hangs fails the test instead of blocking the run.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { capture } from '../helpers/io.js';
import { tournamentSpec, type TournamentArgs } from '../../src/cli/tournament.js';
import type { TournamentSummary } from '../../src/report/tournament.js';
import { placeOf, playTournamentGame, resolveWith } from '../../src/sim/tournament.js';
import { tempDir } from '../helpers/temp.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BOTS = join(ROOT, 'test/tournament/bots');
const tmp = () => tempDir('goldpit-replay-');

type Row = Record<string, string>;
/** games.csv as rows by column name (fields are plain or double-quoted, none spans lines). */
function gamesCsv(dir: string): Row[] {
  const split = (line: string) =>
    [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => (m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]));
  const [head, ...lines] = readFileSync(join(dir, 'games.csv'), 'utf8').trimEnd().split('\n');
  const names = split(head);
  return lines.map((l) => Object.fromEntries(split(l).map((v, i) => [names[i], v])));
}

/** What a replay's story says about the end of the game, next to the same facts from games.csv. */
function storyFacts(story: string) {
  const result = /^Result: (.*) (?:wins|share the win): (.*)\. Final gold ([\d/]+)\.$/m.exec(story);
  expect(result, story.slice(-400)).not.toBeNull();
  const [, who, how, gold] = result!;
  return {
    gold,
    winners: [...who.matchAll(/seat (\d+)/g)].map((m) => m[1]).join(' '),
    endedBy: how.includes('(the race)') ? 'race' : 'clock',
    rounds: /round (\d+)/.exec(how)![1],
    faults: story.split('\n').filter((l) => l.startsWith('FAULT ')),
  };
}

function csvFacts(row: Row, players: number) {
  return {
    gold: Array.from({ length: players }, (_, s) => row[`score_seat_${s}`]).join('/'),
    winners: row.winners,
    endedBy: row.ended_by,
    rounds: row.rounds,
  };
}

describe('--replay of a game in which the watchdog stopped a hung bot', () => {
  it('prints the game the tournament recorded, the hang as a FAULT line at the bot call the watchdog stopped, without hanging', async () => {
    const out = tmp();
    const bots = [`${BOTS}/hangs.ts`, 'greedy', 'cooperative', 'betrayer'].join(',');
    // Untimed decisions and a 1 s hang limit: only the endless loop can reach the limit.
    const args = ['tournament', '--bots', bots, '--deals', '1', '--seed', 'bench', '--bot-timeout', '0', '--hang-limit', '1000'];
    expect(await runCli([...args, '--workers', '1', '--bootstrap', '20', '--out', out, '--quiet'], capture())).toBe(0);
    const summary: TournamentSummary = JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8'));
    const hangs = summary.faults.find((f) => f.bot === 'hangs')!;
    expect(hangs.hung).toBe(4); // one stop in each of the 4 games (every rotation of the deal)
    expect(hangs.first.replay).toMatch(/ --hang-limit 1000 --replay 0 --bench \d@\d+$/);
    const prefix = hangs.first.replay.replace(/ 0 --bench \S+$/, '');
    const rows = gamesCsv(out);
    expect(rows.length).toBe(4);

    // The bot call at which `hangs` first runs commitUpgrade, found without the watchdog: the game
    // is played in this thread with that seat never asked in a meeting turn (its commitUpgrade is
    // asked on its first meeting turn, when it has laid no card yet), so nothing can hang.
    const { spec, factories } = await tournamentSpec({
      bots,
      players: 4,
      lineups: 'all',
      deals: 1,
      seed: 'bench',
      'bot-timeout': 0,
      'hang-limit': 1000,
      bootstrap: 2,
      rating: 'order',
      'deals-per-task': 1,
      json: false,
      quiet: true,
    } satisfies TournamentArgs);
    const t = resolveWith(spec, factories);

    for (const row of rows) {
      const g = Number(row.game);
      const seat = placeOf(spec, g).seats.indexOf(0); // entrant 0 = hangs
      let firstMeetingTurn = -1;
      playTournamentGame(t, g, {
        guard: {
          before(s, decision, request) {
            if (s !== seat || request !== 'meeting-turn') return true;
            if (firstMeetingTurn < 0) firstMeetingTurn = decision;
            return false;
          },
          after() {},
        },
      });
      expect(firstMeetingTurn).toBeGreaterThanOrEqual(4); // after the 4 continent choices of round 1
      expect(row.benched).toBe(`${seat}@${firstMeetingTurn}`);

      const command = g === 0 ? hangs.first.replay : `${prefix} ${g} --bench ${row.benched}`;
      // The printed command starts with `npx goldpit`; run the same arguments on bin/goldpit.js.
      expect(command.startsWith('npx goldpit ')).toBe(true);
      const replay = (line: string) =>
        spawnSync(process.execPath, [join(ROOT, 'bin/goldpit.js'), ...line.split(' ').slice(2)], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      const run = replay(command);
      expect(run.error, `replay of game ${g} did not finish`).toBeUndefined();
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const story = storyFacts(run.stdout);
      expect({ ...story, faults: undefined }, `game ${g}`).toEqual({ ...csvFacts(row, 4), faults: undefined });
      expect(story.faults.length).toBe(Number(row.faults));
      // Its only fault: the hang, in the first meeting of the game, at the call found above.
      expect(story.faults.filter((f) => f.startsWith(`FAULT seat ${seat} `))).toEqual([
        expect.stringMatching(
          new RegExp(
            `^FAULT seat ${seat} \\(hangs\\) in round 1, meeting t\\d+ \\(meeting-turn, bot call ${firstMeetingTurn}\\): hung: did not return within the 1000 ms hang limit \\(bot call ${firstMeetingTurn} of the game\\); stopped, and the seat played on by the rules' fallback$`,
          ),
        ),
      ]);
      if (g === 1) {
        // Without --bench the replay finds the hang itself: the game runs first in a worker under
        // the watchdog; the story is the same, with a note on stderr.
        const unbenched = replay(`${prefix} ${g}`);
        expect(unbenched.error, 'replay without --bench did not finish').toBeUndefined();
        expect(unbenched.status).toBe(0);
        expect(unbenched.stdout).toBe(run.stdout);
        expect(unbenched.stderr).toBe(
          `seat ${seat} (hangs) did not return within the 1000 ms hang limit at bot call ${firstMeetingTurn}: benched from there on, as the tournament did (add --bench ${row.benched} to skip the wait)\n`,
        );
      }
    }
  }, 120_000);

  it('rejects a malformed --bench, and --bench without --replay', async () => {
    const base = ['tournament', '--bots', 'greedy,cooperative,betrayer,reciprocal', '--deals', '1'];
    for (const [bench, message] of [
      ['2', 'expected SEAT@CALL'],
      ['4@6', 'seat 4 does not exist'],
      ['1@6,1@9', 'seat 1 is benched twice'],
    ]) {
      const io = capture();
      expect(await runCli([...base, '--replay', '0', '--bench', bench], io)).toBe(2);
      expect(io.stderr).toContain(message);
    }
    const io = capture();
    expect(await runCli([...base, '--bench', '1@6', '--quiet', '--out', tmp()], io)).toBe(2);
    expect(io.stderr).toContain('--bench applies only to --replay');
  });
});

describe('--replay of games without a hang', () => {
  it('prints for every game the final gold, winners, ending, length and fault count of its games.csv row', async () => {
    const out = tmp();
    const args = [
      'tournament',
      '--bots',
      `${BOTS}/throws.ts,greedy,cooperative,betrayer,reciprocal`,
      '--players',
      '5',
      '--deals',
      '1',
      '--seed',
      'plain',
      '--bot-timeout',
      '0',
    ];
    expect(await runCli([...args, '--workers', '1', '--bootstrap', '20', '--out', out, '--quiet'], capture())).toBe(0);
    const rows = gamesCsv(out);
    expect(rows.length).toBe(5);
    expect(rows.some((r) => Number(r.faults) > 0)).toBe(true);
    for (const row of rows) {
      expect(row.benched).toBe('');
      const io = capture();
      expect(await runCli([...args, '--replay', row.game], io)).toBe(0);
      const story = storyFacts(io.stdout);
      expect({ ...story, faults: undefined }, `game ${row.game}`).toEqual({ ...csvFacts(row, 5), faults: undefined });
      expect(story.faults.length).toBe(Number(row.faults));
      for (const f of story.faults)
        expect(f).toMatch(/^FAULT seat \d \(throws\) in round \d+, (continents \(continent|meeting t\d+ \(meeting-turn), bot call \d+\): threw: boom in /);
    }
  });
});
