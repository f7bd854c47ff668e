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
