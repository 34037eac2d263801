import { ERROR_MESSAGES, FIRST_USE_ADMIN } from '@pos/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../http/app-error';

/**
 * zxcvbn's score a new password must reach: 2 means at least a million guesses, which the sign-in
 * throttle (a few dozen checks per account per window) spreads over years. 0 and 1 are the common
 * passwords (zxcvbn's list of the 30,000 most used) and patterns guessed at once: repeats,
 * sequences, keyboard rows, dates, the username or name with a few digits.
 */
export const MIN_PASSWORD_SCORE = 2;

// Loaded and built on first use: importing and decoding the dictionaries takes ~200 ms, which a server
// that never sets a password skips, and which start-up does not wait for.
let estimator: Promise<ZxcvbnFactory> | undefined;

async function newEstimator(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  return new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
}

async function passwordScore(password: string, userInputs: string[]): Promise<number> {
  estimator ??= newEstimator();
  return (await estimator).check(password, userInputs).score;
}

export interface NewPasswordContext {
  /** The request's field the refusal is put on. */
  field: 'newPassword' | 'password';
  /** Whose password it is: a password made of these is easy to guess. */
  username: string;
  name: string;
  /** Whether `password` is the one it replaces; only for a person who knows that one (their own). */
  isCurrent?: (password: string) => Promise<boolean>;
}

/**
 * The one rule for every password set (own change, an admin's reset, a new user): not the
 * password it replaces, not the documented first-use password, and not easy to guess (see
 * MIN_PASSWORD_SCORE). Refuses with 400 and a Thai message at the field saying why.
 */
export async function assertAcceptableNewPassword(password: string, context: NewPasswordContext): Promise<void> {
  const refuse = (code: 'PASSWORD_SAME_AS_CURRENT' | 'PASSWORD_IS_DEFAULT' | 'PASSWORD_TOO_COMMON') =>
    new AppError({ status: 400, code, fields: { [context.field]: ERROR_MESSAGES[code] } });
  if (context.isCurrent && (await context.isCurrent(password))) throw refuse('PASSWORD_SAME_AS_CURRENT');
  if (password.trim().toLowerCase() === FIRST_USE_ADMIN.password) throw refuse('PASSWORD_IS_DEFAULT');
  const userInputs = [context.username, context.name, ...context.name.split(/\s+/), FIRST_USE_ADMIN.password];
  if ((await passwordScore(password, userInputs)) < MIN_PASSWORD_SCORE) throw refuse('PASSWORD_TOO_COMMON');
}
