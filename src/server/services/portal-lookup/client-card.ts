import type { ClientEstimateView } from '@core/api/estimates';
import { dayToIso, isoToDay } from '@core/dates';
import { estimateNote, type EstimateNote } from '@core/estimates/shown';
import type { PortalConfig } from '@core/portal-config';
import { classifyStatus, portalStatusBadge, statusTone, type StatusBadge, type StatusClass } from '@core/status';
import type { WorkloadSettings } from '@core/workload-settings';
import type { WorkingCalendar } from '@core/working-days';
import type { QueueState } from '../../db/schema';
import { clientEstimateView, type StoredEstimate } from '../estimates/client-estimate-view';

/** A client row as a lookup reads it. */
export interface CardSource {
  name: string;
  email: string;
  status: string;
  dueDate: string | null;
  dueDateText: string;
  notes: string;
  queueState: QueueState | null;
  queuePosition: number | null;
  estimatedWorkingDays: number | null;
  estimatedCompletion: string | null;
  /** The stored estimate (issue 20), when computed. */
  estimate: StoredEstimate | null;
}

/**
 * The card a lookup answers with. Only the parts the portal shows are present (security 18): `position` when the
 * configuration shows the queue position (showPriority), `estimatedCompletion` with showEstimatedCompletion,
 * `notes` with showNotes, `dueDate` with showDueDate, `progress` with showProgressBar. The business's other columns never leave the server.
 */
export interface ClientCard {
  name: string;
  email: string;
  status: string;
  statusClass: StatusClass;
  /** The portal's status badge (spec 4): label ('Status Unknown' when empty), colour and icon. */
  badge: StatusBadge;
  /** 'queued' (has a position), 'completed', 'cancelled'; null when unknown. */
  queueState: QueueState | null;
  position?: number | null;
  estimatedCompletion?: string | null;
  /** With estimatedCompletion: the range and its basis (a portal showing a single date gives low = high = likely). */
  estimate?: ClientEstimateView | null;
  /** With estimate: the range, when it was updated, its basis and why it moved later, as the card's sentences. */
  estimateNote?: EstimateNote;
  /** The due date from the sheet: 'YYYY-MM-DD', or the sheet's text when it is not a date; null when empty. */
  dueDate?: string | null;
  notes?: string;
  /** Plain words about the queue and the team's capacity; null when there is nothing to say. */
  insights: string | null;
  /** Rough progress in percent, from the status. */
  progress?: number | null;
}

export interface CardContext {
  config: PortalConfig;
  workload: WorkloadSettings;
  calendar: WorkingCalendar;
  /** Today in the business's time zone. */
  today: string;
  /** True when the stored estimates were computed for an earlier day (the date is then worked out from today). */
  staleEstimates: boolean;
  /** When the portal's estimates were last computed; null before the first time. */
  estimatesUpdatedAt: Date | null;
  /** Completions per working day the stored estimates run at (`portal_estimate_state.pace`); null before the first time. */
  estimatesPace: number | null;
  /** The time of the answer (how long ago the estimates were computed). */
  now: Date;
}

/** One formatter for every card: building an Intl formatter costs far more than using one. */
const dateWords = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const wordsByDate = new Map<string, string>();
const formatDate = (iso: string) => {
  let words = wordsByDate.get(iso);
  if (words === undefined) {
    words = dateWords.format(new Date(`${iso}T00:00:00Z`));
    if (wordsByDate.size > 5000) wordsByDate.clear();
    wordsByDate.set(iso, words);
  }
  return words;
};

/**
 * Projects the team completes per week: the pace the estimate learned from the business's completions when it comes
 * from history (rounded, at least one), else the settings' daily capacity; on each working weekday.
 */
export function weeklyCapacity(workload: Pick<WorkloadSettings, 'dailyCapacity' | 'workingDays'>, historyPace: number | null = null): number {
  if (historyPace === null) return workload.dailyCapacity * workload.workingDays.length;
  return Math.max(1, Math.round(historyPace * workload.workingDays.length));
}

const numberWords = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many: string) => `${numberWords.format(n)} ${n === 1 ? one : many}`;

/**
 * The card's workload insights, in plain words from the real queue and capacity, e.g. "There are 4 projects ahead
 * of yours. Our team completes about 15 projects a week. Allowing for the work on your project itself, we expect to
 * finish it around Tuesday, January 12, 2027." Each sentence only uses what the portal shows.
 */
