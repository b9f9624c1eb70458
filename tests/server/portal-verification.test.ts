import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { portalVerificationCodes } from '../../src/server/db/schema';
import { CODE_RESEND_COOLDOWN_MS } from '../../src/server/services/client-access/verification-codes';
import { liftBusinessApiLimits } from '../support/sheets';
import { useTestApp } from '../support/test-app';
import { NOT_FOUND, accessToken, lookup, portalWithClients } from './portal-helpers';

let p: Awaited<ReturnType<typeof portalWithClients>>;

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
  p = await portalWithClients(t.app, { companyName: 'Harbor Tax', config: { requireVerification: true } });
});

const codeSent = { verification: 'sent', message: 'If this matches a project, we have e-mailed a 6-digit code to the address on file. It is valid for 10 minutes.' };
const invalidCode = { error: { code: 'invalid_code', message: 'That code is not valid or has expired. Please check the latest e-mail, or ask for a new code.' } };

/** The code in the latest e-mail to the address. */
async function codeFor(email: string, count = 1): Promise<string> {
  await vi.waitFor(() => expect(t.mails.filter((m) => m.to === email)).toHaveLength(count));
  const mail = t.mails.filter((m) => m.to === email).at(-1)!;
  return /\b(\d{6})\b/.exec(mail.subject)![1]!;
}

