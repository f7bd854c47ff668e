/** The InputError that `f` throws (a test fails if it throws something else or nothing). */
import { InputError } from '../../src/core/errors.js';

export function inputErrorOf(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}
