/**
 * Real Redis and real worker processes for the queue tests (no mock): a `redis-server` on a free port
 * of 127.0.0.1, without persistence, in a temp dir, stopped afterwards; `goldpit worker` processes
 * from the built CLI (bin/goldpit.js runs dist/: `npm run build` first, as `npm test` does).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inCi, missingLine, SERVICES, skipWithout } from './services.js';

export interface LocalRedis {
  readonly port: number;
  readonly url: string;
  /** Starts it again on the same port (empty: there is no persistence). */
  restart(): Promise<void>;
  /** SIGKILL: Redis is gone at once, as when its machine is lost. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether a Redis answers PING on the port (inline command, no client library). */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      answer += d.toString('utf8');
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.startsWith('+PONG'));
      }
    });
  });
}

/** Whether the queue tests are skipped here (redis-server missing outside CI; test/helpers/services.ts). */
export const SKIP_QUEUE = skipWithout('redis');

export async function startRedis(): Promise<LocalRedis> {
  if (!SERVICES.redis.present()) throw new Error(missingLine(SERVICES.redis, inCi()));
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'goldpit-redis-'));
  let proc: ChildProcess | null = null;
  const launch = async () => {
    const p = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'warning'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    proc = p;
    // Ready when it answers PING.
    const until = Date.now() + 10_000;
    for (;;) {
      if (p.exitCode !== null) throw new Error(`redis-server exited with ${p.exitCode}`);
      if (await ping(port)) return;
      if (Date.now() > until) throw new Error(`redis-server on port ${port} did not answer within 10 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill(signal);
    await exited;
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    restart: launch,
    kill: () => end('SIGKILL'),
    stop: async () => {
      await end('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A `goldpit worker` process and the lines it logs. */
export interface WorkerProcess {
  readonly proc: ChildProcess;
  readonly lines: string[];
  /** Resolves with the first line from line `since` on (already logged or to come) that matches. */
  waitFor(pattern: RegExp, since?: number, timeoutMs?: number): Promise<string>;
  /** Job ids this worker started (of one kind of job, if given) / finished from line `since` on, in order. */
  played(since?: number, kind?: string): string[];
  finished(since?: number): string[];
  stop(): Promise<void>;
}

export const CLI = join(import.meta.dirname, '..', '..', 'bin', 'goldpit.js');

export function startWorker(url: string, extra: readonly string[] = []): WorkerProcess {
  const proc = spawn(process.execPath, [CLI, 'worker', '--queue', url, ...(extra.includes('--concurrency') ? [] : ['--concurrency', '1']), ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      lines.push(line);
      for (const w of waiters) {
        if (w.pattern.test(line)) {
          waiters.delete(w);
          w.resolve(line);
        }
      }
    }
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  // "… playing gp-…: games 0–299" / "… finished gp-…"
  const ids = (verb: string, since = 0, kind?: string) =>
    lines.slice(since).flatMap((l) => {
      const m = l.match(new RegExp(` ${verb} (gp-[0-9a-f]+)(?:: (\\S+))?`));
      return m && (kind === undefined || m[2] === kind) ? [m[1]] : [];
    });
  return {
    proc,
    lines,
    waitFor: (pattern, since = 0, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const seen = lines.slice(since).find((l) => pattern.test(l));
        if (seen) return resolve(seen);
        const fail = (why: string) => reject(new Error(`worker ${why} before it logged ${pattern}; it logged:\n${lines.join('\n')}`));
        const timer = setTimeout(() => fail(`took ${timeoutMs} ms`), timeoutMs);
        proc.once('exit', (code, signal) => {
          clearTimeout(timer);
          fail(`exited (${signal ?? code})`);
        });
        waiters.add({
          pattern,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      }),
    played: (since, kind) => ids('playing', since, kind),
    finished: (since) => ids('finished', since),
    stop: async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    },
  };
}
