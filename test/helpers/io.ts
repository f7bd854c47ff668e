/** A CLI Io that collects stdout and stderr as strings (not a terminal), for tests that run `runCli`. */
import type { Io } from '../../src/cli/main.js';

export function capture(): Io & { stdout: string; stderr: string } {
  const io = { stdout: '', stderr: '', errIsTty: false, out: (t: string) => void (io.stdout += t), err: (t: string) => void (io.stderr += t) };
  return io;
}
