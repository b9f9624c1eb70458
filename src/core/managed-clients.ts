import { z } from 'zod';
import type { ColumnMapping } from './columns';
import { CELL_LIMITS } from './sheet-values';
import { normalizeEmail } from './validation/email';

// The client list kept in StatusLink (issue 22 item 2, decision 0018): a portal whose source is StatusLink itself.
// Its clients are written through the app and the API, and every write goes through the sync's own rules: the
// portal's clients, with the change applied, are read as a sheet with fixed columns (managedSheetRows) and planned
// like any sync (identity, queue, events). This file holds the pure part: the fields, the columns, and what a list
// of changes does to the current rows (or why it is refused).

/** The columns of a managed portal's rows, in order (also its detected headers: the client detail's cells). */
export const MANAGED_HEADERS = ['Client ID', 'Name', 'Email', 'Status', 'Priority', 'Due Date', 'Notes'] as const;
export const MANAGED_MAPPING: ColumnMapping = { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 };

/** Most clients one bulk request writes (all or nothing). */
export const MAX_BULK_CLIENTS = 1000;

/** A client key given through the API: it is used in paths, so letters, digits and . _ : - only. */
export const managedClientIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(CELL_LIMITS.id)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'A client ID may hold letters, digits and . _ : - (and starts with a letter or digit)')
  .describe("The client's key (D9): given once and never changed; in every path of the client");

const text = (max: number) => z.string().trim().max(max);

/** The fields of a client written through the app or the API. */
export const managedFieldsSchema = z.object({
  name: text(CELL_LIMITS.name).min(1, 'Name is required').describe("The client's name (exact lookups use it, D3)"),
  email: z
    .string()
    .trim()
    .max(CELL_LIMITS.email)
    .pipe(z.email('Enter a valid email address'))
    .describe('Unique within the portal; the client looks themselves up with it'),
  status: text(200).min(1, 'Status is required').describe('Free text; the platform rules classify it (waiting, in progress, completed, cancelled)'),
  priority: text(100).default('').describe('As a sheet would write it (e.g. High, Normal, Low); orders the queue'),
  dueDate: z.iso.date().nullable().default(null).describe('YYYY-MM-DD, or null'),
  notes: text(5000).default(''),
});
export type ManagedFields = z.output<typeof managedFieldsSchema>;

