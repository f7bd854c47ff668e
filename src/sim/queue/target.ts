/**
 * Where the queue lives: a Redis URL (`redis://[:password@]host:port[/db]`, or `rediss://` for TLS),
 * from `--queue` or else `GOLDPIT_REDIS_URL`. No Redis client here: the CLI checks the flag without
 * loading one.
 */
import { UsageError } from '../../core/errors.js';

export interface QueueTarget {
  /** The Redis URL as given (it may hold a password: print only `shown`). */
  readonly url: string;
  /** The URL with any password replaced by "***", for messages. */
  readonly shown: string;
  /** The BullMQ queue's name (several goldpit installations can share one Redis under different names). */
  readonly name: string;
}

/** The BullMQ queue goldpit uses unless told otherwise. */
export const DEFAULT_QUEUE_NAME = 'goldpit';

/** `--queue URL` (or `GOLDPIT_REDIS_URL` when the flag is given without a URL) as a checked target. */
export function queueTarget(flag: string, env: NodeJS.ProcessEnv = process.env, name = DEFAULT_QUEUE_NAME): QueueTarget {
  const url = flag !== '' ? flag : (env.GOLDPIT_REDIS_URL ?? '');
  if (url === '') throw new UsageError('--queue needs a Redis URL (redis://host:port[/db] or rediss://… for TLS), or GOLDPIT_REDIS_URL set');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--queue: ${JSON.stringify(redact(url))} is not a URL; expected redis://[:password@]host:port[/db] or rediss://… for TLS`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new UsageError(`--queue: expected a redis:// or rediss:// URL, got ${parsed.protocol}//…`);
  }
  if (parsed.pathname !== '' && parsed.pathname !== '/' && !/^\/\d+$/.test(parsed.pathname)) {
    throw new UsageError(`--queue: the path of ${redact(url)} must be a database number (/0, /1, …), got ${JSON.stringify(parsed.pathname)}`);
  }
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new UsageError(`the queue name must be letters, digits, "_" or "-", got ${JSON.stringify(name)}`);
  return { url, shown: redact(url), name };
}

/** The URL without its password. */
export function redact(url: string): string {
  return url.replace(
    /^(rediss?:\/\/)([^@/]*)@/,
    (_, scheme: string, auth: string) => `${scheme}${auth.includes(':') ? `${auth.slice(0, auth.indexOf(':'))}:***` : '***'}@`,
  );
}
