import { canFinalizeMapping, columnClash, columnMappingSchema, unmappedRequiredFields, type ColumnMapping, type MappingField } from '@core/columns';
import { messages } from '@core/messages';
import type { ImportReport, SheetAnalysis } from '../api/types';

// The sheet set-up wizard's states and transitions (spec 2.15 and 4): 1 Choose Method, 2 Connect Sheet or Get
// Template, 3 Map Columns, 4 Complete. Step 1 needs a method, then Continue. Import: a successful analysis moves
// to step 3 (a failed one stays on step 2 with its error); Finalize Setup moves to step 4. Template: Setup
// Complete goes straight to step 4. Back returns to the step before.

export type WizardStep = 1 | 2 | 3 | 4;
export type SetupMethod = 'import' | 'template';
export type ImportSource = 'sheet' | 'csv';

export interface WizardState {
  step: WizardStep;
  method: SetupMethod | null;
  source: ImportSource;
  analysis: SheetAnalysis | null;
  /** Where the analysed data came from: the sheet address and tab, or the file. */
  sheet: { url: string; gid: string | null } | null;
  fileName: string | null;
  mapping: ColumnMapping;
  dateOrder: 'mdy' | 'dmy';
  report: ImportReport | null;
}

export type WizardAction =
  | { type: 'chooseMethod'; method: SetupMethod }
  | { type: 'continue' }
  | { type: 'chooseSource'; source: ImportSource }
  | { type: 'analyzed'; analysis: SheetAnalysis; sheet?: { url: string; gid: string | null }; fileName?: string }
  | { type: 'mapField'; field: MappingField; column: number | null }
  | { type: 'setDateOrder'; dateOrder: 'mdy' | 'dmy' }
  | { type: 'finished'; report: ImportReport }
  | { type: 'back' }
  | { type: 'restart'; state?: Partial<WizardState> };

export function initialWizardState(overrides: Partial<WizardState> = {}): WizardState {
  return { step: 1, method: null, source: 'sheet', analysis: null, sheet: null, fileName: null, mapping: {}, dateOrder: 'mdy', report: null, ...overrides };
}

/** The mapping to start step 3 with: the saved choices these headers allow with detection for the rest (from the server), else the detected one. */
export function startingMapping(analysis: SheetAnalysis): ColumnMapping {
  return { ...(analysis.savedMapping ?? analysis.columnSuggestions) };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'chooseMethod':
      return state.step === 1 ? { ...state, method: action.method } : state;
    case 'continue':
      return state.step === 1 && state.method ? { ...state, step: 2 } : state;
    case 'chooseSource':
      return state.step === 2 ? { ...state, source: action.source } : state;
    case 'analyzed':
      if (state.step !== 2 && state.step !== 3) return state;
      return {
        ...state,
        step: 3,
        analysis: action.analysis,
        sheet: action.sheet ?? null,
        fileName: action.fileName ?? null,
        mapping: startingMapping(action.analysis),
      };
    case 'mapField': {
      if (state.step !== 3) return state;
      const mapping: ColumnMapping = { ...state.mapping };
      if (action.column === null) delete mapping[action.field];
      else mapping[action.field] = action.column;
      return { ...state, mapping };
    }
    case 'setDateOrder':
      return { ...state, dateOrder: action.dateOrder };
    case 'finished':
      // Import: Finalize Setup from step 3; template: Setup Complete from step 2.
      if (state.step === 3 || (state.step === 2 && state.method === 'template')) return { ...state, step: 4, report: action.report };
      return state;
    case 'back':
      if (state.step === 3) return { ...state, step: 2 };
      if (state.step === 2) return { ...state, step: 1 };
      return state;
    case 'restart':
      return initialWizardState(action.state);
  }
}

/** Finalize Setup is enabled only when name, e-mail and status are mapped (spec 5) and no column serves two fields. */
export function canFinalize(mapping: ColumnMapping): boolean {
  return canFinalizeMapping(mapping) && columnMappingSchema.safeParse(mapping).success;
}

/**
 * The error to show under the mapping: a column chosen for two fields (shown whether or not the required fields are
 * mapped yet), or null. A required field left unmapped is said by the hint below (mappingHint) and Finalize stays
 * disabled.
 */
export function mappingProblem(mapping: ColumnMapping): string | null {
  return columnClash(mapping)?.message ?? null;
}

/** The hint under the mapping while a required field has no column: which ones, by name. */
export function mappingHint(mapping: ColumnMapping): string | null {
  const missing = unmappedRequiredFields(mapping);
  return missing.length === 0 ? null : messages.sheets.mappingMissing(missing);
}
