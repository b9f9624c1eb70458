// The card's own calls (its switches), loaded with them after the card (card-actions.tsx), not with the page.

import type { CardNotifications, CardTextUpdates, SmsCodeSent } from '@core/api/notifications';
import { base, readError } from './api';

/** A JSON request whose answer is the body (an ApiError otherwise). */
async function sendJson<T>(method: 'POST' | 'PUT', url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw await readError(res);
  return (await res.json()) as T;
}

/** PUT .../notifications: the card's "E-mail me updates" switch, with the card's session. */
export async function setEmailUpdates(portalId: string, session: string, email: boolean): Promise<boolean> {
  return (await sendJson<CardNotifications>('PUT', `${base(portalId)}/notifications`, { session, email })).email;
}

/** POST .../sms-consent/code: texts the card's client a code; resolves with the challenge to send back with it. */
export function askTextCode(portalId: string, session: string): Promise<SmsCodeSent> {
  return sendJson<SmsCodeSent>('POST', `${base(portalId)}/sms-consent/code`, { session });
}

/** PUT .../sms-consent: texts on (with the texted code and its challenge) or off. */
export function setTextUpdates(portalId: string, body: { session: string; texts: boolean; challenge?: string; code?: string }): Promise<CardTextUpdates> {
  return sendJson<CardTextUpdates>('PUT', `${base(portalId)}/sms-consent`, body);
}
