import { planHas } from '@core/plan-features';
import { isPlanId } from '@core/plans';
import { readPortalConfig } from '@core/portal-config';
import type { PlatformSettings } from '@core/validation/admin-settings';
import type { Env } from '../../env';
import { senderNameOf } from '../../integrations/mail/mailer';

/**
 * Who a client e-mail is from and how it looks: the portal's company name as sender, its logo and colour, replies to
 * the portal's contact address (else the owner), and the platform's mark unless the plan has white-label (D14).
 * The one place this is decided for client e-mails; the custom-domain work may replace it with its own function.
 */
export interface ClientMailBranding {
  senderName: string;
  companyName: string;
  /** Absolute http(s) address, or null. */
  logoUrl: string | null;
  primaryColor: string;
  replyTo: string | null;
  /** "Sent with StatusLink", or null on a white-label plan. */
  platformName: string | null;
}

export function clientMailBranding(input: {
  env: Pick<Env, 'APP_URL'>;
  portalConfig: unknown;
  business: { companyName: string; email: string; plan: string };
  platform: PlatformSettings;
}): ClientMailBranding {
  const config = readPortalConfig(input.portalConfig);
  const companyName = (config.companyName && config.companyName !== 'Your Company' ? config.companyName : input.business.companyName).trim() || input.business.companyName;
  const logo = config.logoUrl.trim();
  return {
    senderName: senderNameOf(companyName),
    companyName,
    logoUrl: logo === '' ? null : logo.startsWith('/') ? `${input.env.APP_URL}${logo}` : logo,
    primaryColor: config.primaryColor,
    replyTo: config.contactEmail.trim() || input.business.email || null,
    platformName: isPlanId(input.business.plan) && planHas(input.business.plan, 'whiteLabel') ? null : input.platform.general.platformName,
  };
}
