import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { messages } from '@core/messages';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { businessProfiles, stripeEvents } from '../../db/schema';
import { UnavailableError, ValidationError } from '../../errors';
import { stripeConnection, stripeId as idOf } from '../../integrations/stripe/stripe-connection';
import type { BusinessProfile } from '../business/get-business-by-user';
import { applySubscription } from './apply-subscription';
import { recordInvoice } from './record-invoice';
import { sendPaymentFailed } from './send-payment-failed';

type EventCtx = Pick<AppContext, 'db' | 'env' | 'settings' | 'clock' | 'mailer' | 'logger' | 'portalMeta'>;

/** The events the endpoint applies; others are acknowledged and stored so they are not looked at again. */
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);

/** What an event says, with the subscription as Stripe has it now (so events apply in any order). */
interface EventNews {
  subscription: Stripe.Subscription | null;
  invoice: Stripe.Invoice | null;
  customerId: string | null;
}

/**
 * A Stripe webhook (POST /api/stripe/webhook): the signature checked with the package (400 when it does not match),
 * then the event applied once: its id is stored in the transaction that applies it, so a re-sent event changes
 * nothing. The subscription is read back from Stripe rather than taken from the event, so whichever event comes
 * last, the business ends with the subscription's current state.
 */
export async function receiveStripeEvent(ctx: EventCtx, rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean }> {
  const connection = await stripeConnection(ctx);
  if (!connection) throw new UnavailableError(messages.billing.notConnected, 'billing_not_connected');
  const event = verifiedEvent(connection.stripe, rawBody, signature, connection.webhookSecret);
  const [seen] = await ctx.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { applied: false };
  const news = await readNews(connection.stripe, event);
  const graceDays = (await ctx.settings.get()).general.graceDays;
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const claimed = await tx.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (claimed.length === 0) return null;
    const business = await businessFor(tx, news);
    if (!business) return { business: null };
    if (news.subscription) await applySubscription(tx, business, news.subscription, { now, graceDays });
    if (news.invoice) await recordInvoice(tx, business.id, news.invoice, news.subscription);
    return { business };
  });
  if (!outcome) return { applied: false };
  if (!outcome.business) {
    ctx.logger.warn({ eventId: event.id, type: event.type }, 'Stripe event for no known business');
    return { applied: true };
  }
  ctx.portalMeta.businessChanged(outcome.business.id);
  if (event.type === 'invoice.payment_failed' && news.invoice) await sendPaymentFailed(ctx, outcome.business, news.invoice);
  return { applied: true };
}

function verifiedEvent(stripe: Stripe, rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new ValidationError(messages.billing.badSignature, 'bad_signature');
  }
}


/** The subscription (read back from Stripe), the invoice and the customer an event is about. */
async function readNews(stripe: Stripe, event: Stripe.Event): Promise<EventNews> {
  let subscriptionId: string | null = null;
  let invoice: Stripe.Invoice | null = null;
  let customerId: string | null = null;
  if (event.type === 'checkout.session.completed') {
    subscriptionId = idOf(event.data.object.subscription);
    customerId = idOf(event.data.object.customer);
  } else if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    subscriptionId = event.data.object.id;
    customerId = idOf(event.data.object.customer);
  } else if (INVOICE_EVENTS.has(event.type)) {
    invoice = event.data.object as Stripe.Invoice;
    subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    customerId = idOf(invoice.customer);
  }
  const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
  return { subscription, invoice, customerId: customerId ?? idOf(subscription?.customer) };
}

/** The business an event is about: the id put on the subscription at checkout, else its Stripe customer. */
async function businessFor(tx: Tx, news: EventNews): Promise<BusinessProfile | null> {
  const id = news.subscription?.metadata?.businessId;
  if (id) {
    const [byId] = await tx.select().from(businessProfiles).where(eq(businessProfiles.id, id));
    if (byId) return byId;
  }
  if (!news.customerId) return null;
  const [byCustomer] = await tx.select().from(businessProfiles).where(eq(businessProfiles.stripeCustomerId, news.customerId));
  return byCustomer ?? null;
}
