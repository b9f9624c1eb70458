import { and, asc, eq, isNull } from 'drizzle-orm';
import type { NotificationPreview } from '@core/api/notifications';
import { statusLineFor, type NotificationSettings } from '@core/notification-settings';
import { notificationTexts as texts } from '@core/notification-texts';
import type { AppContext } from '../../context';
import { businessProfiles, clientEstimates, clients } from '../../db/schema';
import { MailSendError } from '../../integrations/mail/mailer';
import { UnavailableError } from '../../errors';
import { getPortalRow } from '../portals/get-portal';
import { clientMailBranding } from './client-mail-branding';
import { renderInvitationEmail, renderUpdateEmail, type RenderedClientEmail } from './render-client-email';
import { unsubscribeUrls } from './unsubscribe-token';
import { portalUrl } from '../client-access/access-link';
import { servedDomainNames } from '../custom-domains/served-domains';
import { estimateOfClient, toldEstimateDate } from '../estimates/client-estimate-view';

export interface PreviewInput {
  settings: NotificationSettings;
  kind: 'update' | 'invitation';
  status?: string;
}

/** Renders what a client would get with these (possibly unsaved) settings, for the portal's first client or a sample. */
async function renderPreview(ctx: AppContext, businessId: string, portalId: string, input: PreviewInput, banner?: string): Promise<RenderedClientEmail & { from: string; replyTo: string | null }> {
  const portal = await getPortalRow(ctx.db, businessId, portalId);
  const [[business], [client], platform] = await Promise.all([
    ctx.db.select().from(businessProfiles).where(eq(businessProfiles.id, businessId)),
    ctx.db
      .select({ name: clients.name, status: clients.status, position: clients.queuePosition, estimate: toldEstimateDate })
      .from(clients)
      .leftJoin(clientEstimates, estimateOfClient)
      .where(and(eq(clients.portalId, portalId), isNull(clients.removedAt)))
      .orderBy(asc(clients.row))
      .limit(1),
    ctx.settings.get(),
  ]);
  const branding = clientMailBranding({ env: ctx.env, portalConfig: portal.config, business: business!, platform });
  const status = input.status?.trim() || client?.status || 'In Progress';
  const sample = { name: client?.name ?? 'Jordan Client', status, position: client?.position ?? 3, estimate: client?.estimate ?? null };
  const link = portalUrl(ctx.env, portalId, (await servedDomainNames(ctx.db, [portalId], ctx.clock.nowMs())).get(portalId));
  const unsubscribeUrl = unsubscribeUrls(ctx.env, { portalId, emailNormalized: 'preview@example.invalid' }).page;
  const mail =
    input.kind === 'invitation'
      ? renderInvitationEmail({ branding, templates: input.settings.templates, client: sample, link, unsubscribeUrl, banner })
      : renderUpdateEmail({ branding, templates: input.settings.templates, client: sample, items: [{ trigger: 'status', status, line: statusLineFor(input.settings, status) }], link, unsubscribeUrl, banner });
  return { ...mail, from: branding.senderName, replyTo: branding.replyTo };
}

export async function previewNotification(ctx: AppContext, businessId: string, portalId: string, input: PreviewInput): Promise<NotificationPreview> {
  const { subject, html, text, from } = await renderPreview(ctx, businessId, portalId, input);
  return { subject, html, text, from };
}

/** Sends the preview to the signed-in owner, marked as a test; 503 with the reason when the mail server refuses it. */
export async function sendTestNotification(ctx: AppContext, businessId: string, portalId: string, input: PreviewInput, to: string): Promise<{ sentTo: string }> {
  const mail = await renderPreview(ctx, businessId, portalId, input, texts.body.testBanner);
  try {
    await ctx.mailer.send({ to, subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html, fromName: mail.from, replyTo: mail.replyTo ?? undefined });
  } catch (err) {
    if (err instanceof MailSendError) throw new UnavailableError(err.message, 'mail_send_failed');
    throw err;
  }
  return { sentTo: to };
}