describe('verification before the card (D3)', () => {
  it('e-mails a 6-digit code, then shows the card for the right code, once', async () => {
    const res = await lookup(t.app, p.portalId, { query: 'Maria.Gonzalez@example.com' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(codeSent);
    const code = await codeFor('maria.gonzalez@example.com');
    const mail = t.mails.find((m) => m.to === 'maria.gonzalez@example.com')!;
    expect(mail.subject).toBe(`Your Harbor Tax verification code: ${code}`);
    expect(mail.text).toContain('valid for 10 minutes');
    const [row] = await t.app.ctx.db.select().from(portalVerificationCodes).where(eq(portalVerificationCodes.portalId, p.portalId));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const ok = await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com', code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ client: { name: 'Maria Gonzalez' }, verified: true });
    expect(ok.json().session).toEqual(expect.any(String));
    // Single use.
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com', code })).json()).toEqual(invalidCode);
    // The session refreshes without a new code.
    expect((await lookup(t.app, p.portalId, { session: ok.json().session })).statusCode).toBe(200);
  });

  it('answers the same for an unknown address or name, and sends nothing', async () => {
    const before = t.mails.length;
    for (const query of ['nobody@example.com', 'Nobody Here', 'Maria']) {
      const res = await lookup(t.app, p.portalId, { query });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(codeSent);
    }
    expect((await lookup(t.app, p.portalId, { query: 'nobody@example.com', code: '123456' })).json()).toEqual(invalidCode);
    await t.app.ctx.afterAnswer.settled();
    expect(t.mails.length).toBe(before);
  });

  it('works by full name too, sending the code to the address on file', async () => {
    const res = await lookup(t.app, p.portalId, { query: 'james  whitfield' });
    expect(res.statusCode).toBe(202);
    const code = await codeFor('jwhitfield@example.net');
    expect((await lookup(t.app, p.portalId, { query: 'James Whitfield', code })).json().client.email).toBe('jwhitfield@example.net');
  });

  it('locks the code after 5 wrong tries', async () => {
    await lookup(t.app, p.portalId, { query: 'robert.chen@example.com' });
    const code = await codeFor('robert.chen@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await lookup(t.app, p.portalId, { query: 'robert.chen@example.com', code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalidCode);
    }
    expect((await lookup(t.app, p.portalId, { query: 'robert.chen@example.com', code })).json()).toEqual(invalidCode);
  });

  it('expires a code after 10 minutes', async () => {
    await lookup(t.app, p.portalId, { query: 'lucas.meyer@example.com' });
    const code = await codeFor('lucas.meyer@example.com');
    const [row] = await t.app.ctx.db.select().from(portalVerificationCodes).where(eq(portalVerificationCodes.clientId, 'T-1006'));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
    t.clock.advance(10 * 60_000);
    expect((await lookup(t.app, p.portalId, { query: 'lucas.meyer@example.com', code })).json()).toEqual(invalidCode);
  });

  it('does not send a second code within a minute; a new code replaces the old one', async () => {
    await lookup(t.app, p.portalId, { query: 'daniel.kim@example.com' });
    const first = await codeFor('daniel.kim@example.com');
    await lookup(t.app, p.portalId, { query: 'daniel.kim@example.com' });
    await t.app.ctx.afterAnswer.settled();
    expect(t.mails.filter((m) => m.to === 'daniel.kim@example.com')).toHaveLength(1);
    // After the cooldown a new code goes out and the first stops working.
    t.clock.advance(CODE_RESEND_COOLDOWN_MS);
    await lookup(t.app, p.portalId, { query: 'daniel.kim@example.com' });
    const second = await codeFor('daniel.kim@example.com', 2);
    if (second !== first) expect((await lookup(t.app, p.portalId, { query: 'daniel.kim@example.com', code: first })).json()).toEqual(invalidCode);
    expect((await lookup(t.app, p.portalId, { query: 'daniel.kim@example.com', code: second })).statusCode).toBe(200);
  });

  it('sends each of two clients with one name a code for their own card (no "ambiguous" answer to leak it)', async () => {
    const csv = ['Client ID,Client Name,Email Address,Status,Priority', 'A1,Sam Lee,sam.one@example.com,Pending,2', 'A2,Sam Lee,sam.two@example.com,In Progress,1'].join('\n');
    const twins = await portalWithClients(t.app, { csv, config: { requireVerification: true } });
    const res = await lookup(t.app, twins.portalId, { query: 'Sam Lee' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(codeSent);
    const one = await codeFor('sam.one@example.com');
    const two = await codeFor('sam.two@example.com');
    expect((await lookup(t.app, twins.portalId, { query: 'sam lee', code: two })).json().client.email).toBe('sam.two@example.com');
    expect((await lookup(t.app, twins.portalId, { query: 'sam lee', code: one })).json().client.email).toBe('sam.one@example.com');
  });

  it("shows the owner's own View Portal the card without e-mailing the client a code", async () => {
    const before = t.mails.length;
    const own = await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' }, undefined, p.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ client: { name: 'Maria Gonzalez' }, verified: false });
    expect(t.mails.length).toBe(before);
    // Anyone else still gets the code step.
    expect((await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com' })).json()).toEqual(codeSent);
  });

  it('lets an access link skip the code', async () => {
    const token = await accessToken(t.app, p.cookie, p.portalId, 'T-1005');
    const res = await lookup(t.app, p.portalId, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ client: { name: 'Fatima Al-Sayed' }, verified: true });
  });

  it('refuses a code that is not 6 digits', async () => {
    const res = await lookup(t.app, p.portalId, { query: 'maria.gonzalez@example.com', code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter the 6-digit code from the e-mail.');
    expect((await lookup(t.app, p.portalId, { token: 'abc', code: '123456' })).statusCode).toBe(400);
  });

  it('on a portal without verification, sends a code only when asked (to send an update)', async () => {
    const open = await portalWithClients(t.app);
    const plain = await lookup(t.app, open.portalId, { query: 'grace.okafor@example.com' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().verified).toBe(false);
    const asked = await lookup(t.app, open.portalId, { query: 'grace.okafor@example.com', verify: true });
    expect(asked.statusCode).toBe(202);
    const code = await codeFor('grace.okafor@example.com');
    const ok = await lookup(t.app, open.portalId, { query: 'grace.okafor@example.com', code, verify: true });
    expect(ok.json()).toMatchObject({ verified: true, client: { name: 'Grace Okafor' } });
    expect((await lookup(t.app, open.portalId, { query: 'nobody@example.com', verify: true })).json()).toEqual(codeSent);
    expect((await lookup(t.app, open.portalId, { query: 'nobody@example.com' })).json()).toEqual(NOT_FOUND);
  });
});
