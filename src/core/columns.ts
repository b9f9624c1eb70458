import { z } from 'zod';
import { messages } from './messages';
import { priorityWords } from './priority';
import { columnLetter, parseSheetDate, type DateOrder, type SheetColumnMapping } from './sheet-values';
import { classifyStatus } from './status';
import { isEmail } from './validation/email';

// Column detection for a sheet's header row and sample rows (spec 5, issue item 9).

/** Client fields a sheet column can map to. */
export const mappingFields = ['id', 'name', 'email', 'status', 'priority', 'date', 'notes'] as const;
export type MappingField = (typeof mappingFields)[number];

/** Fields that must be mapped before setup can be finalized (spec 5). */
export const requiredMappingFields = ['name', 'email', 'status'] as const;

/** Field to zero-based column index. */
export type ColumnMapping = Partial<Record<MappingField, number>>;

/** Confidence points per detected field (spec 5): email 40, name 30, status 30. */
export const confidencePoints = { email: 40, name: 30, status: 30 } as const;

/** Colour of a confidence figure: green above 80, yellow 60 or more, red below. */
export type ConfidenceBand = 'green' | 'yellow' | 'red';

/** Confidence (0-100) of a mapping: 40 for email, 30 for name, 30 for status. */
export function mappingConfidence(mapping: SheetColumnMapping): number {
  let points = 0;
  if (mapping.email != null) points += confidencePoints.email;
  if (mapping.name != null) points += confidencePoints.name;
  if (mapping.status != null) points += confidencePoints.status;
  return points;
}

/** Band of a confidence figure: green above 80, yellow 60 or more, red below. */
export function confidenceBand(confidence: number): ConfidenceBand {
  if (confidence > 80) return 'green';
  if (confidence >= 60) return 'yellow';
  return 'red';
}

/** True when name, email and status each have a column (spec 5: Finalize enabled). */
export function canFinalizeMapping(mapping: SheetColumnMapping): boolean {
  return unmappedRequiredFields(mapping).length === 0;
}

const columnIndex = z.number().int().min(0).max(1000);
/** A required field's column: its absence reads as the spec's message, not zod's "expected number, received undefined". */
const requiredColumn = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? messages.sheets.mappingIncomplete : 'A column is given by its number, from 0') })
  .int()
  .min(0)
  .max(1000);

/** A stored column mapping: name, email and status required, the others optional. */
export const columnMappingSchema = z.object(
  {
    id: columnIndex.optional(),
    name: requiredColumn,
    email: requiredColumn,
    status: requiredColumn,
    priority: columnIndex.optional(),
    date: columnIndex.optional(),
    notes: columnIndex.optional(),
  },
  { error: messages.sheets.mappingIncomplete },
).superRefine((mapping, ctx) => {
  const clash = columnClash(mapping);
  if (clash) ctx.addIssue({ code: 'custom', path: [clash.field], message: clash.message });
});

/** The first field whose column another field already uses, with the message to show, or null. */
export function columnClash(mapping: ColumnMapping): { field: MappingField; message: string } | null {
  const seen = new Map<number, string>();
  for (const field of mappingFields) {
    const index = mapping[field];
    if (index === undefined) continue;
    const taken = seen.get(index);
    if (taken !== undefined) return { field, message: messages.columns.columnTaken(columnLetter(index), taken) };
    seen.set(index, field);
  }
  return null;
}

/** The required fields (name, email, status) that have no column yet. */
export function unmappedRequiredFields(mapping: SheetColumnMapping): MappingField[] {
  return requiredMappingFields.filter((f) => mapping[f] == null);
}

