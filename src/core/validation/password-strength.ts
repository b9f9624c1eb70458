import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { messages } from '../messages';

// How guessable a password is (security checklist item 5: common passwords refused), judged by zxcvbn with its
// common and English dictionaries: breached passwords, words, names, keyboard patterns, dates, l33t substitutions.
// The one rule used by sign-up, reset and change-password on the server and by their forms (decision 0012).

/** The lowest zxcvbn score accepted: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * Loaded on the first check and then kept: the dictionaries (about 1.6 MB) take a few hundred milliseconds to
 * index, and neither a server that only serves portals nor a page without a new password needs them.
 */
function passwordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return estimator;
}

/** The account's own words (parts of its e-mail, names, company) that make a password easier to guess. */
function relatedWords(related: readonly string[]): string[] {
  return related.flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
}

/**
 * The message for a password that is too easy to guess (e.g. `Password1!`, `Qwerty123!`), or null when it is
 * strong enough. Length and the platform's number and special-character rules are `passwordSchema`'s.
 */
export async function passwordWeakness(password: string, related: readonly string[] = []): Promise<string | null> {
  const result = (await passwordEstimator()).check(password, relatedWords(related));
  return result.score >= MIN_PASSWORD_SCORE ? null : messages.password.tooCommon;
}