/** PATCH: any of the fields. */
export const managedPatchSchema = z
  .object({
    name: managedFieldsSchema.shape.name.optional(),
    email: managedFieldsSchema.shape.email.optional(),
    status: managedFieldsSchema.shape.status.optional(),
    priority: text(100).optional(),
    dueDate: z.iso.date().nullable().optional(),
    notes: text(5000).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Send at least one field to change');
export type ManagedPatch = z.output<typeof managedPatchSchema>;

/** A stored client as a managed write reads it. `dueDate` is the cell as written (the due date's text). */
export interface ManagedRow {
  clientId: string;
  /** The Client ID cell the row is written with (its stored source id, or its key). */
  idCell: string;
  row: number;
  name: string;
  email: string;
  status: string;
  priority: string;
  dueDate: string;
  notes: string;
}

export type ManagedChange =
  /** POST: a new client (refused when the key exists, even removed). */
  | { kind: 'create'; clientId: string; fields: ManagedFields }
  /** PUT and bulk: create, replace, or bring a removed client back with these fields. */
  | { kind: 'put'; clientId: string; fields: ManagedFields }
  | { kind: 'patch'; clientId: string; fields: ManagedPatch }
  /** Marked removed, restorable as after a sync. */
  | { kind: 'delete'; clientId: string }
  /** A removed client back, as it was. */
  | { kind: 'restore'; clientId: string };

export interface ManagedRefusal {
  status: 400 | 404 | 409;
  code: 'invalid_client_id' | 'client_not_found' | 'client_exists' | 'client_id_taken' | 'email_taken';
  message: string;
}

export interface ManagedPlanInput {
  /** Current clients. */
  active: ReadonlyMap<string, ManagedRow>;
  /** Clients marked removed (restorable). */
  removed: ReadonlyMap<string, ManagedRow>;
  changes: readonly ManagedChange[];
  /**
   * The portal's highest row, when `active` and `removed` hold only the clients the changes can touch (their keys,
   * the e-mails and ID cells they write): a new or restored client still goes after every row.
   */
  lastRow?: number;
}

export interface ManagedRows {
  /** Every current client after the changes, in row order. */
  rows: ManagedRow[];
  /** Keys the changes wrote (created, replaced, restored or patched), for the answer. */
  written: string[];
  created: string[];
  deleted: string[];
}

const cellsOf = (clientId: string, idCell: string, row: number, f: ManagedFields): ManagedRow => ({
  clientId,
  idCell,
  row,
  name: f.name,
  email: f.email,
  status: f.status,
  priority: f.priority,
  dueDate: f.dueDate ?? '',
  notes: f.notes,
});

const refused = (status: ManagedRefusal['status'], code: ManagedRefusal['code'], message: string): { refusal: ManagedRefusal } => ({ refusal: { status, code, message } });

/** Whether any other client (current or removed) already uses `idCell` as its Client ID cell. */
function idCellTaken(input: ManagedPlanInput, idCell: string, except: string): boolean {
  for (const list of [input.active, input.removed]) for (const r of list.values()) if (r.clientId !== except && r.idCell === idCell) return true;
  return false;
}

/**
 * What `changes` make of the current clients, in order (a bulk's items one after another), or the first refusal:
 * an unknown key (404), a POST of a key that exists or a new key another client's ID cell holds (409), or an e-mail
 * address another current client has (409: the sync keeps one client per address, D3).
 */
export function applyManagedChanges(input: ManagedPlanInput): ManagedRows | { refusal: ManagedRefusal } {
  const next = new Map(input.active);
  const written = new Set<string>();
  const created: string[] = [];
  const deleted: string[] = [];
  let lastRow = Math.max(1, input.lastRow ?? 1);
  for (const list of [input.active, input.removed]) for (const r of list.values()) lastRow = Math.max(lastRow, r.row);

  for (const change of input.changes) {
    const { clientId } = change;
    const current = next.get(clientId);
    if (change.kind === 'delete' || change.kind === 'patch') {
      if (!current) return refused(404, 'client_not_found', `No current client with ID "${clientId}" in this portal.`);
      if (change.kind === 'delete') {
        next.delete(clientId);
        written.delete(clientId);
        deleted.push(clientId);
      } else {
        const fields = { ...current, ...Object.fromEntries(Object.entries(change.fields).filter(([, v]) => v !== undefined)) };
        next.set(clientId, { ...fields, dueDate: fields.dueDate ?? '' } as ManagedRow);
        written.add(clientId);
      }
      continue;
    }
    if (change.kind === 'restore') {
      const gone = input.removed.get(clientId);
      if (!gone || current) return refused(404, 'client_not_found', `No removed client with ID "${clientId}" in this portal.`);
      next.set(clientId, { ...gone, row: (lastRow += 1) });
      written.add(clientId);
      continue;
    }
    const known = current ?? input.removed.get(clientId);
    if (change.kind === 'create' && (known || deleted.includes(clientId))) {
      return refused(409, 'client_exists', `A client with ID "${clientId}" already exists in this portal${current ? '' : ' (removed: PUT it to bring it back)'}.`);
    }
    const validKey = known ? null : managedClientIdSchema.safeParse(clientId);
    if (validKey && !validKey.success) return refused(400, 'invalid_client_id', `Client ID "${clientId}": ${validKey.error.issues[0]?.message ?? 'not valid'}`);
    if (!known && idCellTaken(input, clientId, clientId)) return refused(409, 'client_id_taken', `Another client of this portal has "${clientId}" as its Client ID.`);
    // A current client keeps its row; a new or restored one goes last.
    const row = current ? current.row : (lastRow += 1);
    next.set(clientId, cellsOf(clientId, known?.idCell ?? clientId, row, change.fields));
    written.add(clientId);
    if (!known && !created.includes(clientId)) created.push(clientId);
  }

  const byEmail = new Map<string, string>();
  for (const r of next.values()) {
    const email = normalizeEmail(r.email);
    const other = byEmail.get(email);
    if (other !== undefined) {
      const [mine, theirs] = written.has(r.clientId) ? [r.clientId, other] : [other, r.clientId];
      return refused(409, 'email_taken', `Client "${theirs}" already has the email address ${r.email}; each client of a portal has their own (client "${mine}").`);
    }
    byEmail.set(email, r.clientId);
  }
  const rows = [...next.values()].sort((a, b) => a.row - b.row);
  return { rows, written: [...written], created, deleted };
}

/** The e-mail addresses (normalized) and keys a list of changes writes: the clients it can touch besides its own. */
export function touchedBy(changes: readonly ManagedChange[]): { keys: string[]; emails: string[] } {
  const keys = new Set<string>();
  const emails = new Set<string>();
  for (const c of changes) {
    keys.add(c.clientId);
    if ((c.kind === 'create' || c.kind === 'put' || c.kind === 'patch') && c.fields.email !== undefined) emails.add(normalizeEmail(c.fields.email));
  }
  return { keys: [...keys], emails: [...emails] };
}

/** The rows as a sheet's data rows (row 2 first; a gap left by a removed client is a blank row). */
export function managedSheetRows(rows: readonly ManagedRow[]): string[][] {
  const out: string[][] = [];
  for (const r of rows) {
    while (out.length < r.row - 2) out.push([]);
    out.push([r.idCell, r.name, r.email, r.status, r.priority, r.dueDate, r.notes]);
  }
  return out;
}
