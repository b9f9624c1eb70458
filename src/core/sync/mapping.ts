import { remapColumns, type RemapProblem } from '../column-remap';
import { detectColumns, mappingFields, type ColumnMapping, type MappingField } from '../columns';

// Which column is which field for an upload sent without a mapping (issue 25 item 2): the file's own headers
// decide, so a mapping saved from a wrong file (duplicated headers, a partial export) never sticks to the right
// one; and the business's own choices in the saved mapping are kept wherever the new headers allow.

export interface UploadMapping {
  mapping: ColumnMapping;
  /** Optional fields the saved mapping had whose column this file lacks (said as a warning, never silently). */
  lost: RemapProblem[];
}

/**
 * The mapping of an upload without an explicit one: detected from its own headers (and sample rows), then every
 * field of the saved mapping whose column the new headers also have takes the saved choice (by header). A field
 * the business unmapped on purpose (the saved headers had a column detection would take for it) stays unmapped.
 * `detected`: detectColumns over the new file (passed in: the caller has its sample rows).
 */
export function resolveUploadMapping(
  detected: ColumnMapping,
  saved: ColumnMapping | null,
  savedHeaders: readonly string[],
  headers: readonly string[],
): UploadMapping {
  if (!saved) return { mapping: { ...detected }, lost: [] };
  const offOnPurpose = new Set<MappingField>();
  const couldHave = detectColumns(savedHeaders).mapping;
  for (const field of mappingFields) if (saved[field] == null && couldHave[field] != null) offOnPurpose.add(field);

  const mapping: ColumnMapping = {};
  for (const field of mappingFields) {
    const column = detected[field];
    if (column != null && !offOnPurpose.has(field)) mapping[field] = column;
  }
  const kept = remapColumns(saved, savedHeaders, headers);
  for (const field of mappingFields) {
    const column = kept.mapping[field];
    if (column === undefined) continue;
    for (const other of mappingFields) if (other !== field && mapping[other] === column) delete mapping[other];
    mapping[field] = column;
  }
  const lost = [...kept.errors, ...kept.dropped].filter((p) => mapping[p.field] == null);
  return { mapping, lost };
}
