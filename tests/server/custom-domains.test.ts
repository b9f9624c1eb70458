import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessProfiles, customDomains } from '../../src/server/db/schema';
import { registerWebApp } from '../../src/server/plugins/web-app';
import { forgetServedDomain } from '../../src/server/services/custom-domains/served-domains';
import { tmpDir } from '../support/test-database';
import { portalWithClients } from './portal-helpers';
import { recheckDomains } from '../../src/server/services/custom-domains/recheck-domains';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';
import { businessWithPortal, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// Custom domains (issue 23, decision 0014): the four paths, plan gating, one name per portal, verification of the
// CNAME and TXT records against a local DNS server, and the daily re-check (flag, e-mail, 7 days, then pending).

const TARGET = 'portals.statuslink.test';
const DAY = 86_400_000;
let dns: TestDnsServer;
let webRoot: string;

beforeAll(async () => {
  dns = await startDnsServer(3240);
  // A stand-in web build: the app's and the portal's entries and one asset.
  webRoot = tmpDir('web-domains');
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>app</title></head><body data-entry="app"></body></html>');
  fs.writeFileSync(path.join(webRoot, 'portal.html'), '<!doctype html><html><head><title>Client Portal</title></head><body data-entry="portal"></body></html>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'portal-abc.js'), 'console.log(1)');
});
afterAll(async () => {
  await dns?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});
const t = useTestApp(() => ({ PORTAL_DOMAIN_TARGET: TARGET, DNS_RESOLVER: dns.address }), { beforeReady: (app) => registerWebApp(app, webRoot) });
beforeAll(() => {
  dns.set(TARGET, { A: ['203.0.113.7'] });
});

const base = (portalId: string) => `/api/v1/portals/${portalId}/domains`;
type Domain = { name: string; status: string; records: { type: string; name: string; value: string }[]; problems: string[] };

async function ownerWithDomain(name: string, plan = 'business') {
  const owner = await businessWithPortal(t.app, { plan });
  const res = await request(t.app, 'POST', base(owner.portalId), owner.cookie, { name });
  expect(res.statusCode, res.body).toBe(201);
  return { ...owner, domain: res.json() as Domain };
}

/** Creates both records as shown. */
function pointAtUs(domain: Domain) {
  dns.set(domain.name, { CNAME: TARGET });
  dns.set(domain.records[1]!.name, { TXT: [domain.records[1]!.value] });
}

const verify = (o: { portalId: string; cookie: string }, name: string) => request(t.app, 'POST', `${base(o.portalId)}/${name}/verify`, o.cookie);

describe('adding a name', () => {
  it('answers the two records; lists it; the name is normalised; removing it works', async () => {
    const owner = await businessWithPortal(t.app);
    const res = await request(t.app, 'POST', base(owner.portalId), owner.cookie, { name: ' Status.HarborTax.com. ' });
    expect(res.statusCode, res.body).toBe(201);
    const domain = res.json();
    expect(domain).toMatchObject({ name: 'status.harbortax.com', status: 'pending', problems: [], url: 'https://status.harbortax.com/' });
    expect(domain.records).toEqual([
      { type: 'CNAME', name: 'status.harbortax.com', value: TARGET },
      { type: 'TXT', name: '_statuslink-challenge.status.harbortax.com', value: expect.stringMatching(/^statuslink-verify-[0-9a-f]{32}$/) },
    ]);
    const again = await request(t.app, 'POST', base(owner.portalId), owner.cookie, { name: 'status.harbortax.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json().records).toEqual(domain.records);

    const list = await request(t.app, 'GET', base(owner.portalId), owner.cookie);
    expect(list.json()).toEqual({ domains: [domain], target: TARGET });

    const other = await request(t.app, 'POST', base(owner.portalId), owner.cookie, { name: 'portal.harbortax.com' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toEqual({ code: 'domain_exists', message: 'This portal already uses status.harbortax.com. Remove it first to use another name.' });

    expect((await request(t.app, 'DELETE', `${base(owner.portalId)}/status.harbortax.com`, owner.cookie)).statusCode).toBe(204);
    expect((await request(t.app, 'GET', base(owner.portalId), owner.cookie)).json().domains).toEqual([]);
    expect((await request(t.app, 'DELETE', `${base(owner.portalId)}/status.harbortax.com`, owner.cookie)).statusCode).toBe(404);
  });

  it('refuses bad names with the rule they break', async () => {
    const owner = await businessWithPortal(t.app);
    const cases: [string, string][] = [
      ['*.harbortax.com', 'Wildcard names are not supported: enter one name, e.g. status.yourcompany.com.'],
      ['https://status.harbortax.com/', 'Enter the name only, e.g. status.yourcompany.com (no https://, path or port).'],
      ['acme.statuslink.test', 'Names under the platform’s own domain cannot be used: use a name of your own domain.'],
      ['harbortax', 'Enter a full name with its domain, e.g. status.yourcompany.com.'],
      ['10.0.0.1', 'Enter a name, not an IP address.'],
    ];
    for (const [name, message] of cases) {
      const res = await request(t.app, 'POST', base(owner.portalId), owner.cookie, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toEqual({ code: 'invalid_domain', message });
    }
  });

  it('is part of the Business plan and above; another business’s portal is not found', async () => {
    const pro = await businessWithPortal(t.app, { plan: 'professional' });
    for (const [method, url] of [
      ['POST', base(pro.portalId)],
      ['GET', base(pro.portalId)],
      ['POST', `${base(pro.portalId)}/status.example.com/verify`],
    ] as const) {
      const res = await request(t.app, method, url, pro.cookie, method === 'POST' ? { name: 'status.example.com' } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toEqual({ code: 'plan_feature', message: 'Custom domains are part of the Business plan and above. Upgrade on the Billing page to use them.' });
    }
    const { portalId } = await ownerWithDomain('status.tenancy.com');
    const stranger = await businessWithPortal(t.app);
    expect((await request(t.app, 'GET', base(portalId), stranger.cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'POST', `${base(portalId)}/status.tenancy.com/verify`, stranger.cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'DELETE', `${base(portalId)}/status.tenancy.com`, stranger.cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'GET', base(portalId), '')).statusCode).toBe(401);
  });
});

describe('verification against DNS', () => {
  it('says exactly what is missing, then verifies once both records are there', async () => {
    const owner = await ownerWithDomain('status.verify-one.com');
    const [cname, txt] = owner.domain.records;
    let res = await verify(owner, 'status.verify-one.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pending',
      problems: [
        `No CNAME record found for status.verify-one.com: add a CNAME record with the value ${TARGET}.`,
        `No TXT record found at ${txt!.name}: add a TXT record there with the value ${txt!.value}.`,
      ],
    });

    dns.set(cname!.name, { CNAME: 'elsewhere.example.net' });
    dns.set(txt!.name, { TXT: ['someone-else'] });
    res = await verify(owner, 'status.verify-one.com');
    expect(res.json().problems).toEqual([
      `The CNAME record of status.verify-one.com points to elsewhere.example.net: change its value to ${TARGET}.`,
      `The TXT record at ${txt!.name} holds someone-else: set its value to ${txt!.value}.`,
    ]);

    pointAtUs(owner.domain);
    res = await verify(owner, 'status.verify-one.com');
    expect(res.json()).toMatchObject({ status: 'verified', problems: [], verifiedAt: t.clock.now().toISOString() });
  });

  it('accepts an apex whose addresses are the target’s (ALIAS / CNAME flattening)', async () => {
    const owner = await ownerWithDomain('apex-flat.com');
    dns.set('apex-flat.com', { A: ['203.0.113.7'] });
    dns.set(owner.domain.records[1]!.name, { TXT: [owner.domain.records[1]!.value] });
    expect((await verify(owner, 'apex-flat.com')).json()).toMatchObject({ status: 'verified' });
  });

  it('one proven name, one portal: a second business may claim it but not prove it while the first holds it', async () => {
    const first = await ownerWithDomain('status.shared-name.com');
    pointAtUs(first.domain);
    expect((await verify(first, 'status.shared-name.com')).json().status).toBe('verified');
    const second = await businessWithPortal(t.app);
    const res = await request(t.app, 'POST', base(second.portalId), second.cookie, { name: 'status.shared-name.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'domain_taken', message: 'status.shared-name.com is already in use by another portal.' });
  });

  it('a DNS server that cannot answer is a 503 that says so, and the re-check leaves the name alone', async () => {
    const owner = await ownerWithDomain('status.servfail.com');
    pointAtUs(owner.domain);
    expect((await verify(owner, 'status.servfail.com')).json().status).toBe('verified');
    dns.set('status.servfail.com', { fail: true });
    const res = await verify(owner, 'status.servfail.com');
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'dns_unavailable', message: 'The DNS lookup of status.servfail.com got no answer (ESERVFAIL). Try again in a minute.' });
    t.clock.advance(DAY);
    await recheckDomains(t.app.ctx);
    const [row] = await t.app.ctx.db.select().from(customDomains).where(eq(customDomains.name, 'status.servfail.com'));
    expect(row).toMatchObject({ status: 'verified', problems: [] });
    await t.app.ctx.db.delete(customDomains).where(eq(customDomains.name, 'status.servfail.com'));
  });
});

describe('daily re-check', () => {
  it('flags a name that stopped pointing at us, e-mails the owner once, serves it 7 days, then it is pending', async () => {
    const owner = await ownerWithDomain('status.recheck.com');
    pointAtUs(owner.domain);
    expect((await verify(owner, 'status.recheck.com')).json().status).toBe('verified');
    const row = async () => (await t.app.ctx.db.select().from(customDomains).where(eq(customDomains.name, 'status.recheck.com')))[0]!;

    t.clock.advance(DAY - 1000);
    await recheckDomains(t.app.ctx);
    expect((await row()).checkedAt).toEqual(new Date(t.clock.nowMs() - DAY + 1000));

    dns.set('status.recheck.com', { CNAME: 'old-host.example.net' });
    t.clock.advance(1000);
    const mailsBefore = t.mails.length;
    await recheckDomains(t.app.ctx);
    const flagged = await row();
    expect(flagged).toMatchObject({ status: 'failing', servedUntil: new Date(t.clock.nowMs() + 7 * DAY) });
    const mails = t.mails.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: owner.user.email, subject: 'status.recheck.com no longer points at your client portal' });
    expect(mails[0]!.text).toContain(`The CNAME record of status.recheck.com points to old-host.example.net: change its value to ${TARGET}.`);
    expect(mails[0]!.text).toContain('for 7 more days');

    for (let day = 1; day <= 6; day += 1) {
      t.clock.advance(DAY);
      await recheckDomains(t.app.ctx);
      expect((await row()).status).toBe('failing');
    }
    expect(t.mails.length).toBe(mailsBefore + 1);
    t.clock.advance(DAY);
    await recheckDomains(t.app.ctx);
    expect(await row()).toMatchObject({ status: 'pending', servedUntil: null });
  });

  it('a flagged name fixed within the 7 days is verified again', async () => {
    const owner = await ownerWithDomain('status.fixed.com');
    pointAtUs(owner.domain);
    await verify(owner, 'status.fixed.com');
    dns.set('status.fixed.com', {});
    t.clock.advance(DAY);
    await recheckDomains(t.app.ctx);
    pointAtUs(owner.domain);
    t.clock.advance(DAY);
    await recheckDomains(t.app.ctx);
    const [row] = await t.app.ctx.db.select().from(customDomains).where(eq(customDomains.name, 'status.fixed.com'));
    expect(row).toMatchObject({ status: 'verified', servedUntil: null, problems: [] });
  });
});

describe('serving on the name', () => {
  const onHost = (host: string, url: string, method: 'GET' | 'POST' = 'GET', body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { host, ...(body ? { 'content-type': 'application/json', origin: `http://${host}` } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const tlsAllowed = (domain: string) => t.app.inject({ method: 'GET', url: `/api/internal/tls-allowed?domain=${encodeURIComponent(domain)}` });

  it('serves the portal at / with its files and public API; everything else is 404; no cookie; links use the name', async () => {
    const owner = await portalWithClients(t.app);
    const added = await request(t.app, 'POST', base(owner.portalId), owner.cookie, { name: 'status.serve-me.com' });
    pointAtUs(added.json());
    expect((await verify(owner, 'status.serve-me.com')).json().status).toBe('verified');
    const host = 'Status.Serve-Me.com:443';

    const page = await onHost(host, '/?t=sometoken');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-entry="portal"');
    expect(page.body).toContain(`<meta name="statuslink-portal" content="${owner.portalId}" />`);
    expect((await onHost(host, '/assets/portal-abc.js')).statusCode).toBe(200);
    expect((await onHost(host, `/api/public/portals/${owner.portalId}`)).json().portal).toBeDefined();
    const found = await onHost(host, `/api/public/portals/${owner.portalId}/lookup`, 'POST', { query: 'maria.gonzalez@example.com' });
    expect(found.statusCode, found.body).toBe(200);

    const other = await businessWithPortal(t.app);
    for (const url of ['/app/dashboard', '/admin', '/login', '/pricing', '/api/v1/me', '/api/docs', '/api/openapi.json', '/api/health', `/portal/${owner.portalId}`, `/api/public/portals/${other.portalId}`, '/api/internal/tls-allowed?domain=status.serve-me.com']) {
      const res = await onHost(host, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    const signIn = await onHost(host, '/api/auth/sign-in/email', 'POST', { email: owner.body.email, password: owner.body.password });
    expect(signIn.statusCode).toBe(404);
    expect(signIn.headers['set-cookie']).toBeUndefined();

    const link = await request(t.app, 'POST', `/api/v1/portals/${owner.portalId}/clients/T-1001/access-link`, owner.cookie, {});
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json().url).toMatch(/^https:\/\/status\.serve-me\.com\/\?t=[\w-]+$/);
    // The main address keeps serving it.
    expect((await t.app.inject({ method: 'GET', url: `/portal/${owner.portalId}` })).body).toContain('data-entry="portal"');

    expect((await tlsAllowed('status.serve-me.com')).statusCode).toBe(200);
    expect((await tlsAllowed('STATUS.serve-me.com.')).statusCode).toBe(200);
    await t.app.ctx.db.update(businessProfiles).set({ plan: 'professional' }).where(eq(businessProfiles.id, (await t.app.ctx.db.select().from(customDomains).where(eq(customDomains.name, 'status.serve-me.com')))[0]!.businessId));
    forgetServedDomain(t.app.ctx, 'status.serve-me.com');
    expect((await tlsAllowed('status.serve-me.com')).statusCode).toBe(404);
    expect((await onHost(host, '/')).body).not.toContain('data-entry="portal"');
  });

  it('a pending or unknown name is not served and gets no certificate; a failing one only for its 7 days', async () => {
    const owner = await ownerWithDomain('status.pending-one.com');
    expect((await tlsAllowed('status.pending-one.com')).statusCode).toBe(404);
    expect((await tlsAllowed('nobody.example.org')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/tls-allowed' })).statusCode).toBe(400);
    expect((await onHost('status.pending-one.com', '/')).body).not.toContain('statuslink-portal');

    pointAtUs(owner.domain);
    await verify(owner, 'status.pending-one.com');
    expect((await tlsAllowed('status.pending-one.com')).statusCode).toBe(200);
    dns.set('status.pending-one.com', {});
    t.clock.advance(DAY);
    await recheckDomains(t.app.ctx);
    expect((await tlsAllowed('status.pending-one.com')).statusCode).toBe(200);
    t.clock.advance(7 * DAY);
    expect((await tlsAllowed('status.pending-one.com')).statusCode).toBe(404);
    expect((await onHost('status.pending-one.com', '/')).body).not.toContain('statuslink-portal');
  });

  it('the allow endpoint is rate-limited', async () => {
    let last = 0;
    for (let i = 0; i < 301 && last !== 429; i += 1) last = (await tlsAllowed(`n${i}.example.org`)).statusCode;
    expect(last).toBe(429);
  });
});
