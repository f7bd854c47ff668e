/**
 * Error classes with stable codes. The CLI's one top-level handler maps them to exit codes:
 * usage and input errors → 2, everything unexpected → 1 with the stack.
 */
export class GoldpitError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GoldpitError';
  }
}

/** A scenario, fixture or deck file that does not say what it must. */
export class InputError extends GoldpitError {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super('E_INPUT', `${file}: ${field ? `field "${field}": ` : ''}${problem}`);
    this.name = 'InputError';
  }
}

export class UsageError extends GoldpitError {
  constructor(message: string) {
    super('E_USAGE', message);
    this.name = 'UsageError';
  }
}

/**
 * A thrown value as text, whatever it is: an Error's message, else its string form, else its
 * `[object …]` tag. Never throws (a bot may throw `Object.create(null)`, whose String() throws).
 */
export function describeThrown(e: unknown): string {
  try {
    return e instanceof Error ? String(e.message) : String(e);
  } catch {
    try {
      return Object.prototype.toString.call(e);
    } catch {
      return '(a thrown value without a string form)';
    }
  }
}

/** Plain words for the file-system errors users meet (instead of a raw `ENOENT`). */
const ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EEXIST: 'it exists already',
};

/** A file-system error as words (`no such file or folder`), else the error's own message. */
export function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && Object.hasOwn(ERRNO_TEXT, code)) return ERRNO_TEXT[code];
  return describeThrown(e);
}
