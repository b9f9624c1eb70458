import type { ClientEventData, ClientEventType } from './client-events';
import type { WorkingCalendar } from './working-days';
import { dailyLimitedTriggers, statusLineFor, type NotificationSettings, type UpdateTrigger } from './notification-settings';
import { classifyStatus, isActiveStatusClass, statusKey } from './status';

// What a client hears about (issue 19, D10), as pure rules: client events become the changes of an open message
// (merged while its batching window runs); when the window ends the net changes are turned into what to say.

/** The net changes an open message collects: the first `from` and the latest `to` of each. */
export interface MessageChanges {
  status?: { from: string; to: string };
  queue?: { from: number | null; to: number | null };
  estimate?: { from: string | null; to: string | null };
  /** True while the client is removed from the list (a restore sets it back to false). */
  removed?: boolean;
}

/** The part of a recorded event these rules read. */
export type ChangeEvent = {
  [T in ClientEventType]: { type: T; clientId: string; data: ClientEventData[T] };
}[ClientEventType];

/** Two sets of changes as one: the earlier `from`, the later `to`. */
export function mergeChanges(earlier: MessageChanges, later: MessageChanges): MessageChanges {
  const out: MessageChanges = { ...earlier };
  if (later.status) out.status = { from: earlier.status?.from ?? later.status.from, to: later.status.to };
  if (later.queue) out.queue = { from: earlier.queue ? earlier.queue.from : later.queue.from, to: later.queue.to };
  if (later.estimate) out.estimate = { from: earlier.estimate ? earlier.estimate.from : later.estimate.from, to: later.estimate.to };
  if (later.removed !== undefined) out.removed = later.removed;
  return out;
}

function changeOf(event: ChangeEvent, statusChanged: boolean): MessageChanges | null {
  switch (event.type) {
    case 'client.status_changed':
      return { status: { from: event.data.from, to: event.data.to } };
    case 'client.completed':
    case 'client.cancelled':
      // Only when no status_changed event says it (with the status it came from).
      return statusChanged ? null : { status: { from: '', to: event.data.status } };
    case 'client.queue_moved':
      return { queue: { from: event.data.from, to: event.data.to } };
    case 'client.estimate_changed':
      return { estimate: { from: event.data.from, to: event.data.to } };
    case 'client.removed':
      return { removed: true };
    case 'client.restored':
      return { removed: false };
    case 'client.added':
      return null;
  }
}

/**
 * Each client's changes in one batch of events, in order. A client added in the batch (a first import, or a new
 * row) gets nothing: the business invites new clients itself, and a first import of thousands sends nothing.
 */
export function changesFromEvents(events: readonly ChangeEvent[]): Map<string, MessageChanges> {
  const added = new Set<string>();
  const statusChanged = new Set<string>();
  for (const e of events) {
    if (e.type === 'client.added') added.add(e.clientId);
    else if (e.type === 'client.status_changed') statusChanged.add(e.clientId);
  }
  const out = new Map<string, MessageChanges>();
  for (const e of events) {
    if (added.has(e.clientId)) continue;
    const change = changeOf(e, statusChanged.has(e.clientId));
    if (!change) continue;
    const before = out.get(e.clientId);
    out.set(e.clientId, before ? mergeChanges(before, change) : change);
  }
  return out;
}

/** One thing an update says. */
export type UpdateItem =
  | { trigger: 'status'; status: string; line: string }
  | { trigger: 'completed'; status: string; line: string }
  | { trigger: 'queue'; position: number }
  | { trigger: 'estimate'; from: string; to: string }
  | { trigger: 'removed' };

export interface ComposeInput {
  changes: MessageChanges;
  settings: Pick<NotificationSettings, 'triggers' | 'statusLines'>;
  /** The portal's working calendar (for "later by more than N working days"). */
  calendar: WorkingCalendar;
  /** Triggers already sent to this client today (business time zone). */
  sentToday: ReadonlySet<UpdateTrigger>;
}

function statusItem(changes: MessageChanges, settings: ComposeInput['settings']): UpdateItem | null {
  const s = changes.status;
  if (!s || statusKey(s.from) === statusKey(s.to)) return null; // unchanged, or changed back within the window
  if (classifyStatus(s.to) === 'completed') return settings.triggers.completed ? { trigger: 'completed', status: s.to.trim(), line: statusLineFor(settings, s.to) } : null;
  return settings.triggers.status ? { trigger: 'status', status: s.to.trim(), line: statusLineFor(settings, s.to) } : null;
}

/** Moved up into the first N places (from further back), or to first place: "you're next". */
function queueItem(changes: MessageChanges, settings: ComposeInput['settings']): UpdateItem | null {
  const q = changes.queue;
  const rule = settings.triggers.queue;
  if (!rule.enabled || !q || q.from === null || q.to === null || q.to >= q.from || q.to > rule.position) return null;
  return q.from > rule.position || q.to === 1 ? { trigger: 'queue', position: q.to } : null;
}

function estimateItem(input: ComposeInput): UpdateItem | null {
  const e = input.changes.estimate;
  const rule = input.settings.triggers.estimate;
  if (!rule.enabled || !e || e.from === null || e.to === null) return null;
  return input.calendar.countWorkingDays(e.from, e.to) > rule.days ? { trigger: 'estimate', from: e.from, to: e.to } : null;
}

/**
 * What to tell the client when the window ends: nothing when every change was undone or is switched off. A removed
 * client hears only that (when the business turned it on). Queue and estimate news go once a day, unless the status
 * changed too; nor are they told to a client whose project is no longer active.
 */
export function composeUpdate(input: ComposeInput): UpdateItem[] {
  const { changes, settings, sentToday } = input;
  if (changes.removed) return settings.triggers.removed && !sentToday.has('removed') ? [{ trigger: 'removed' }] : [];
  const items: UpdateItem[] = [];
  const status = statusItem(changes, settings);
  if (status) items.push(status);
  const active = !changes.status || isActiveStatusClass(classifyStatus(changes.status.to));
  if (active) {
    for (const item of [queueItem(changes, settings), estimateItem(input)]) {
      if (!item) continue;
      if (!status && dailyLimitedTriggers.includes(item.trigger as UpdateTrigger) && sentToday.has(item.trigger as UpdateTrigger)) continue;
      items.push(item);
    }
  }
  return items;
}
