import { mappingFields, normalizeHeader, requiredMappingFields, type ColumnMapping, type MappingField } from './columns';
import { columnLetter } from './sheet-values';

// A saved column mapping applied to a sheet whose columns may have moved since (issue 4: a missing required
// column stops the sync and keeps the last good data).

/** Label of a mapping field as the business sees it. */
export const mappingFieldLabels: Record<MappingField, string> = {
  id: 'Client ID',
  name: 'Name',
  email: 'Email',
  status: 'Status',
  priority: 'Priority',
  date: 'Due Date',
  notes: 'Notes',
};

export type RemapProblem =
  | { kind: 'missing'; field: MappingField; header: string }
  | { kind: 'out_of_range'; field: MappingField; column: string };

export interface RemapResult {
  mapping: ColumnMapping;
  /** Required fields whose column is gone: the sync must stop. */
  errors: RemapProblem[];
  /** Optional fields whose column is gone: they are left unmapped. */
  dropped: RemapProblem[];
  /** Fields found in another column than before. */
  moved: MappingField[];
}

/**
 * Finds each mapped column in the current headers. A column whose header is unchanged stays; a column whose
 * header moved is followed to its new place (when the header is found exactly once); a column whose header is
 * gone is a problem, an error for name, email and status. Without saved headers the indices must exist.
 */
export function remapColumns(mapping: ColumnMapping, savedHeaders: readonly string[], headers: readonly string[]): RemapResult {
  const current = headers.map(normalizeHeader);
  const result: RemapResult = { mapping: {}, errors: [], dropped: [], moved: [] };
  const required = new Set<MappingField>(requiredMappingFields);
  for (const field of mappingFields) {
    const index = mapping[field];
    if (index === undefined || index === null) continue;
    const saved = savedHeaders[index];
    let found: number | null = null;
    let problem: RemapProblem;
    if (saved === undefined || normalizeHeader(saved) === '') {
      if (index < headers.length) found = index;
      problem = { kind: 'out_of_range', field, column: columnLetter(index) };
    } else {
      const want = normalizeHeader(saved);
      if (current[index] === want) found = index;
      else {
        const matches = current.flatMap((h, i) => (h === want ? [i] : []));
        if (matches.length === 1) found = matches[0] as number;
      }
      problem = { kind: 'missing', field, header: saved.trim() };
    }
    if (found !== null) {
      result.mapping[field] = found;
      if (found !== index) result.moved.push(field);
    } else if (required.has(field)) result.errors.push(problem);
    else result.dropped.push(problem);
  }
  // Two fields must not end up on one column (a moved header landing on another field's column).
  const seen = new Map<number, MappingField>();
  for (const field of mappingFields) {
    const index = result.mapping[field];
    if (index === undefined) continue;
    if (seen.has(index)) {
      delete result.mapping[field];
      const problem: RemapProblem = { kind: 'out_of_range', field, column: columnLetter(index) };
      if (required.has(field)) result.errors.push(problem);
      else result.dropped.push(problem);
    } else seen.set(index, field);
  }
  return result;
}
