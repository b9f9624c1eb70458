import type { ContactForm, ContactInterest } from '@core/validation/contact';
import type { AppContext } from '../../context';
import { contactMessages } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';

type InboxContext = Pick<AppContext, 'db' | 'env' | 'logger' | 'mailer' | 'settings'>;

const interestLabels: Record<ContactInterest, string> = {
  general: 'General question',
  demo: 'Demo request',
  pricing: 'Pricing',
  enterprise: 'Enterprise',
  support: 'Support',
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One line of header-safe text (no line breaks, runs of spaces collapsed, capped). */
const oneLine = (s: string, max = 120) => s.replace(/\s+/g, ' ').trim().slice(0, max);

export interface SubmitContactResult {
  id: string;
  /** Where the notification went; null when no sales address is configured. */
  notified: string | null;
}

/**
 * Stores a message from the public contact form, records it in the activity log, then e-mails the platform's
 * sales address (platform setting, else SALES_EMAIL). The message is kept even when no address is set or the
 * e-mail fails: it stays in the back-office inbox either way.
 */
export async function submitContactMessage(
  ctx: InboxContext,
  input: ContactForm,
  meta: { ipAddress?: string | null } = {},
): Promise<SubmitContactResult> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        company: input.company,
        phone: input.phone,
        interest: input.interest,
        message: input.message,
        ipAddress: meta.ipAddress ?? null,
      })
      .returning({ id: contactMessages.id });
    await recordActivity(tx, {
      type: 'inbox.contact_message',
      ipAddress: meta.ipAddress ?? null,
      detail: { messageId: row!.id, interest: input.interest, email: input.email },
    });
    return row!.id;
  });

  const settings = await ctx.settings.get();
  const to = settings.general.salesEmail || ctx.env.SALES_EMAIL || '';
  if (!to) {
    ctx.logger.warn(
      { contactMessageId: id },
      'Contact message stored, but no sales address is set (platform setting "Sales email" or SALES_EMAIL): nobody was e-mailed.',
    );
    return { id, notified: null };
  }

  const interest = interestLabels[input.interest];
  const rows: [string, string][] = [
    ['Name', input.name],
    ['E-mail', input.email],
    ['Company', input.company || '-'],
    ['Phone', input.phone || '-'],
    ['Interested in', interest],
  ];
  const platform = settings.general.platformName;
  const text = [
    `A visitor sent a message through the ${platform} contact form.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    input.message,
    '',
    'Reply to this e-mail to answer the visitor directly. The message is also listed in the back office.',
    '',
    settings.email.emailFooterText,
  ].join('\n');
  const html = [
    '<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    `<p>A visitor sent a message through the ${escapeHtml(platform)} contact form.</p>`,
    '<table style="border-collapse:collapse">',
    ...rows.map(
      ([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#4b5563">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`,
    ),
    '</table>',
    `<p style="white-space:pre-wrap;border-left:3px solid #e5e7eb;padding-left:12px">${escapeHtml(input.message)}</p>`,
    '<p style="font-size:13px;color:#4b5563">Reply to this e-mail to answer the visitor directly. The message is also listed in the back office.</p>',
    `<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#6b7280">${escapeHtml(settings.email.emailFooterText)}</p>`,
    '</div>',
  ].join('');

  try {
    await ctx.mailer.send({
      to,
      subject: `${interest}: new message from ${oneLine(input.name)}`,
      text,
      html,
      fromName: settings.email.emailSenderName,
      replyTo: input.email,
    });
  } catch (err) {
    ctx.logger.warn({ err, contactMessageId: id }, 'Contact message stored, but the e-mail to the sales address failed.');
  }
  return { id, notified: to };
}