export function workloadInsights(input: {
  queueState: QueueState | null;
  position: number | null;
  estimatedCompletion: string | null;
  workload: Pick<WorkloadSettings, 'dailyCapacity' | 'workingDays'>;
  /** Completions per working day learned from history, when the client's estimate comes from it (null: the settings'). */
  historyPace?: number | null;
  showPosition: boolean;
  showEstimate: boolean;
}): string | null {
  if (input.queueState === 'completed') return 'Your project is complete. Thank you for your patience!';
  if (input.queueState !== 'queued' || input.position === null) return null;
  if (!input.showPosition && !input.showEstimate) return null;
  const sentences: string[] = [];
  const ahead = input.position - 1;
  if (input.showPosition) {
    sentences.push(ahead === 0 ? 'Your project is next in line.' : `There ${ahead === 1 ? 'is' : 'are'} ${plural(ahead, 'project', 'projects')} ahead of yours.`);
  }
  const perWeek = weeklyCapacity(input.workload, input.historyPace ?? null);
  const capacity = `Our team completes about ${plural(perWeek, 'project', 'projects')} a week`;
  if (input.showEstimate && input.estimatedCompletion) {
    // The date also counts the work on the project itself (average duration, priority, buffer: D4), not only the
    // queue ahead; "so" after the weekly figure read as if the queue alone put it weeks away.
    // The range is said by the card's estimate note (estimateNote): the insight names the most likely date.
    sentences.push(`${capacity}. Allowing for the work on your project itself, we expect to finish it around ${formatDate(input.estimatedCompletion)}.`);
  } else if (input.showPosition && ahead > 0) {
    const weeks = Math.ceil(ahead / perWeek);
    sentences.push(`${capacity}, so we should start on yours within ${plural(weeks, 'week', 'weeks')}.`);
  }
  return sentences.length > 0 ? sentences.join(' ') : null;
}

/** Rough progress of a status: completed 100, review 80, in progress 55, pending 20, anything else 10. */
export function statusProgress(status: string, queueState: QueueState | null): number | null {
  if (queueState === 'cancelled') return null;
  switch (statusTone(status)) {
    case 'green':
      return 100;
    case 'purple':
      return 80;
    case 'blue':
      return 55;
    case 'yellow':
      return 20;
    default:
      return 10;
  }
}

/** Builds the card with only the fields the portal's configuration shows. */
export function buildClientCard(row: CardSource, ctx: CardContext): ClientCard {
  const { config } = ctx;
  const queued = row.queueState === 'queued';
  const position = queued ? row.queuePosition : null;
  const range = shownEstimate(row, ctx);
  let estimate = queued ? (range?.likely ?? row.estimatedCompletion) : null;
  if (queued && !range && ctx.staleEstimates && row.estimatedWorkingDays !== null) {
    estimate = dayToIso(ctx.calendar.addWorkingDaysToDay(isoToDay(ctx.today), row.estimatedWorkingDays));
  }
  const card: ClientCard = {
    name: row.name,
    email: row.email,
    status: row.status,
    statusClass: classifyStatus(row.status),
    badge: portalStatusBadge(row.status),
    queueState: row.queueState,
    insights: workloadInsights({
      queueState: row.queueState,
      position,
      estimatedCompletion: estimate,
      workload: ctx.workload,
      historyPace: range?.basis === 'history' ? ctx.estimatesPace : null,
      showPosition: config.showPriority,
      showEstimate: config.showEstimatedCompletion,
    }),
  };
  if (config.showPriority) card.position = position;
  if (config.showEstimatedCompletion) {
    card.estimatedCompletion = estimate;
    if (range) {
      card.estimate = range;
      card.estimateNote = estimateNote(range, config.estimateStyle, { updatedAt: new Date(range.updatedAt), now: ctx.now, today: ctx.today });
    }
  }
  if (config.showDueDate) card.dueDate = row.dueDate ?? (row.dueDateText.trim() || null);
  if (config.showNotes) card.notes = row.notes;
  if (config.showProgressBar) card.progress = statusProgress(row.status, row.queueState);
  return card;
}

/** The queued client's stored estimate as its card shows it: the range, or (single date) low = high = likely. */
function shownEstimate(row: CardSource, ctx: CardContext): ClientEstimateView | null {
  if (row.queueState !== 'queued' || !row.estimate || !ctx.estimatesUpdatedAt) return null;
  const view = clientEstimateView(row.estimate, ctx.estimatesUpdatedAt);
  return ctx.config.estimateStyle === 'date' ? { ...view, low: view.likely, high: view.likely } : view;
}
