import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles } from '../../src/server/db/schema';
import { request } from '../support/sheets';
import { startTestSmtp, type AcceptedMail, type TestSmtp } from '../support/test-smtp';
import { useTestApp } from '../support/test-app';
import { lookup, portalWithClients, publicConfig } from './portal-helpers';

// White-label for real (issue 23 item 5, D14): on Business and Enterprise neither the portal (its data, so its page)
// nor the e-mails its clients get (invitations, verification codes) name the platform, and they come from the
// business's name; other plans keep "Sent with StatusLink" and "Powered by StatusLink". Mail parsed as sent over SMTP.

let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'updates@mail.example.net' }), { realMailer: true });

type Owner = Awaited<ReturnType<typeof portalWithClients>>;
const platform = /StatusLink/i;
const whole = (m: AcceptedMail) => [m.from, m.subject, m.text, m.html].join('\n');

const maria = 'maria.gonzalez@example.com';
/** The mails Maria got, once there are `n` (the owner's own account mails go to the same server). */
async function toMaria(n: number): Promise<AcceptedMail[]> {
  for (let seen = n; ; seen += 1) {
    const mine = (await smtp.waitFor(seen)).filter((m) => m.to === maria);
    if (mine.length >= n) return mine;
  }
}

/** An invitation to Maria and a verification code she asked for, as received. */
async function clientMails(owner: Owner): Promise<{ invitation: AcceptedMail; code: AcceptedMail }> {
  smtp.accepted.length = 0;
  const invited = await request(t.app, 'POST', `/api/v1/portals/${owner.portalId}/invitations`, owner.cookie, { clientIds: ['T-1001'] });
  expect(invited.statusCode, invited.body).toBe(200);
  await t.app.ctx.jobs.runDue();
  const [invitation] = await toMaria(1);
  expect((await lookup(t.app, owner.portalId, { query: maria })).statusCode).toBe(202);
  const [, code] = await toMaria(2);
  return { invitation: invitation!, code: code! };
}

describe('white-label', () => {
  it('Business: the portal and the clients\' e-mails name the business only', { timeout: 60_000 }, async () => {
    const owner = await portalWithClients(t.app, { plan: 'business', companyName: 'Harbour Accounting', config: { requireVerification: true } });
    const config = await publicConfig(t.app, owner.portalId);
    expect(config.json().portal.poweredBy).toBeNull();
    expect(config.body).not.toMatch(platform);

    const { invitation, code } = await clientMails(owner);
    for (const mail of [invitation, code]) {
      expect(mail.from).toBe('"Harbour Accounting" <updates@mail.example.net>');
      expect(whole(mail)).not.toMatch(platform);
    }
    expect(code.subject).toMatch(/^Your Harbour Accounting verification code: \d{6}$/);
  });

  it('Professional: the platform\'s marks stay (portal link, e-mail footers); the sender is still the business', { timeout: 60_000 }, async () => {
    const owner = await portalWithClients(t.app, { plan: 'professional', companyName: 'Bay Books', config: { requireVerification: true } });
    expect((await publicConfig(t.app, owner.portalId)).json().portal.poweredBy).toMatchObject({ name: 'StatusLink' });
    const { invitation, code } = await clientMails(owner);
    expect(invitation.from).toBe('"Bay Books" <updates@mail.example.net>');
    expect(invitation.text).toContain('Sent with StatusLink');
    expect(code.from).toBe('"Bay Books" <updates@mail.example.net>');
    expect(code.text).toContain('Sent by StatusLink.');

    // Upgraded to Enterprise: the marks go at once.
    await t.app.ctx.db.update(businessProfiles).set({ plan: 'enterprise' }).where(eq(businessProfiles.userId, owner.user.id));
    t.app.ctx.portalMeta.portalChanged(owner.portalId);
    expect((await publicConfig(t.app, owner.portalId)).body).not.toMatch(platform);
  });
});