// Header phrases per field with their scores. A header equal to a phrase scores the phrase's score; a header
// ending with the phrase (its head noun in English: 'Customer Email', 'Project Status') scores 10 less; a header
// containing it elsewhere ('Client Email' for name) scores 40 less.
const HEADER_PHRASES: Record<MappingField, readonly [string, number][]> = {
  email: [['email', 100], ['email address', 100], ['mail', 80], ['mail address', 90]],
  name: [
    ['name', 90], ['client name', 100], ['customer name', 100], ['full name', 100], ['contact name', 95],
    ['client', 85], ['customer', 85], ['clients', 80], ['customers', 80], ['contact', 65], ['company', 60],
  ],
  status: [['status', 100], ['project status', 100], ['stage', 95], ['state', 80], ['phase', 85], ['progress', 75]],
  priority: [['priority', 100], ['urgency', 95], ['importance', 90], ['prio', 90], ['urgent', 80], ['rank', 65]],
  date: [
    ['due date', 100], ['deadline', 100], ['target date', 100], ['due', 95], ['due by', 95], ['date', 85],
    ['completion date', 95], ['expected completion', 90], ['eta', 85], ['target', 70], ['start date', 70],
  ],
  id: [
    ['id', 100], ['client id', 100], ['customer id', 100], ['matter #', 100], ['matter number', 100],
    ['matter no', 100], ['case #', 100], ['case number', 100], ['case no', 100], ['case id', 100], ['job #', 100],
    ['job number', 100], ['job', 90], ['file #', 95], ['file number', 95], ['project id', 95], ['account number', 85],
    ['reference', 85], ['ref', 85], ['ticket', 80], ['#', 90], ['number', 70], ['no', 65],
  ],
  notes: [
    ['notes', 100], ['note', 100], ['comments', 100], ['comment', 100], ['remarks', 90], ['memo', 85],
    ['description', 80], ['details', 75], ['updates', 65], ['update', 65], ['message', 60],
  ],
};

/** Header words in a comparable form: lower case, words separated by one space, 'e-mail' as 'email'. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim()
    .replace(/\be mail\b/g, 'email');
}

// Generic words that name a field only when they are the whole header ('Phone Number' is not an id).
const WHOLE_HEADER_ONLY = new Set(['#', 'number', 'no', 'ref', 'state', 'target', 'rank', 'mail', 'update', 'updates', 'message', 'details', 'job']);

function headerScore(field: MappingField, normalized: string): number {
  if (normalized.length === 0) return 0;
  const padded = ` ${normalized} `;
  let best = 0;
  for (const [phrase, score] of HEADER_PHRASES[field]) {
    if (normalized === phrase) best = Math.max(best, score);
    else if (WHOLE_HEADER_ONLY.has(phrase)) continue;
    else if (padded.endsWith(` ${phrase} `)) best = Math.max(best, score - 10);
    else if (padded.includes(` ${phrase} `)) best = Math.max(best, score - 40);
  }
  return best;
}

interface ValueFits {
  filled: number;
  email: number;
  date: number;
  status: number;
  priority: number;
  personName: number;
}

const PERSON_NAME = /^[\p{L}][\p{L}'’.-]*(?:\s+[\p{L}][\p{L}'’.-]*){1,4}$/u;
const STATUS_EXTRA = ['review', 'hold', 'new', 'open', 'closed', 'started'];

function valueFits(values: readonly string[], order: DateOrder): ValueFits {
  const filled = values.map((v) => v.trim()).filter((v) => v.length > 0);
  const n = filled.length;
  const fits: ValueFits = { filled: n, email: 0, date: 0, status: 0, priority: 0, personName: 0 };
  if (n === 0) return fits;
  for (const v of filled) {
    const lower = v.toLowerCase();
    if (isEmail(v)) fits.email += 1;
    if (parseSheetDate(v, order).ok) fits.date += 1;
    if (classifyStatus(v) !== 'other' || STATUS_EXTRA.some((w) => lower.includes(w))) fits.status += 1;
    if (priorityWords[lower.replace(/\bpriority\b/g, '').trim()] !== undefined) fits.priority += 1;
    if (PERSON_NAME.test(v) && classifyStatus(v) === 'other') fits.personName += 1;
  }
  fits.email /= n;
  fits.date /= n;
  fits.status /= n;
  fits.priority /= n;
  fits.personName /= n;
  return fits;
}

/** Score of a column for a field from its header and sample values; 50 or more makes it a candidate. */
function columnScore(field: MappingField, header: number, fits: ValueFits): number {
  const hasValues = fits.filled > 0;
  let score = header;
  // What the values say when the header says nothing.
  const fromValues =
    field === 'email' ? (fits.email >= 0.8 ? 75 : 0)
    : field === 'date' ? (fits.date >= 0.8 ? 60 : 0)
    : field === 'status' ? (fits.status >= 0.6 ? 55 : 0)
    : field === 'priority' ? (fits.priority >= 0.6 ? 55 : 0)
    : field === 'name' ? (fits.personName >= 0.8 && fits.status < 0.5 ? 50 : 0)
    : 0;
  score = Math.max(score, fromValues);
  // Values that contradict the header.
  if (hasValues) {
    if (field === 'email' && header > 0 && fits.email < 0.2) score -= 40;
    if (field !== 'email' && fits.email >= 0.8) score -= 60;
    if (field === 'date' && header > 0 && fits.date === 0) score -= 30;
    if (field === 'email' && fits.email >= 0.8 && header > 0) score += 10;
  }
  return score;
}

