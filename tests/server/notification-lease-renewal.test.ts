import { expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../src/server/integrations/mail/mailer';
import type { JobHandler } from '../../src/server/services/job-queue/job-types';
import { claimDueEmails, SENDING_LEASE_MS } from '../../src/server/services/notifications/prepare-client-message';
import type { LeaseTimer } from '../../src/server/services/notifications/round-lease';
import { sendClientEmailsHandler } from '../../src/server/services/notifications/send-client-message-job';
import { portalWithStatusChanges } from './notification-bulk-changes';
import { useTestApp } from '../support/test-app';

// An e-mail handed to the mail pool keeps its round's lease while the relay takes its time to answer: the round
// renews its lease on a timer while any of its e-mails is out, so another sender of the portal claims none of them
// meanwhile and none is sent twice. Time is the app's manual clock; the timer is fired by the test as it moves.

/** A mail server that, once told to hold, holds every answer until released (the owner's sign-up mail goes at once). */
function holdingMailer() {
  const sent: MailMessage[] = [];
  let holding = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let firstHeld!: () => void;
  const held = new Promise<void>((resolve) => (firstHeld = resolve));
  const mailer: Mailer = {
    transport: 'smtp',
    async send(m) {
      if (!holding) return { via: 'smtp' };
      sent.push(m);
      firstHeld();
      await released;
      return { via: 'smtp' };
    },
    close() {},
  };
  return { mailer, sent, held, release, hold: () => (holding = true) };
}

/** A timer the test fires, with the ones running. */
function manualTimer() {
  const running = new Set<() => Promise<void>>();
  const timer: LeaseTimer = {
    every(_ms, tick) {
      const entry = () => tick();
      running.add(entry);
      return () => running.delete(entry);
    },
  };
  return { timer, running, fire: () => Promise.all([...running].map((tick) => tick())) };
}

const relay = holdingMailer();
const t = useTestApp({}, { mailer: relay.mailer });

type EmailsJob = Parameters<JobHandler<{ portalId: string }>['run']>[0];

it('a round whose e-mails wait for the relay past the lease keeps them: another sender claims none', async () => {
  const portalId = await portalWithStatusChanges(t.app, 5, t.clock.now());
  const timer = manualTimer();
  relay.hold();
  const run = sendClientEmailsHandler(t.app.ctx, timer.timer).run({ payload: { portalId } } as EmailsJob);
  await relay.held;
  // The relay holds its answers while the clock passes the lease (the timer fires as often as the round asks).
  for (let passed = 0; passed <= 2 * SENDING_LEASE_MS; passed += SENDING_LEASE_MS / 4) {
    t.clock.advance(SENDING_LEASE_MS / 4);
    await timer.fire();
  }
  const rival = await claimDueEmails(t.app.ctx, portalId, 100);
  expect(rival.prepared.size).toBe(0);
  relay.release();
  await run;
  const ids = relay.sent.map((m) => m.messageId);
  expect(ids.length).toBeGreaterThan(0);
  expect(new Set(ids).size).toBe(ids.length);
  // The round's timer stopped with it.
  expect(timer.running.size).toBe(0);
});
