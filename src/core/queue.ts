import { tryIsoToDay } from './dates';
import { priorityNumber } from './priority';
import { classifyStatus, isActiveStatusClass, statusWeight, type StatusClass } from './status';

// Queue order and positions (decisions D4).
// Order of the portal's active clients: manual position override (ascending, unset last), priority number
// (ascending), status weight (descending), due date (earlier first, unset last), sheet row order, then input order.
// Position = 1 + the number of active clients ahead, so positions are 1..n without gaps.

/** What the queue needs to know about one client. */
export interface QueueItem {
  /** Status text from the sheet. */
  status: string | null | undefined;
  /** Priority cell from the sheet (number or text); see priorityNumber. */
  priority: string | number | null | undefined;
  /** Due date from the sheet as 'YYYY-MM-DD'; anything else counts as unset. */
  dueDate?: string | null | undefined;
  /** Manual position override set by the business; null or undefined when unset. */
  manualPosition?: number | null | undefined;
  /** Sheet row order; defaults to the item's index in the input. */
  row?: number | null | undefined;
}

export interface QueuePositions {
  /** Position per input index (1..activeCount), null for completed and cancelled clients. */
  positions: (number | null)[];
  /** Input indices of the active clients in queue order: order[k] holds position k + 1. */
  order: number[];
  /** Status class per input index. */
  statusClasses: StatusClass[];
  /** Priority number per input index (999 when empty or unreadable). */
  priorityNumbers: number[];
}

interface StatusInfo {
  cls: StatusClass;
  weight: number;
}

/** Computes every client's queue position in one pass and one sort: O(n log n). */
export function computeQueuePositions(items: readonly QueueItem[]): QueuePositions {
  const n = items.length;
  const positions: (number | null)[] = new Array<number | null>(n).fill(null);
  const statusClasses: StatusClass[] = new Array<StatusClass>(n);
  const priorityNumbers: number[] = new Array<number>(n);
  const override = new Float64Array(n);
  const prio = new Float64Array(n);
  const weight = new Float64Array(n);
  const due = new Float64Array(n);
  const row = new Float64Array(n);
  const active: number[] = [];
  // Sheets repeat the same few status and priority texts, so each distinct text is classified once.
  const statusCache = new Map<string, StatusInfo>();
  const priorityCache = new Map<string, number>();

  for (let i = 0; i < n; i += 1) {
    const item = items[i] as QueueItem;
    const statusText = item.status ?? '';
    let info = statusCache.get(statusText);
    if (info === undefined) {
      info = { cls: classifyStatus(statusText), weight: statusWeight(statusText) };
      statusCache.set(statusText, info);
    }
    statusClasses[i] = info.cls;

    let p: number;
    if (typeof item.priority === 'string') {
      const cached = priorityCache.get(item.priority);
      if (cached === undefined) {
        p = priorityNumber(item.priority);
        priorityCache.set(item.priority, p);
      } else p = cached;
    } else p = priorityNumber(item.priority);
    priorityNumbers[i] = p;

    if (!isActiveStatusClass(info.cls)) continue;
    const manual = item.manualPosition;
    override[i] = typeof manual === 'number' && Number.isFinite(manual) ? manual : Infinity;
    prio[i] = p;
    weight[i] = info.weight;
    const dueDay = item.dueDate ? tryIsoToDay(item.dueDate) : null;
    due[i] = dueDay ?? Infinity;
    const r = item.row;
    row[i] = typeof r === 'number' && Number.isFinite(r) ? r : i;
    active.push(i);
  }

  // Infinity - Infinity is NaN, which is falsy, so two unset keys fall through to the next key.
  active.sort(
    (a, b) =>
      (override[a] as number) - (override[b] as number) ||
      (prio[a] as number) - (prio[b] as number) ||
      (weight[b] as number) - (weight[a] as number) ||
      (due[a] as number) - (due[b] as number) ||
      (row[a] as number) - (row[b] as number) ||
      a - b,
  );
  for (let k = 0; k < active.length; k += 1) positions[active[k] as number] = k + 1;
  return { positions, order: active, statusClasses, priorityNumbers };
}