export interface ColumnDetection {
  mapping: ColumnMapping;
  /** 40 for email, 30 for name, 30 for status. */
  confidence: number;
  confidenceBand: ConfidenceBand;
  /** The detected email, status, name and priority columns, in that order. */
  suggestions: string[];
  /** Missing email, status, name and priority columns, in that order, with the spec's words. */
  warnings: string[];
}

const CANDIDATE_THRESHOLD = 50;
const FIELD_PREFERENCE: Record<MappingField, number> = { email: 0, name: 1, status: 2, priority: 3, date: 4, id: 5, notes: 6 };

/**
 * Suggests a column for each field from header words in common forms (E-mail, Email Address, Customer Email,
 * Client, Customer Name, Stage, Project Status, Urgency, Deadline, Target Date, Comments, Matter #) and, where the
 * headers say nothing, from the sample values (a column of e-mail addresses is the e-mail column).
 * Each column serves at most one field; the best-scoring pairs are taken first.
 */
export function detectColumns(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[] = [],
  options: { dateOrder?: DateOrder; sampleSize?: number } = {},
): ColumnDetection {
  const order = options.dateOrder ?? 'mdy';
  const sample = sampleRows.slice(0, options.sampleSize ?? 50);
  const width = Math.max(headers.length, ...sample.map((r) => r.length));
  const candidates: { field: MappingField; column: number; score: number }[] = [];
  for (let c = 0; c < width; c += 1) {
    const normalized = normalizeHeader(headers[c] ?? '');
    const fits = valueFits(sample.map((r) => String(r[c] ?? '')), order);
    for (const field of mappingFields) {
      const score = columnScore(field, headerScore(field, normalized), fits);
      if (score >= CANDIDATE_THRESHOLD) candidates.push({ field, column: c, score });
    }
  }
  candidates.sort(
    (a, b) => b.score - a.score || FIELD_PREFERENCE[a.field] - FIELD_PREFERENCE[b.field] || a.column - b.column,
  );
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  for (const { field, column } of candidates) {
    if (mapping[field] !== undefined || used.has(column)) continue;
    mapping[field] = column;
    used.add(column);
  }
  return describeMapping(mapping, headers);
}

/** Confidence, band, suggestions and warnings for a mapping (also after the user changes it). */
export function describeMapping(mapping: ColumnMapping, headers: readonly string[]): ColumnDetection {
  const label = (index: number) => (headers[index] ?? '').trim() || `Column ${columnLetter(index)}`;
  const suggestions: string[] = [];
  const warnings: string[] = [];
  if (mapping.email !== undefined) suggestions.push(messages.columns.detectedEmail(label(mapping.email)));
  else warnings.push(messages.columns.missingEmail);
  if (mapping.status !== undefined) suggestions.push(messages.columns.detectedStatus(label(mapping.status)));
  else warnings.push(messages.columns.missingStatus);
  if (mapping.name !== undefined) suggestions.push(messages.columns.detectedName(label(mapping.name)));
  else warnings.push(messages.columns.missingName);
  if (mapping.priority !== undefined) suggestions.push(messages.columns.detectedPriority(label(mapping.priority)));
  else warnings.push(messages.columns.missingPriority);
  const confidence = mappingConfidence(mapping);
  return { mapping, confidence, confidenceBand: confidenceBand(confidence), suggestions, warnings };
}
