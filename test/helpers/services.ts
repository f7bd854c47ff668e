/**
 * The one rule for test suites that need a system service (a program of the machine, not an npm
 * package): Chromium for the browser tests, redis-server for the job-queue tests.
 *
 * - Present: the suite runs.
 * - Missing, outside CI: the suite is skipped, and the run prints one line per missing service saying
 *   what was skipped and the command that enables it (test/helpers/global-setup.ts prints it once for
 *   the whole run), so the README's `npm test` passes on a machine with only Node and npm.
 * - Missing, under CI (`CI=true` or `CI=1`; `.ci/run` installs both): the run fails with the same line.
 * - `GOLDPIT_SKIP_BROWSER=1` / `GOLDPIT_SKIP_QUEUE=1` skip a suite on purpose anywhere, silently.
 *
 * Where each service is looked for: redis-server on the PATH; Chromium at /usr/bin/chromium, or
 * at `GOLDPIT_CHROMIUM` when set (also how a test run pretends it is missing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface SystemService {
  /** What it is, in the skip line: "Chromium (/usr/bin/chromium)". */
  readonly what: string;
  /** The suites that need it. */
  readonly suites: string;
  /** The command that installs it. */
  readonly enable: string;
  /** The variable that skips its suites on purpose. */
  readonly skipVariable: string;
  present(): boolean;
}

export const CHROMIUM_PATH = process.env.GOLDPIT_CHROMIUM || '/usr/bin/chromium';

export const SERVICES = {
  chromium: {
    what: `Chromium (${CHROMIUM_PATH})`,
    suites: 'the browser tests (test/**/*browser.test.ts)',
    enable: 'apt-get install -y chromium',
    skipVariable: 'GOLDPIT_SKIP_BROWSER',
    present: () => existsSync(CHROMIUM_PATH),
  },
  redis: {
    what: 'redis-server (on the PATH)',
    suites: 'the job-queue tests (test/queue/queue.test.ts)',
    enable: 'apt-get install -y redis-server',
    skipVariable: 'GOLDPIT_SKIP_QUEUE',
    present: () => !spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).error,
  },
} satisfies Record<string, SystemService>;

export type ServiceId = keyof typeof SERVICES;

export const inCi = (env: NodeJS.ProcessEnv = process.env): boolean => env.CI === 'true' || env.CI === '1';

/** The one line a missing service gets: what was skipped (or failed, in CI) and the command that enables it. */
export function missingLine(service: SystemService, ci: boolean): string {
  return ci
    ? `${service.what} is missing, and CI requires ${service.suites}: install it with \`${service.enable}\``
    : `skipped ${service.suites}: ${service.what} is missing; \`${service.enable}\` enables them`;
}

/** What the run does with one service: run its suites, skip them (with the line to print), or fail (in CI). */
export function serviceDecision(
  service: SystemService,
  env: NodeJS.ProcessEnv = process.env,
  present: () => boolean = service.present,
): { run: true } | { run: false; line: string | null; fail: boolean } {
  if (env[service.skipVariable] === '1') return { run: false, line: null, fail: false };
  if (present()) return { run: true };
  const ci = inCi(env);
  return { run: false, line: missingLine(service, ci), fail: ci };
}

/**
 * Whether a suite needing this service is skipped here. Under CI a missing service is not skipped:
 * the suite runs and fails on it (the global setup has already failed the run with the line).
 */
export function skipWithout(id: ServiceId): boolean {
  const d = serviceDecision(SERVICES[id]);
  return !d.run && !d.fail;
}
