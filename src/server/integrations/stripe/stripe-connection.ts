import Stripe from 'stripe';
import type { AppContext } from '../../context';
import { getPlatformSecret } from '../../services/platform-settings/platform-secrets';

/** Stripe as the operator connected it: the API client and the webhook endpoint's signing secret. */
export interface StripeConnection {
  stripe: Stripe;
  webhookSecret: string;
}

type ConnectionCtx = Pick<AppContext, 'db' | 'env'>;

const clients = new Map<string, Stripe>();

/**
 * The Stripe connection, or null when payments are not connected: both the secret key and the webhook secret are
 * needed (a checkout whose webhooks nobody could verify would take money without giving the plan). Each comes from
 * the environment (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) or else from the back office's API & Integrations.
 */
export async function stripeConnection(ctx: ConnectionCtx): Promise<StripeConnection | null> {
  const authSecret = ctx.env.BETTER_AUTH_SECRET ?? '';
  const key = ctx.env.STRIPE_SECRET_KEY ?? (await getPlatformSecret(ctx.db, authSecret, 'stripeApiKey'));
  const webhookSecret = ctx.env.STRIPE_WEBHOOK_SECRET ?? (await getPlatformSecret(ctx.db, authSecret, 'stripeWebhookSecret'));
  if (!key || !webhookSecret) return null;
  return { stripe: stripeClient(key, ctx.env.STRIPE_API_BASE_URL), webhookSecret };
}

/** One client per key and address (the package keeps its connections alive between calls). */
function stripeClient(key: string, baseUrl: string | undefined): Stripe {
  const id = `${baseUrl ?? ''} ${key}`;
  let client = clients.get(id);
  if (!client) {
    client = new Stripe(key, { maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: 'StatusLink' }, ...apiAddress(baseUrl) });
    clients.set(id, client);
  }
  return client;
}

function apiAddress(baseUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** The id of a Stripe field that is an id or the expanded object. */
export const stripeId = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));
