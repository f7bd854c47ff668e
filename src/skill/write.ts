/**
 * A skill ladder's files: skill.json (src/skill/types.ts), skill.csv (one row per matchup),
 * skill_tiers.csv (one row per tier), skill.html, and run.json (wall time and workers, kept apart
 * so that the other files are byte-identical from run to run). Each is written atomically.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { RunFacts } from '../report/html.js';
import { renderSkill } from '../report/skill-html.js';
import type { Interval } from '../report/types.js';
import { writeAtomic } from '../report/write.js';
import type { SkillJson } from './types.js';

const csv = (columns: string[], rows: unknown[][]) => stringify(rows, { header: true, columns });
const cells = (ci: Interval | null): [number | string, number | string] => (ci ? [ci[0], ci[1]] : ['', '']);

/**
 * skill.csv: `focal` (the seat's tier), `table` (the other seats' tier), the focal seat's
 * `win_share` with its 95% interval (`ci95_low`, `ci95_high`; empty without intervals), `edge`
 * (win share − 1/players), `significant` (the interval excludes 1/players), `games`, `deals`.
 */
export function skillCsv(s: SkillJson): string {
  const rows: unknown[][] = [];
  for (const row of s.matchups) {
    for (const m of row) {
      if (m === null) continue;
      rows.push([m.focal, m.table, m.winShare, ...cells(m.ci95), m.edge, m.ci95 ? m.significant : '', m.games, m.deals]);
    }
  }
  return csv(['focal', 'table', 'win_share', 'ci95_low', 'ci95_high', 'edge', 'significant', 'games', 'deals'], rows);
}

/** skill_tiers.csv: per tier in ladder order, its budget, rating with interval, focal win share, seat-games, mean score and faults. */
export function tiersCsv(s: SkillJson): string {
  return csv(
    ['tier', 'source', 'family', 'budget', 'elo', 'elo_ci95_low', 'elo_ci95_high', 'focal_win_share', 'seat_games', 'mean_score', 'faults'],
    s.tiers.map((t) => [t.tier, t.source, t.family ?? '', t.budget ?? '', t.elo, ...cells(t.eloCi95), t.focalWinShare, t.seatGames, t.meanScore, t.faults]),
  );
}

/** Writes the ladder's files into `dir`; returns their paths. */
export function writeSkillOutputs(dir: string, s: SkillJson, run: RunFacts | null): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ['skill.json', `${JSON.stringify(s, null, 2)}\n`],
    ['skill.csv', skillCsv(s)],
    ['skill_tiers.csv', tiersCsv(s)],
    ['skill.html', renderSkill(s, run)],
  ];
  if (run) files.push(['run.json', `${JSON.stringify(run, null, 2)}\n`]);
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeAtomic(path, text);
    return path;
  });
}
