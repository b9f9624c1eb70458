import type { UpdateItem } from '@core/notification-changes';
import { fillNotificationText, type NotificationPlaceholder, type NotificationSettings } from '@core/notification-settings';
import { notificationTexts as texts } from '@core/notification-texts';
import type { ClientMailBranding } from './client-mail-branding';

// The e-mails clients get (issue 19): an update (what changed, what it means, their link) or an invitation, in the
// business's name and colours, with a visible unsubscribe link. Plain text and HTML say the same.

export interface RenderedClientEmail {
  subject: string;
  text: string;
  html: string;
}

/** One formatter for every e-mail (making one per date costs more than the rest of an e-mail's rendering). */
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'March 14, 2026' for '2026-03-14'. */
export function longDate(isoDate: string): string {
  const d = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDate : LONG_DATE.format(d);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const capitalize = (s: string) => (s === '' ? s : s[0]!.toUpperCase() + s.slice(1));

function headlineOf(item: UpdateItem | undefined): string {
  if (!item) return '';
  switch (item.trigger) {
    case 'completed':
      return texts.headline.completed;
    case 'status':
      return texts.headline.status(item.status);
    case 'queue':
      return item.position === 1 ? texts.headline.next : texts.headline.position(item.position);
    case 'estimate':
      return texts.headline.estimate(longDate(item.to));
    case 'removed':
      return texts.headline.removed;
  }
}

function paragraphsOf(item: UpdateItem, companyName: string): string[] {
  switch (item.trigger) {
    case 'completed':
      return [texts.body.completed(item.status), item.line].filter(Boolean);
    case 'status':
      return [texts.body.status(item.status), item.line].filter(Boolean);
    case 'queue':
      return [item.position === 1 ? texts.body.next : texts.body.position(item.position)];
    case 'estimate':
      return [texts.body.estimate(longDate(item.to), longDate(item.from))];
    case 'removed':
      return [texts.body.removed(companyName)];
  }
}

export interface ClientFacts {
  name: string;
  status: string;
  position: number | null;
  estimate: string | null;
}

/** Placeholder values for one client. */
export function placeholderValues(client: ClientFacts, companyName: string, headline: string): Record<NotificationPlaceholder, string> {
  return {
    clientName: client.name,
    companyName,
    status: client.status,
    position: client.position === null ? '' : String(client.position),
    estimate: client.estimate ? longDate(client.estimate) : '',
    headline: capitalize(headline),
  };
}

interface Layout {
  branding: ClientMailBranding;
  subject: string;
  paragraphs: string[];
  link: { url: string; label: string };
  unsubscribeUrl: string | null;
  banner?: string;
}

function layout(input: Layout): RenderedClientEmail {
  const { branding } = input;
  const footer = [texts.body.why(branding.companyName), ...(branding.platformName ? [texts.body.poweredBy(branding.platformName)] : [])];
  const text = [
    ...(input.banner ? [input.banner] : []),
    ...input.paragraphs,
    `${input.link.label}: ${input.link.url}`,
    '--',
    footer.join('\n'),
    ...(input.unsubscribeUrl ? [`${texts.body.unsubscribe}: ${input.unsubscribeUrl}`] : []),
  ].join('\n\n');
  const color = escapeHtml(branding.primaryColor);
  const header = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.companyName)}" style="max-height:48px;max-width:200px">`
    : `<span style="font-size:18px;font-weight:bold;color:${color}">${escapeHtml(branding.companyName)}</span>`;
  const html = [
    '<!doctype html><html><body style="margin:0;background:#f3f4f6">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    `<div style="padding:0 0 16px">${header}</div>`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    ...(input.banner ? [`<p style="background:#fef3c7;border-radius:6px;padding:8px 12px;font-size:13px">${escapeHtml(input.banner)}</p>`] : []),
    ...input.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p style="padding-top:8px"><a href="${escapeHtml(input.link.url)}" style="display:inline-block;background:${color};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(input.link.label)}</a></p>`,
    `<p style="font-size:12px;color:#6b7280;word-break:break-all">${escapeHtml(input.link.url)}</p>`,
    '</div>',
    `<p style="font-size:12px;color:#6b7280;padding:12px 8px 0">${footer.map(escapeHtml).join('<br>')}`,
    ...(input.unsubscribeUrl ? [`<br><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(texts.body.unsubscribe)}</a>`] : []),
    '</p></div></body></html>',
  ].join('');
  return { subject: input.subject.replace(/\s+/g, ' ').trim(), text, html };
}

/** Splits a business's text into paragraphs on blank lines. */
const paragraphs = (text: string) =>
  text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export function renderUpdateEmail(input: {
  branding: ClientMailBranding;
  templates: NotificationSettings['templates'];
  client: ClientFacts;
  items: readonly UpdateItem[];
  link: string;
  unsubscribeUrl: string | null;
  banner?: string;
}): RenderedClientEmail {
  const headline = headlineOf(input.items[0]);
  const values = placeholderValues(input.client, input.branding.companyName, headline);
  return layout({
    branding: input.branding,
    subject: fillNotificationText(input.templates.updateSubject, values),
    paragraphs: [...paragraphs(fillNotificationText(input.templates.updateIntro, values)), ...input.items.flatMap((i) => paragraphsOf(i, input.branding.companyName))],
    link: { url: input.link, label: texts.body.openLink },
    unsubscribeUrl: input.unsubscribeUrl,
    banner: input.banner,
  });
}

export function renderInvitationEmail(input: {
  branding: ClientMailBranding;
  templates: NotificationSettings['templates'];
  client: ClientFacts;
  link: string;
  unsubscribeUrl: string | null;
  banner?: string;
}): RenderedClientEmail {
  const values = placeholderValues(input.client, input.branding.companyName, '');
  return layout({
    branding: input.branding,
    subject: fillNotificationText(input.templates.invitationSubject, values),
    paragraphs: paragraphs(fillNotificationText(input.templates.invitationBody, values)),
    link: { url: input.link, label: texts.body.openLink },
    unsubscribeUrl: input.unsubscribeUrl,
    banner: input.banner,
  });
}
