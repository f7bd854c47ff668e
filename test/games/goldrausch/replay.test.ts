/**
 * Goldrausch's replay page hooks (src/games/goldrausch/replay.ts) against the engine's own story
 * (story.ts, an independent reading of the same record): every message of every meeting appears on
 * the page in the story's order, a proposal names the seats that hear it (the others on its
 * continent, or the table), and each meeting turn's decision line says what the log then records.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario, loadScenario, type Scenario } from '../../../src/sim/scenario.js';
import { replayFrames } from '../../../src/sim/replay.js';
import { playOne } from '../../../src/sim/run.js';

const CONTINENTS = ['azul', 'rosso', 'veridia'];

/** Markup as the reader sees it: tags dropped, entities decoded. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The page's message lines of each resolved round (round → its meeting's lines, "tick t: …"). */
function pageMeetings(scenario: Scenario, game: number): Map<number, string[]> {
  const replayed = replayFrames(scenario, game, scenario.seed);
  const out = new Map<number, string[]>();
  for (const f of replayed.frames) {
    const m = /<h3>Round (\d+), resolved<\/h3>[\s\S]*?<ol class="messages">([\s\S]*?)<\/ol>/.exec(f.board);
    if (!m) continue;
    out.set(
      Number(m[1]),
      [...m[2].matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((li) => text(li[1])),
    );
  }
  return out;
}

/** The story's meetings: per round the seats' continents and the message lines ("t1 seat 1 (cooperative) PROPOSE …"). */
function storyMeetings(scenario: Scenario, game: number): Map<number, { at: string[]; lines: string[] }> {
  const played = playOne(scenario, game, { seed: scenario.seed, trace: true });
  const story = scenario.definition.story(played.final, scenario.seats, played.faults).split('\n');
  const out = new Map<number, { at: string[]; lines: string[] }>();
  let round = 0;
  let inMeeting = false;
  for (const line of story) {
    const r = /^Round (\d+) —/.exec(line);
    if (r) {
      round = Number(r[1]);
      out.set(round, { at: [], lines: [] });
      continue;
    }
    const at = /Phases 1–2 \(continents\): (.*)$/.exec(line);
    if (at) out.get(round)!.at = [...at[1].matchAll(/seat \d+ → (\w+)/g)].map((m) => m[1]);
    if (line.startsWith('  Phase 3')) inMeeting = true;
    else if (/^ {2}Phase [456]/.test(line)) inMeeting = false;
    else if (inMeeting && /^ {4}t\d+ /.test(line)) out.get(round)!.lines.push(line.trim());
  }
  return out;
}

/** What the page should say for one story line, given where the pawns stood (`table`: table-wide talk). */
function expected(line: string, at: readonly string[], table: boolean): RegExp | string {
  const m = /^t(\d+) (seat (\d+) \([^)]*\)) (.*)$/.exec(line)!;
  const [, tick, who, from, rest] = m;
  const head = `tick ${tick}: ${who}`;
  const heard = (continent: string) => {
    if (table) return 'to the table';
    const others = at.map((c, s) => (c === continent && s !== Number(from) ? `seat ${s}` : '')).filter(Boolean);
    return others.length ? `to ${others.join(', ')}` : '(nobody else is there)';
  };
  let p = /^PROPOSE (r\d+-[ARV]-\d+) on (\w+): upgrader (nobody|seat \d+)(; next: (.*))?$/.exec(rest);
  if (p) {
    const deal = p[3] === 'nobody' ? 'nobody upgrades' : `only ${p[3]} upgrades`;
    const next = p[5] ? `; then ${p[5].replace(/ → /g, ': ')}` : '';
    return `${head} proposes ${p[1]} on ${p[2]} ${heard(p[2])}: ${deal}${next}`;
  }
  p = /^(ACCEPT|REJECT) (r\d+-[ARV]-\d+)$/.exec(rest);
  if (p) return new RegExp(`^${literal(head)} ${p[1] === 'ACCEPT' ? 'accepts' : 'rejects'} ${p[2]} \\(seat \\d+'s: (nobody|only seat \\d+) upgrades`);
  p = /^PROMISE (GREEN|RED)( \((r\d+-[ARV]-\d+)\))?$/.exec(rest);
  if (p) {
    const action = p[1] === 'GREEN' ? 'to upgrade (green)' : 'not to upgrade (red)';
    return `${head} promises ${action}${p[3] ? ` under ${p[3]}` : ''} ${heard(at[Number(from)])}`;
  }
  if (rest === 'PASS') return `${head} passes (has nothing more to say)`;
  if (rest === 'laid an upgrade card') return `${head} lays an upgrade card face down`;
  p = /^GIFT (\d+) gold to seat (\d+)$/.exec(rest);
  if (p) return new RegExp(`^${literal(head)} gives ${p[1]} gold to seat ${p[2]} \\(`);
  throw new Error(`a story line this test does not know: ${line}`);
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function checkAgainstStory(scenario: Scenario, game: number, table: boolean): number {
  const page = pageMeetings(scenario, game);
  const story = storyMeetings(scenario, game);
  expect([...page.keys()]).toEqual([...story.keys()]);
  let messages = 0;
  for (const [round, { at, lines }] of story) {
    expect(at.every((c) => CONTINENTS.includes(c))).toBe(true);
    const shown = page.get(round)!;
    expect(shown, `round ${round}`).toHaveLength(lines.length);
    lines.forEach((line, k) => {
      const want = expected(line, at, table);
      if (typeof want === 'string') expect(shown[k], `round ${round}, message ${k + 1}`).toBe(want);
      else expect(shown[k], `round ${round}, message ${k + 1}`).toMatch(want);
    });
    messages += lines.length;
  }
  return messages;
}

describe("Goldrausch's replay page: the meeting", () => {
  it('shows every message of every meeting in order, and whom each proposal and promise reached (baseline)', () => {
    const scenario = loadScenario('scenarios/baseline.json');
    let total = 0;
    for (const game of [0, 3, 7]) total += checkAgainstStory(scenario, game, false);
    expect(total).toBeGreaterThan(50);
  });

  it('with table-wide talk, every proposal and promise reaches the table', () => {
    const scenario = parseScenario('table.json', {
      name: 'table',
      game: 'goldrausch',
      players: 5,
      seats: ['greedy', 'cooperative', 'betrayer', 'reciprocal', 'cooperative'],
      seed: 'replay-table',
      rules: { negotiationScope: 'table', allowGoldGifts: true },
    });
    expect(checkAgainstStory(scenario, 1, true)).toBeGreaterThan(10);
  });

  it("says in each meeting turn's decision what the meeting log then records, and draws the meeting as it stands", () => {
    const scenario = loadScenario('scenarios/baseline.json');
    const { frames } = replayFrames(scenario, 3, scenario.seed);
    let proposals = 0;
    for (let i = 1; i < frames.length; i++) {
      const f = frames[i];
      const d = f.decisions;
      if (d.length !== 1 || d[0].kind !== 'meeting-turn') continue;
      const m = /^proposes (r\d+-[ARV]-\d+) on (\w+) (to [^:]*): (.*)$/.exec(d[0].text);
      if (!m) continue;
      proposals++;
      // The frame after the turn: its meeting panel lists the proposal, in the same words, said by that seat.
      const panel = text(f.board.slice(f.board.indexOf('<h3>The meeting of round')));
      expect(panel).toContain(`seat ${d[0].seat} (${scenario.seats[d[0].seat]}) proposes ${m[1]} on ${m[2]} ${m[3]}: ${m[4]}`);
      expect(f.board).toMatch(new RegExp(`<tr><td>${m[1]}</td><td>seat ${d[0].seat} `));
    }
    expect(proposals).toBeGreaterThan(3);
    // A meeting frame names whose turn is next and the tick; a round's first frame shows the seats choosing.
    expect(frames.some((f) => /The meeting of round \d+, tick \d+ of 12/.test(f.board) && /Next to speak: <strong/.test(f.board))).toBe(true);
    expect(frames[0].board).toContain('round 1 · the seats choose their continents');
    expect(frames.at(-1)!.board).toMatch(/the game is over \((the race|the clock)\)/);
    expect(frames.at(-1)!.next).toBeNull();
    expect(frames[0].next).toBe('round 1, continents');
  });
});
