import { and, eq, sql, type SQL } from 'drizzle-orm';
import { changesFromEvents, composeUpdate, mergeChanges, type ChangeEvent, type MessageChanges } from '@core/notification-changes';
import { readNotificationSettings, type NotificationSettings } from '@core/notification-settings';
import { readPortalConfig } from '@core/portal-config';
import { createWorkingCalendar, type WorkingCalendar } from '@core/working-days';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { isOneOf } from '../../db/one-of';
import type { MessageChannel } from '../../db/schema/notifications';
import { planHas } from '@core/plan-features';
import { isUrgentUpdate } from '@core/sms';
import { businessProfiles, clients, notificationMessages, portalNotificationSettings, portals } from '../../db/schema';
import { twilioSender } from '../../integrations/sms/twilio-sms';
import { businessPlanId } from '../business/plan-access';
import { readWorkloadSettings } from '../sheet-sync/workload-state';
import { SEND_TEXT_JOB, sendEmailsJob } from './notification-jobs';

/** Messages opened per insert (one JSON parameter). */
const INSERT_CHUNK = 5000;
const NONE: ReadonlySet<never> = new Set();

export interface PortalFacts {
  businessId: string;
  settings: NotificationSettings;
  calendar: WorkingCalendar;
  /** E-mail updates are on (the portal's switch, and at least one trigger). */
  email: boolean;
  /** Texts for urgent updates are on, the plan has them and a provider is set up. */
  sms: boolean;
}

/** What the notifications of a portal need to know; null when it sends neither e-mail updates nor texts. */
export async function portalFacts(ctx: AppContext, q: Db | Tx, portalId: string): Promise<PortalFacts | null> {
  const [row] = await q
    .select({ businessId: portals.businessId, config: portals.config, workload: portals.workloadSettings, settings: portalNotificationSettings.settings, plan: businessProfiles.plan })
    .from(portals)
    .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
    .leftJoin(portalNotificationSettings, eq(portalNotificationSettings.portalId, portals.id))
    .where(eq(portals.id, portalId));
  if (!row) return null;
  const settings = readNotificationSettings(row.settings);
  const t = settings.triggers;
  const email = readPortalConfig(row.config).emailNotifications && (t.status || t.completed || t.queue.enabled || t.estimate.enabled || t.removed);
  const sms = settings.sms.enabled && planHas(businessPlanId(row), 'sms') && twilioSender(ctx.env) !== null;
  if (!email && !sms) return null;
  const workload = readWorkloadSettings(row.workload);
  return { businessId: row.businessId, settings, calendar: createWorkingCalendar({ workingDays: workload.workingDays, holidays: workload.holidays }), email, sms };
}

/** When the change happened (its events' time: the window runs from it) and when it is written (the rows' times). */
export interface ChangeTimes {
  at: Date;
  now: Date;
}

const clientIdIn = (ids: string[]) => isOneOf(notificationMessages.clientId, ids);

/**
 * The update that writes these messages' merged changes: one statement, the rows one JSON parameter (as messages are
 * opened), so any number of messages stays within PostgreSQL's 65,535 parameters a statement.
 */
export function mergedChangesUpdate(rows: { id: string; changes: MessageChanges }[], now: Date): SQL {
  const list = rows.map((r) => ({ i: r.id, d: r.changes }));
  return sql`update notification_messages as m set changes = v.d, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as v(i uuid, d jsonb) where m.id = v.i`;
}

/**
 * Merges changes into the open messages of these clients (one update), locking them first, so a sender that claims
 * due messages (skip locked) passes them by until this write commits; clients without one are left alone. Returns
 * the clients merged.
 */
async function mergeIntoOpen(q: Db | Tx, portalId: string, changes: Map<string, MessageChanges>, now: Date, channel: MessageChannel): Promise<Set<string>> {
  const open = await q
    .select({ id: notificationMessages.id, clientId: notificationMessages.clientId, changes: notificationMessages.changes })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.portalId, portalId),
        eq(notificationMessages.channel, channel),
        eq(notificationMessages.purpose, 'update'),
        clientIdIn([...changes.keys()]),
        sql`${notificationMessages.state} in ('pending', 'held')`,
      ),
    )
    .for('update');
  if (open.length === 0) return new Set();
  await q.execute(mergedChangesUpdate(open.map((m) => ({ id: m.id, changes: mergeChanges(m.changes as MessageChanges, changes.get(m.clientId)!) })), now));
  return new Set(open.map((m) => m.clientId));
}

/**
 * E-mails opened per sender job. A change that opens many gets several jobs (each claims any due e-mail of the portal
 * in lanes of its own; senders never take the same one), as when a sync's slices each opened their own in its
 * transactions: its e-mails go out through several senders at once (the sender runs two jobs at a time).
 */
const EMAILS_PER_SENDER = 1000;

/**
 * The portal's e-mail senders are woken when the window ends: one job per EMAILS_PER_SENDER e-mails a change opened,
 * each keyed by a message it opened (so never taken for a job that already ran).
 */
async function wakeEmailSenders(ctx: AppContext, q: Db | Tx, portalId: string, at: Date, opened: string[]): Promise<void> {
  await ctx.jobs.enqueue(q, opened.filter((_, i) => i % EMAILS_PER_SENDER === 0).map((id) => sendEmailsJob(portalId, at, { opened: id })));
}

