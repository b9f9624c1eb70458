import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { businessProfiles, invoices, stripeEvents } from '../../src/server/db/schema';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { liftBusinessApiLimits } from '../support/sheets';
import { TEST_ORIGIN, nextIp, signUp, useTestApp } from '../support/test-app';
import { businessIdOf, makeAdmin, saveSettings, send } from './admin-support';
import { lookup, portalWithClients, publicConfig } from './portal-helpers';

// Issue 21 (D12, decision 19): plans bought through Stripe Checkout, applied by Stripe's signed webhooks (each event
// once, in any order), invoices recorded, the customer portal, and the grace after an unpaid trial or a failed
// payment, after which portals show the unavailable page until a plan is active. Stripe is a local stand-in
// answering with its documented shapes; the real `stripe` package talks to it.

const DAY = 86_400_000;
/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let stripe: StripeStandIn;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  // Stripe's clock is the test's: prorations and periods follow t.clock.
  stripe = await startStripeStandIn({ now: () => t.clock.nowMs() });
});
afterAll(async () => {
  await stripe?.close();
});
const t = useTestApp(() => ({ STRIPE_API_BASE_URL: stripe.baseUrl }));
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
  admin = await makeAdmin(t);
  stripe.deliver = async (payload, signature) => {
    const res = await webhook(payload, signature);
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode} ${res.body}`);
  };
});

const webhook = (payload: string, signature?: string) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, payload });
const billing = async (cookie: string) => (await send(t.app, 'GET', '/api/v1/billing', cookie)).json();
const checkout = (cookie: string, plan: string, period: string) => send(t.app, 'POST', '/api/v1/billing/checkout', cookie, { plan, period });
const sessionIdOf = (url: string) => url.split('/checkout/')[1]!;

async function connectStripe() {
  const settings = (await send(t.app, 'GET', '/api/admin/settings', admin.cookie)).json().settings;
  const res = await send(t.app, 'PUT', '/api/admin/settings', admin.cookie, { settings, secrets: { stripeApiKey: 'sk_test_operator_key', stripeWebhookSecret: stripe.webhookSecret } });
  expect(res.statusCode).toBe(200);
}

/** A business on its trial that bought `plan` yearly through Checkout (the events not sent yet). */
async function paidCheckout(plan = 'business', period = 'yearly') {
  const owner = await portalWithClients(t.app, { plan: 'starter' });
  const res = await checkout(owner.cookie, plan, period);
  expect(res.statusCode, res.body).toBe(200);
  const paid = stripe.pay(sessionIdOf(res.json().url));
  return { owner, ...paid };
}

describe('without Stripe connected', () => {
  it('says plans are assigned by the operator, takes no payment, and refuses webhooks', async () => {
    const { cookie } = await signUp(t.app);
    expect(await billing(cookie)).toMatchObject({ paymentsConnected: false, state: 'trial', plan: 'professional', canManage: false, invoices: [] });
    const refused = await checkout(cookie, 'business', 'monthly');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('billing_not_connected');
    expect((await send(t.app, 'POST', '/api/v1/billing/portal', cookie)).statusCode).toBe(409);
    expect((await webhook('{}', 't=1,v1=00')).statusCode).toBe(503);
    expect(stripe.requests).toEqual([]);
  });
});

describe('with Stripe connected', () => {
  beforeAll(connectStripe);

  it('opens Checkout for the plan and period: the price found or created by lookup key, one customer per business', async () => {
    const { cookie } = await signUp(t.app);
    const res = await checkout(cookie, 'business', 'yearly');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.baseUrl}/checkout/cs_test_`));
    const price = [...stripe.prices.values()].find((p) => p.lookup_key === 'statuslink_business_yearly')!;
    // $199 a month, 12 months less 20 %: $1,910 a year.
    expect(price).toMatchObject({ unit_amount: 191000, currency: 'usd', recurring: { interval: 'year' } });
    const session = stripe.sessions.get(sessionIdOf(res.json().url))!;
    expect(session).toMatchObject({ mode: 'subscription', success_url: 'http://localhost:3000/app/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}' });

    const created = stripe.requests.filter((r) => r === 'POST /v1/prices' || r === 'POST /v1/customers').length;
    expect((await checkout(cookie, 'business', 'yearly')).statusCode).toBe(200);
    expect(stripe.requests.filter((r) => r === 'POST /v1/prices' || r === 'POST /v1/customers').length).toBe(created);
  });

  it('refuses Enterprise (sales) and an unknown period with a clear 400', async () => {
    const { cookie } = await signUp(t.app);
    const enterprise = await checkout(cookie, 'enterprise', 'monthly');
    expect(enterprise.statusCode).toBe(400);
    expect(enterprise.json().error.message).toMatch(/contact sales/);
    expect((await checkout(cookie, 'business', 'weekly')).statusCode).toBe(400);
  });

  it('activates the plan on the webhooks, records the paid invoice, and applies a re-sent event once', async () => {
    const { owner, events } = await paidCheckout('business', 'yearly');
    await stripe.send(...events);
    const view = await billing(owner.cookie);
    expect(view).toMatchObject({ paymentsConnected: true, state: 'paying', plan: 'business', period: 'yearly', portalsOpen: true, canManage: true, graceEndsAt: null });
    expect(view.invoices).toHaveLength(1);
    expect(view.invoices[0]).toMatchObject({ status: 'paid', amountPaid: 191000, currency: 'usd', plan: 'business' });
    const me = (await send(t.app, 'GET', '/api/v1/me', owner.cookie)).json();
    expect(me.business).toMatchObject({ plan: 'business', status: 'active' });

    const again = stripe.sign(events[1]!);
    const res = await webhook(again.payload, again.signature);
    expect(res.json()).toEqual({ received: true, applied: false });
    expect((await billing(owner.cookie)).invoices).toHaveLength(1);
    // Paying already: the plan, card or cancellation are changed in Stripe's customer portal.
    expect((await checkout(owner.cookie, 'professional', 'monthly')).json().error.code).toBe('change_in_portal');
  });

  it('ends in the same state whatever order the events come in', async () => {
    const { owner, subscription, events } = await paidCheckout('professional', 'monthly');
    const invoiceEvent = events[1]!;
    // A later renewal's "paid" arrives before the first events, and the invoice's "paid" before checkout.
    const renewal = stripe.renew(subscription.id, 'paid');
    await stripe.send(renewal[0]!, invoiceEvent, events[2]!, events[0]!, renewal[1]!);
    const view = await billing(owner.cookie);
    expect(view).toMatchObject({ state: 'paying', plan: 'professional', period: 'monthly' });
    expect(view.invoices.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);

    // An invoice's older "open" snapshot coming last does not undo its payment.
    const stale = structuredClone(invoiceEvent) as Stripe.Event & { data: { object: Stripe.Invoice } };
    Object.assign(stale, { id: 'evt_stale_open' });
    Object.assign(stale.data.object, { status: 'open', amount_paid: 0 });
    await stripe.send(stale);
    expect((await billing(owner.cookie)).invoices.every((i: { status: string }) => i.status === 'paid')).toBe(true);
  });

  it('answers 400 to a bad signature and stores nothing', async () => {
    const { events } = await paidCheckout();
    const forged = stripe.sign(events[0]!, 'whsec_someone_else');
    const res = await webhook(forged.payload, forged.signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_signature');
    expect((await webhook(forged.payload)).statusCode).toBe(400);
    expect(await t.app.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, events[0]!.id))).toEqual([]);
  });

  it('opens the customer portal for a business that paid, back to the Billing page', async () => {
    const { owner, events } = await paidCheckout();
    await stripe.send(...events);
    const res = await send(t.app, 'POST', '/api/v1/billing/portal', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.baseUrl}/portal/bps_`));
    const { cookie } = await signUp(t.app);
    expect((await send(t.app, 'POST', '/api/v1/billing/portal', cookie)).json().error.code).toBe('no_billing_account');
  });
});

describe('grace', () => {
  beforeAll(connectStripe);

  it('a failed renewal e-mails the owner and gives the grace; then the portal is unavailable until paid', async () => {
    const { owner, subscription, events } = await paidCheckout('professional', 'monthly');
    await stripe.send(...events);
    const mailsBefore = t.mails.length;
    await stripe.send(...stripe.renew(subscription.id, 'failed'));
    const failed = t.mails.slice(mailsBefore).find((m) => m.subject.includes('Payment failed'));
    expect(failed?.text).toContain('$79.00');
    expect(failed?.text).toContain('http://localhost:3000/app/billing');
    const view = await billing(owner.cookie);
    expect(view).toMatchObject({ state: 'past_due', portalsOpen: true });
    expect(new Date(view.graceEndsAt).getTime()).toBe(t.clock.nowMs() + 7 * DAY);
    expect((await lookup(t.app, owner.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);

    t.clock.advance(7 * DAY + 1000);
    expect((await billing(owner.cookie)).state).toBe('lapsed');
    const closed = await lookup(t.app, owner.portalId, { query: 'maria.gonzalez@example.com' });
    expect(closed.statusCode).toBe(503);
    expect(closed.json().error.code).toBe('portal_unavailable');
    expect((await publicConfig(t.app, owner.portalId)).json().state).toBe('unavailable');

    // Stripe collects on a retry: everything is back at once, nothing was deleted.
    await stripe.send(stripe.update(subscription.id, { status: 'active' }));
    expect(await billing(owner.cookie)).toMatchObject({ state: 'paying', graceEndsAt: null, portalsOpen: true });
    expect((await lookup(t.app, owner.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
  });

  it('a cancelled subscription keeps portals open (and their logo) for the grace, then closes them', async () => {
    const { owner, subscription, events } = await paidCheckout();
    await stripe.send(...events);
    const uploaded = await t.app.inject({ method: 'PUT', url: `/api/v1/portals/${owner.portalId}/logo`, remoteAddress: nextIp(), headers: { origin: TEST_ORIGIN, 'content-type': 'image/png', cookie: owner.cookie }, payload: PNG });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = () => t.app.inject({ method: 'GET', url: `/api/public/portals/${owner.portalId}/logo`, remoteAddress: nextIp() });
    await stripe.send(stripe.update(subscription.id, {}, 'customer.subscription.deleted'));
    expect(await billing(owner.cookie)).toMatchObject({ state: 'cancelled', portalsOpen: true });
    expect((await logo()).statusCode).toBe(200);
    t.clock.advance(8 * DAY);
    expect(await billing(owner.cookie)).toMatchObject({ state: 'lapsed', portalsOpen: false });
    // A lapsed portal shows the unavailable page, without the business's branding: its logo is not served either.
    expect((await logo()).statusCode).toBe(404);
  });

  it("the back office lists each business's billing state: trial, paying, then past due after a failed renewal", async () => {
    const { owner, subscription, events } = await paidCheckout('professional', 'monthly');
    await stripe.send(...events);
    const trial = await signUp(t.app);
    const ids = { paying: await businessIdOf(t, owner.user.id), trial: await businessIdOf(t, trial.user.id) };
    const states = async () => {
      const list = (await send(t.app, 'GET', '/api/admin/businesses', admin.cookie)).json().businesses as { id: string; billingState: string }[];
      return { paying: list.find((b) => b.id === ids.paying)?.billingState, trial: list.find((b) => b.id === ids.trial)?.billingState };
    };
    // The trial's state is the one its owner's Billing page shows (earlier tests moved the clock on).
    const trialState = (await billing(trial.cookie)).state;
    expect(['trial', 'trial_ended']).toContain(trialState);
    expect(await states()).toEqual({ paying: 'paying', trial: trialState });
    await stripe.send(...stripe.renew(subscription.id, 'failed'));
    expect(await states()).toEqual({ paying: 'past_due', trial: trialState });
  });

  it('the trial ends: the grace (a platform setting) keeps portals open, then they are unavailable; choosing a plan restores them', async () => {
    const owner = await portalWithClients(t.app, { plan: 'starter' });
    const id = await businessIdOf(t, owner.user.id);
    const [row] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.id, id));
    t.clock.set(row!.trialEndsAt!.getTime() + DAY);
    expect(await billing(owner.cookie)).toMatchObject({ state: 'trial_ended', portalsOpen: true, graceEndsAt: new Date(row!.trialEndsAt!.getTime() + 7 * DAY).toISOString() });
    expect((await lookup(t.app, owner.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);

    const saved = (await send(t.app, 'GET', '/api/admin/settings', admin.cookie)).json().settings;
    expect((await saveSettings(t, admin.cookie, { general: { graceDays: 1 } }, saved)).statusCode).toBe(200);
    t.app.ctx.settings.invalidate();
    expect((await billing(owner.cookie)).state).toBe('lapsed');
    expect((await lookup(t.app, owner.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(503);

    const res = await checkout(owner.cookie, 'starter', 'monthly');
    const { events } = stripe.pay(sessionIdOf(res.json().url));
    await stripe.send(...events);
    expect(await billing(owner.cookie)).toMatchObject({ state: 'paying', plan: 'starter', portalsOpen: true });
    expect((await lookup(t.app, owner.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
    const stored = await t.app.ctx.db.select().from(invoices).where(eq(invoices.businessId, id));
    expect(stored.map((i) => i.amountPaid)).toEqual([2900]);
  });
});

describe('changing plans', () => {
  beforeAll(connectStripe);

  const change = (cookie: string, plan: string, period: string) => send(t.app, 'POST', '/api/v1/billing/change', cookie, { plan, period });

  async function paying(plan: string, period: string) {
    const bought = await paidCheckout(plan, period);
    await stripe.send(...bought.events);
    stripe.takeOutbox();
    return bought;
  }

  it('an upgrade applies at once and Stripe invoices the prorated difference', async () => {
    const { owner, subscription } = await paying('professional', 'monthly');
    t.clock.advance(15 * DAY);
    const res = await change(owner.cookie, 'business', 'monthly');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'paying', plan: 'business', period: 'monthly', scheduledChange: null });
    expect((await send(t.app, 'GET', '/api/v1/me', owner.cookie)).json().business.plan).toBe('business');
    expect(stripe.subscriptions.get(subscription.id)!.items.data[0]!.price.lookup_key).toBe('statuslink_business_monthly');
    // Half of the 30-day period was left: $199 / 2 charged, $79 / 2 credited.
    await stripe.send(...stripe.takeOutbox());
    const view = await billing(owner.cookie);
    expect(view).toMatchObject({ state: 'paying', plan: 'business' });
    expect(view.invoices[0]).toMatchObject({ status: 'paid', amountPaid: 9950 - 3950, plan: 'business' });
    expect((await change(owner.cookie, 'business', 'monthly')).json().error.code).toBe('already_on_plan');
  });

  it('a downgrade is refused while the business uses more than the smaller plan allows, saying what to remove', async () => {
    const { owner } = await paying('business', 'monthly');
    expect((await send(t.app, 'POST', '/api/v1/portals', owner.cookie, { name: 'Second' })).statusCode).toBe(201);
    const res = await change(owner.cookie, 'starter', 'monthly');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'plan_does_not_fit',
      message: 'Your account does not fit the Starter plan yet. You have 2 portals and the Starter plan allows 1: delete 1 first.',
    });
    expect((await billing(owner.cookie)).scheduledChange).toBeNull();
    expect(stripe.requests).not.toContain('POST /v1/subscription_schedules');
  });

  it('a downgrade waits for the end of the period, can be cancelled, and then takes effect at the renewal', async () => {
    const { owner, subscription } = await paying('business', 'monthly');
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const scheduled = await change(owner.cookie, 'professional', 'monthly');
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ plan: 'business', scheduledChange: { plan: 'professional', period: 'monthly', at: new Date(periodEnd * 1000).toISOString() } });
    const schedule = stripe.schedules.get(stripe.subscriptions.get(subscription.id)!.schedule as string)!;
    expect(schedule.phases.map((p) => [p.start_date, p.end_date])).toEqual([
      [subscription.items.data[0]!.current_period_start, periodEnd],
      [periodEnd, periodEnd + 30 * 86_400],
    ]);

    const kept = await send(t.app, 'DELETE', '/api/v1/billing/scheduled-change', owner.cookie);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ plan: 'business', scheduledChange: null });
    expect(schedule.status).toBe('released');
    expect((await send(t.app, 'DELETE', '/api/v1/billing/scheduled-change', owner.cookie)).json().error.code).toBe('nothing_scheduled');

    expect((await change(owner.cookie, 'professional', 'monthly')).statusCode).toBe(200);
    t.clock.set(periodEnd * 1000);
    await stripe.send(...stripe.renew(subscription.id, 'paid'));
    const view = await billing(owner.cookie);
    expect(view).toMatchObject({ state: 'paying', plan: 'professional', period: 'monthly', scheduledChange: null });
    expect(view.invoices[0]).toMatchObject({ amountPaid: 7900, plan: 'professional' });
  });

  it('a subscription cancelled at the period end shows when it ends and resumes; a trial has nothing to change', async () => {
    const { owner, subscription } = await paying('professional', 'yearly');
    await stripe.send(stripe.update(subscription.id, { cancel_at_period_end: true }));
    const ending = await billing(owner.cookie);
    expect(ending).toMatchObject({ state: 'paying', cancelAt: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString() });
    expect((await change(owner.cookie, 'business', 'yearly')).json().error.code).toBe('resume_first');

    const resumed = await send(t.app, 'POST', '/api/v1/billing/resume', owner.cookie);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ state: 'paying', cancelAt: null });
    expect(stripe.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);
    expect((await send(t.app, 'POST', '/api/v1/billing/resume', owner.cookie)).json().error.code).toBe('nothing_to_resume');

    const { cookie } = await signUp(t.app);
    expect((await change(cookie, 'business', 'monthly')).json().error.code).toBe('no_subscription');
  });
});
