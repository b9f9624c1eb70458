import { webhookUrlProblem } from '@core/webhooks';
import type { Env } from '../../env';
import { ValidationError } from '../../errors';
import { literalAddressProblem } from '../../integrations/webhooks/address-guard';

/**
 * Checks an endpoint address when it is saved: https (http too where private addresses are allowed), and not an IP
 * address a webhook may not reach. Where a name leads is checked again at every connection (address-guard.ts).
 */
export function checkWebhookUrl(url: string, env: Pick<Env, 'WEBHOOKS_ALLOW_PRIVATE_ADDRESSES'>): string {
  const allowPrivate = env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES;
  const problem = webhookUrlProblem(url, { allowHttp: allowPrivate });
  if (problem) throw new ValidationError(problem);
  const host = new URL(url).hostname;
  if (!allowPrivate && (literalAddressProblem(host) || host === 'localhost' || host.endsWith('.localhost'))) {
    throw new ValidationError('The address must be reachable on the internet: private, loopback and link-local addresses are not allowed');
  }
  return url;
}
