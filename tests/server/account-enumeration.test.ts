import { beforeAll, describe, expect, it } from 'vitest';
import { liftBusinessApiLimits } from '../support/sheets';
import { medianDifferenceInterval, pairedDifferences } from '../support/paired-timing';
import { useTestApp, postJsonAnswer, signUp, signupBody } from '../support/test-app';
import { lookup, portalWithClients } from './portal-helpers';

// No account enumeration (guides/security.md 1-2, decision 0021): an answer's time must not tell whether an address
// has an account or matches a client. Each check times requests for a known and an unknown address in interleaved
// pairs and asks whether the median of the pairs' differences can be zero (a distribution-free 99.9% interval, so
// that a busy machine only widens it); the work each request leaves for after its answer is awaited untimed.

const PAIRS = 200;
/**
 * The interval must include zero, give or take this much: on a quiet machine it narrows to a tenth of a millisecond,
 * where a difference in the e-mail strings' lengths alone could show; the leaks it guards against were 2-3 ms.
 */
const NEGLIGIBLE_MS = 0.25;

let owner: Awaited<ReturnType<typeof signUp>>;
const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
  owner = await signUp(t.app);
});

const settled = () => t.app.ctx.afterAnswer.settled();
let unknown = 0;
const unknownEmail = () => `nobody-${(unknown += 1)}-${Date.now()}@example.com`;

/** Asserts that every answer is `expected` and that known and unknown cannot be told apart by time. */
async function expectSameAnswerAndTime(known: () => Promise<{ statusCode: number; body: string }>, other: () => Promise<{ statusCode: number; body: string }>, pairs = PAIRS) {
  const answers = new Set<string>();
  const answered = (send: () => Promise<{ statusCode: number; body: string }>) => async () => {
    const res = await send();
    answers.add(`${res.statusCode} ${res.body}`);
  };
  const differences = await pairedDifferences(pairs, answered(known), answered(other), settled);
  expect([...answers]).toHaveLength(1);
  const interval = medianDifferenceInterval(differences);
  const said = `median difference ${interval.median.toFixed(3)} ms, 99.9% interval [${interval.lower.toFixed(3)}, ${interval.upper.toFixed(3)}]`;
  expect(interval.lower, said).toBeLessThanOrEqual(NEGLIGIBLE_MS);
  expect(interval.upper, said).toBeGreaterThanOrEqual(-NEGLIGIBLE_MS);
}

describe('answers do not tell whether an address is known', () => {
  it('sign-up: a taken address and a free one', async () => {
    await expectSameAnswerAndTime(
      () => postJsonAnswer(t.app, '/api/auth/sign-up/email', { ...owner.body, companyName: 'Someone Else' }),
      () => postJsonAnswer(t.app, '/api/auth/sign-up/email', signupBody({ email: unknownEmail() })),
      // Each sign-up's work after the answer hashes a password: fewer pairs keep the test's time in budget (the
      // leak it guards against was an answer in a few ms against one after a password hash, 100 ms and more).
      30,
    );
  }, 300_000);

  it('forgot password: an account and no account', async () => {
    await expectSameAnswerAndTime(
      () => postJsonAnswer(t.app, '/api/auth/request-password-reset', { email: owner.body.email }),
      () => postJsonAnswer(t.app, '/api/auth/request-password-reset', { email: unknownEmail() }),
    );
  }, 300_000);

  it('portal verification: a client on file and nobody', async () => {
    const p = await portalWithClients(t.app, { config: { requireVerification: true } });
    await expectSameAnswerAndTime(
      () => lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }),
      () => lookup(t.app, p.portalId, { query: unknownEmail() }),
    );
  }, 300_000);
});
