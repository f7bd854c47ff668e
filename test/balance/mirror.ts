/** A My Gold Mine scenario with four greedy bots (a mirror line-up), written into `dir`; its path. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function mirror(dir: string): string {
  const file = join(dir, 'mgm-mirror.json');
  writeFileSync(
    file,
    JSON.stringify({ name: 'mgm-mirror', game: 'my-gold-mine', players: 4, seats: ['greedy', 'greedy', 'greedy', 'greedy'], seed: 'mgm-mirror' }),
  );
  return file;
}
