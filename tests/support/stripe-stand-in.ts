import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';

// A local stand-in for the few Stripe endpoints the app uses (Stripe is not reachable from here and has no offline
// mode): prices by lookup key, products, customers, Checkout sessions, subscriptions (read, update: a price swapped
// with an immediately invoiced proration, cancel at period end), subscription schedules (from a subscription,
// phases, release), billing portal sessions. The
// answers have Stripe's documented shapes (API version of the installed `stripe` package); events are signed the
// way Stripe signs them (`stripe.webhooks.generateTestHeaderString`) and handed to `deliver`. Its checkout page
// (`/checkout/<id>`) has a "Pay" button for the browser test.

type Obj = Record<string, unknown> & { id: string };
type Deliver = (payload: string, signature: string) => Promise<void>;

export interface StripeStandIn {
  /** What STRIPE_API_BASE_URL is set to. */
  baseUrl: string;
  readonly webhookSecret: string;
  /** Where signed events go (the test sets it: app.inject in server tests, a POST to the app in the browser). */
  deliver: Deliver;
  /** Every API request, `METHOD /path`, in order. */
  requests: string[];
  prices: Map<string, Obj>;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Stripe.Subscription>;
  schedules: Map<string, Stripe.SubscriptionSchedule>;
  /** Events of changes made through the API (a subscription updated, its proration invoice paid), not sent yet. */
  takeOutbox(): Stripe.Event[];
  /** Pays a checkout session as Stripe does: a subscription, its first invoice paid; returns the events, not sent. */
  pay(sessionId: string): { subscription: Stripe.Subscription; events: Stripe.Event[] };
  /**
   * A renewal invoice of the subscription, paid or failed (the subscription goes past_due on a failure). A schedule
   * phase starting at the period's end swaps the price first (and says so with customer.subscription.updated).
   */
  renew(subscriptionId: string, outcome: 'paid' | 'failed'): Stripe.Event[];
  /** Changes the subscription as Stripe would (status, cancellation) and returns the event saying so. */
  update(subscriptionId: string, change: Partial<Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end'>>, type?: 'customer.subscription.updated' | 'customer.subscription.deleted'): Stripe.Event;
  /** Signs and delivers events, in the order given. */
  send(...events: Stripe.Event[]): Promise<void>;
  /** The event's JSON and its Stripe-Signature header. */
  sign(event: Stripe.Event, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

const DAY = 86_400;

/** Reads Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** Starts the stand-in on `port` (0: any free one) with the webhook signing secret the app is given too. */
export async function startStripeStandIn(options: { port?: number; webhookSecret?: string; now?: () => number } = {}): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? 'whsec_standin_secret';
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const signer = new Stripe('sk_test_standin');
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_standin${String(++counter).padStart(6, '0')}`;
  const sockets = new Set<Socket>();

  const prices = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const schedules = new Map<string, Stripe.SubscriptionSchedule>();
  const outbox: Stripe.Event[] = [];

  const list = (url: string, data: unknown[]) => ({ object: 'list', data, has_more: false, url });
  const event = (type: string, object: unknown): Stripe.Event =>
    ({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }) as unknown as Stripe.Event;

  function createPrice(body: Record<string, unknown>): Obj {
    const recurring = body.recurring as { interval: string };
    const price: Obj = {
      id: newId('price'),
      object: 'price',
      active: true,
      currency: body.currency,
      lookup_key: body.lookup_key ?? null,
      metadata: body.metadata ?? {},
      product: body.product,
      recurring: { interval: recurring.interval, interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: Number(body.unit_amount),
      created: nowSeconds(),
      livemode: false,
    };
    prices.set(price.id, price);
    return price;
  }

  function createSession(body: Record<string, unknown>): Obj {
    const id = newId('cs_test');
    const items = body.line_items as { price: string; quantity: string }[];
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: body.customer,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      subscription: null,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      url: `${standIn.baseUrl}/checkout/${id}`,
      livemode: false,
      created: nowSeconds(),
      _price: items[0]!.price,
      _subscription_metadata: (body.subscription_data as { metadata?: unknown } | undefined)?.metadata ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  function invoiceFor(sub: Stripe.Subscription, paid: boolean, reason: string, prorated?: { amount: number; start: number }): Stripe.Invoice {
    const item = sub.items.data[0]!;
    const amount = prorated?.amount ?? item.price.unit_amount ?? 0;
    const periodStart = prorated?.start ?? item.current_period_start;
    const now = nowSeconds();
    return {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      billing_reason: reason,
      currency: item.price.currency,
      created: now,
      period_start: periodStart,
      period_end: item.current_period_end,
      hosted_invoice_url: `${standIn.baseUrl}/invoices/${counter}`,
      status_transitions: { paid_at: paid ? now : null, finalized_at: now, marked_uncollectible_at: null, voided_at: null },
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: {
        object: 'list',
        has_more: false,
        url: '/v1/invoices/lines',
        data: [{ id: newId('il'), object: 'line_item', amount, currency: item.price.currency, period: { start: periodStart, end: item.current_period_end } }],
      },
      livemode: false,
    } as unknown as Stripe.Invoice;
  }

  function createSubscription(session: Obj): Stripe.Subscription {
    const price = prices.get(session._price as string)!;
    const start = nowSeconds();
    const days = intervalDays(price);
    const id = newId('sub');
    const sub = {
      id,
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      schedule: null,
      created: start,
      start_date: start,
      metadata: session._subscription_metadata,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1, subscription: id, current_period_start: start, current_period_end: start + days * DAY }],
      },
      livemode: false,
    } as unknown as Stripe.Subscription;
    subscriptions.set(id, sub);
    return sub;
  }

  const intervalDays = (price: object) => ((price as { recurring: { interval: string } }).recurring.interval === 'year' ? 365 : 30);

  /**
   * POST /v1/subscriptions/{id}: a new price for the item (Stripe prorates: the unused part of the old price is
   * credited and the new one charged for the rest of the period, invoiced and paid at once with
   * proration_behavior=always_invoice; a change of interval starts a new period now), or the cancellation at the
   * period's end set or undone.
   */
  function updateSubscription(sub: Stripe.Subscription, body: Record<string, unknown>): Stripe.Subscription {
    if ('cancel_at_period_end' in body) Object.assign(sub, { cancel_at_period_end: body.cancel_at_period_end === 'true', cancel_at: null });
    if ('cancel_at' in body) Object.assign(sub, { cancel_at: body.cancel_at ? Number(body.cancel_at) : null });
    const wanted = (body.items as { id: string; price: string }[] | undefined)?.[0];
    if (wanted) {
      const item = sub.items.data[0]!;
      const next = prices.get(wanted.price)! as unknown as Stripe.Price;
      const now = nowSeconds();
      const left = (item.current_period_end - now) / (item.current_period_end - item.current_period_start);
      const credit = Math.round((item.price.unit_amount ?? 0) * left);
      const newInterval = next.recurring!.interval !== item.price.recurring!.interval;
      const amount = newInterval ? (next.unit_amount ?? 0) - credit : Math.round((next.unit_amount ?? 0) * left) - credit;
      if (newInterval) Object.assign(item, { current_period_start: now, current_period_end: now + intervalDays(next) * DAY });
      Object.assign(item, { price: next });
      if (body.proration_behavior === 'always_invoice') outbox.push(event('invoice.paid', invoiceFor(sub, true, 'subscription_update', { amount, start: now })));
    }
    outbox.unshift(event('customer.subscription.updated', structuredClone(sub)));
    return sub;
  }

  function createSchedule(body: Record<string, unknown>): Stripe.SubscriptionSchedule | null {
    const sub = subscriptions.get(body.from_subscription as string);
    if (!sub) return null;
    const item = sub.items.data[0]!;
    const phase = { start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }], proration_behavior: 'create_prorations' };
    const schedule = {
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      customer: sub.customer,
      subscription: sub.id,
      status: 'active',
      end_behavior: 'release',
      current_phase: { start_date: phase.start_date, end_date: phase.end_date },
      phases: [phase],
      released_subscription: null,
      metadata: {},
      created: nowSeconds(),
      livemode: false,
    } as unknown as Stripe.SubscriptionSchedule;
    schedules.set(schedule.id, schedule);
    Object.assign(sub, { schedule: schedule.id });
    return schedule;
  }

  /** POST /v1/subscription_schedules/{id}: new phases; a phase without dates follows the one before for its duration. */
  function updateSchedule(schedule: Stripe.SubscriptionSchedule, body: Record<string, unknown>): Stripe.SubscriptionSchedule {
    type PhaseForm = { start_date?: string; end_date?: string; items: { price: string; quantity?: string }[]; duration?: { interval: string }; proration_behavior?: string };
    let previousEnd = 0;
    const phases = ((body.phases as PhaseForm[] | undefined) ?? []).map((p) => {
      const start = p.start_date ? Number(p.start_date) : previousEnd;
      const end = p.end_date ? Number(p.end_date) : start + (p.duration?.interval === 'year' ? 365 : 30) * DAY;
      previousEnd = end;
      return { start_date: start, end_date: end, items: p.items.map((i) => ({ price: i.price, quantity: Number(i.quantity ?? 1) })), proration_behavior: p.proration_behavior ?? 'create_prorations' };
    });
    Object.assign(schedule, { phases, end_behavior: body.end_behavior ?? schedule.end_behavior });
    return schedule;
  }

  function releaseSchedule(schedule: Stripe.SubscriptionSchedule): Stripe.SubscriptionSchedule {
    const sub = subscriptions.get(schedule.subscription as string);
    if (sub) Object.assign(sub, { schedule: null });
    Object.assign(schedule, { status: 'released', released_at: nowSeconds(), released_subscription: schedule.subscription, subscription: null });
    return schedule;
  }

  const routes: { method: string; path: RegExp; answer: (m: RegExpExecArray, body: Record<string, unknown>, url: URL) => unknown }[] = [
    {
      method: 'GET',
      path: /^\/v1\/prices$/,
      answer: (_m, _b, url) => {
        const keys = [...url.searchParams].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
        return list('/v1/prices', [...prices.values()].filter((p) => p.active && keys.includes(p.lookup_key as string)));
      },
    },
    { method: 'POST', path: /^\/v1\/prices$/, answer: (_m, body) => createPrice(body) },
    {
      method: 'POST',
      path: /^\/v1\/products$/,
      answer: (_m, body) => ({ id: newId('prod'), object: 'product', active: true, name: body.name, metadata: body.metadata ?? {}, created: nowSeconds(), livemode: false }),
    },
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      answer: (_m, body) => {
        const customer: Obj = { id: newId('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, created: nowSeconds(), livemode: false };
        customers.set(customer.id, customer);
        return customer;
      },
    },
    { method: 'POST', path: /^\/v1\/checkout\/sessions$/, answer: (_m, body) => publicSession(createSession(body)) },
    { method: 'GET', path: /^\/v1\/subscriptions\/([^/]+)$/, answer: (m) => subscriptions.get(m[1]!) ?? null },
    { method: 'POST', path: /^\/v1\/subscriptions\/([^/]+)$/, answer: (m, body) => withSub(m[1]!, (sub) => updateSubscription(sub, body)) },
    { method: 'POST', path: /^\/v1\/subscription_schedules$/, answer: (_m, body) => createSchedule(body) },
    { method: 'GET', path: /^\/v1\/subscription_schedules\/([^/]+)$/, answer: (m) => schedules.get(m[1]!) ?? null },
    { method: 'POST', path: /^\/v1\/subscription_schedules\/([^/]+)$/, answer: (m, body) => withSchedule(m[1]!, (s) => updateSchedule(s, body)) },
    { method: 'POST', path: /^\/v1\/subscription_schedules\/([^/]+)\/release$/, answer: (m) => withSchedule(m[1]!, releaseSchedule) },
    {
      method: 'POST',
      path: /^\/v1\/billing_portal\/sessions$/,
      answer: (_m, body) => {
        const id = newId('bps');
        return { id, object: 'billing_portal.session', customer: body.customer, return_url: body.return_url ?? null, url: `${standIn.baseUrl}/portal/${id}`, created: nowSeconds(), livemode: false };
      },
    },
  ];

  const withSub = <T,>(id: string, f: (sub: Stripe.Subscription) => T) => {
    const sub = subscriptions.get(id);
    return sub ? f(sub) : null;
  };
  const withSchedule = <T,>(id: string, f: (s: Stripe.SubscriptionSchedule) => T) => {
    const schedule = schedules.get(id);
    return schedule ? f(schedule) : null;
  };

  const publicSession = (s: Obj) => Object.fromEntries(Object.entries(s).filter(([k]) => !k.startsWith('_')));

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', 'http://standin.invalid');
    standIn.requests.push(`${req.method} ${url.pathname}`);
    const page = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (page) return checkoutPage(req, res, page[1]!, Boolean(page[2]));
    if (url.pathname.startsWith('/portal/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html lang="en"><head><title>Customer portal (Stripe stand-in)</title></head><body><h1>Stripe stand-in customer portal</h1></body></html>');
      return;
    }
    if (!(req.headers.authorization ?? '').startsWith('Bearer sk_')) return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    for (const route of routes) {
      const m = route.method === req.method ? route.path.exec(url.pathname) : null;
      if (!m) continue;
      const answer = route.answer(m, parseStripeForm(text), url);
      if (answer === null) return json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${m[1]}'` } });
      return json(res, 200, answer);
    }
    return json(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
  }

  async function checkoutPage(req: http.IncomingMessage, res: http.ServerResponse, id: string, paying: boolean) {
    const session = sessions.get(id);
    if (!session) return json(res, 404, { error: { message: 'No such checkout session' } });
    if (paying && req.method === 'POST') {
      const { events } = standIn.pay(id);
      await standIn.send(...events);
      res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id) }).end();
      return;
    }
    const price = prices.get(session._price as string)!;
    const amount = `$${(Number(price.unit_amount) / 100).toFixed(2)} per ${(price.recurring as { interval: string }).interval}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!DOCTYPE html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Checkout (Stripe stand-in)</title></head>` +
        `<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem"><h1>Stripe stand-in checkout</h1>` +
        `<p data-testid="standin-amount">${amount}</p><form method="post" action="/checkout/${id}/pay"><button type="submit">Pay</button></form>` +
        `<p><a href="${String(session.cancel_url)}">Back</a></p></body></html>`,
    );
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` }).end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));

  const standIn: StripeStandIn = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    webhookSecret,
    deliver: async () => {
      throw new Error('Set deliver to hand events to the app');
    },
    requests: [],
    prices,
    customers,
    sessions,
    subscriptions,
    schedules,
    takeOutbox: () => outbox.splice(0),
    pay(sessionId) {
      const session = sessions.get(sessionId)!;
      const subscription = createSubscription(session);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      const invoice = invoiceFor(subscription, true, 'subscription_create');
      return { subscription, events: [event('checkout.session.completed', publicSession(session)), event('invoice.paid', invoice), event('invoice.payment_succeeded', invoice)] };
    },
    renew(subscriptionId, outcome) {
      const sub = subscriptions.get(subscriptionId)!;
      const item = sub.items.data[0]!;
      const schedule = sub.schedule ? schedules.get(sub.schedule as string) : undefined;
      const phase = schedule?.phases.find((p) => p.start_date === item.current_period_end);
      const swapped = phase ? prices.get(phase.items[0]!.price as string) : undefined;
      if (swapped) Object.assign(item, { price: swapped });
      const length = swapped ? intervalDays(swapped) * DAY : item.current_period_end - item.current_period_start;
      Object.assign(item, { current_period_start: item.current_period_end, current_period_end: item.current_period_end + length });
      const invoice = invoiceFor(sub, outcome === 'paid', 'subscription_cycle');
      const changed = swapped ? [event('customer.subscription.updated', structuredClone(sub))] : [];
      if (outcome === 'paid') return [...changed, event('invoice.paid', invoice), event('invoice.payment_succeeded', invoice)];
      Object.assign(sub, { status: 'past_due' });
      return [event('invoice.payment_failed', invoice), event('customer.subscription.updated', structuredClone(sub))];
    },
    update(subscriptionId, change, type = 'customer.subscription.updated') {
      const sub = subscriptions.get(subscriptionId)!;
      Object.assign(sub, change, type === 'customer.subscription.deleted' ? { status: 'canceled', canceled_at: nowSeconds() } : {});
      return event(type, structuredClone(sub));
    },
    sign(ev, secret = webhookSecret) {
      const payload = JSON.stringify(ev);
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    async send(...events) {
      for (const ev of events) {
        const { payload, signature } = standIn.sign(ev);
        await standIn.deliver(payload, signature);
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