/** Where an opening writes: the portal, its facts and the channel. */
interface Target {
  portalId: string;
  facts: PortalFacts;
  channel: MessageChannel;
}

/**
 * Opens a message for each client given, in one statement per chunk (rows made from one JSON parameter), unless it
 * has an open message on the channel already; returns the clients opened, with their message ids. The window runs
 * from the change's time. E-mails get one send job for the portal at the end of the window; texts one job each.
 */
async function openMessages(ctx: AppContext, q: Db | Tx, target: Target, worth: [string, MessageChanges][], times: ChangeTimes): Promise<Map<string, string>> {
  const { portalId, facts, channel } = target;
  const sendAfter = new Date(times.at.getTime() + facts.settings.windowMinutes * 60_000);
  const now = times.now.toISOString();
  const opened = new Map<string, string>();
  for (let i = 0; i < worth.length; i += INSERT_CHUNK) {
    const rows = worth.slice(i, i + INSERT_CHUNK).map(([c, d]) => ({ c, d }));
    const result = (await q.execute(sql`
      insert into notification_messages (id, business_id, portal_id, client_id, channel, purpose, state, changes, send_after, created_at, updated_at)
      select gen_random_uuid(), ${facts.businessId}, ${portalId}, x.c, ${channel}, 'update', 'pending', x.d, ${sendAfter.toISOString()}::timestamptz,
        ${now}::timestamptz, ${now}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(c text, d jsonb)
      on conflict (portal_id, client_id, channel, purpose) where state in ('pending', 'held') do nothing
      returning id, client_id`)) as unknown as { rows: { id: string; client_id: string }[] };
    for (const r of result.rows) opened.set(r.client_id, r.id);
  }
  if (opened.size === 0) return opened;
  if (channel === 'email') await wakeEmailSenders(ctx, q, portalId, sendAfter, [...opened.values()]);
  else await ctx.jobs.enqueue(q, [...opened.values()].map((id) => ({ kind: SEND_TEXT_JOB, dedupeKey: id, payload: { messageId: id }, runAt: sendAfter })));
  return opened;
}

/**
 * Merges the changes into the clients' open messages first (locked, so none of them is claimed for sending meanwhile
 * and loses the change), then opens messages for the changes worth one on their own whose client had none; one that
 * another write opened in between (the insert met it) takes the change by a second merge.
 */
async function openOrMerge(ctx: AppContext, q: Db | Tx, target: Target, changes: Map<string, MessageChanges>, worth: [string, MessageChanges][], times: ChangeTimes): Promise<void> {
  const merged = await mergeIntoOpen(q, target.portalId, changes, times.now, target.channel);
  const toOpen = worth.filter(([id]) => !merged.has(id));
  const opened = toOpen.length > 0 ? await openMessages(ctx, q, target, toOpen, times) : new Map<string, string>();
  const late = new Map(toOpen.filter(([id]) => !opened.has(id)));
  if (late.size > 0) await mergeIntoOpen(q, target.portalId, late, times.now, target.channel);
}

/** E-mails: changes join the open e-mail, or open one when they say something on their own. */
async function recordEmails(ctx: AppContext, q: Db | Tx, target: Target, changes: Map<string, MessageChanges>, times: ChangeTimes): Promise<void> {
  const { facts } = target;
  const worth = [...changes].filter(([, c]) => composeUpdate({ changes: c, settings: facts.settings, calendar: facts.calendar, sentToday: NONE }).length > 0);
  await openOrMerge(ctx, q, target, changes, worth, times);
}

/**
 * Texts: changes join the client's open text (so a status changed back within the window says nothing), or open one
 * when they are urgent (core's isUrgentUpdate: a status marked urgent, or a client of urgent priority). Consent, the
 * phone number and the hours are looked at when it goes.
 */
async function recordUrgentTexts(ctx: AppContext, q: Db | Tx, target: Target, changes: Map<string, MessageChanges>, times: ChangeTimes): Promise<void> {
  const { portalId, facts } = target;
  const candidates = [...changes].filter(([, c]) => c.status);
  const rows = await q
    .select({ clientId: clients.clientId, priority: clients.priority })
    .from(clients)
    .where(and(eq(clients.portalId, portalId), isOneOf(clients.clientId, candidates.map(([id]) => id))));
  const priorities = new Map(rows.map((r) => [r.clientId, r.priority]));
  const urgent = candidates.filter(([id, c]) => isUrgentUpdate(c, priorities.get(id) ?? '', facts.settings.sms));
  await openOrMerge(ctx, q, target, changes, urgent, times);
}

/**
 * One change's events of one portal (one transaction's, in order) merged into the clients' open messages, or opening
 * messages, for a portal whose e-mail updates are on (and texts, for an urgent change, where texts are on). A client
 * added in the same change gets nothing (core's changesFromEvents). Nothing is decided about sending here (opt-outs
 * and quiet hours are looked at when the message goes); the window runs from `times.at`, the change's time.
 */
export async function recordNotificationChanges(
  ctx: AppContext,
  q: Db | Tx,
  target: { portalId: string; facts: PortalFacts },
  events: readonly ChangeEvent[],
  times: ChangeTimes,
): Promise<void> {
  const changes = changesFromEvents(events);
  if (changes.size === 0) return;
  if (target.facts.email) await recordEmails(ctx, q, { ...target, channel: 'email' }, changes, times);
  if (target.facts.sms) await recordUrgentTexts(ctx, q, { ...target, channel: 'sms' }, changes, times);
}
