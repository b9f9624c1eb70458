import { describe, expect, it } from 'vitest';
import type { ImportReport, SheetAnalysis } from '../api/types';
import { canFinalize, initialWizardState, mappingHint, mappingProblem, wizardReducer, type WizardAction, type WizardState } from './setup-wizard';

const analysis: SheetAnalysis = {
  sheetId: 'abc',
  gid: null,
  headers: ['Name', 'Email', 'Status', 'Priority'],
  previewRows: [['Ann', 'ann@x.co', 'Pending', '1']],
  rowCount: 1,
  columnSuggestions: { name: 0, email: 1, status: 2, priority: 3 },
  savedMapping: null,
  confidence: 100,
  confidenceBand: 'green',
  suggestions: [],
  warnings: [],
  sheetWarnings: [],
};
const report = { status: 'ok', imported: 1 } as ImportReport;
const run = (actions: WizardAction[], state: WizardState = initialWizardState()) => actions.reduce(wizardReducer, state);

describe('sheet set-up wizard (spec 2.15, 4)', () => {
  it('step 1 needs a method before Continue', () => {
    expect(run([{ type: 'continue' }]).step).toBe(1);
    expect(run([{ type: 'chooseMethod', method: 'import' }, { type: 'continue' }]).step).toBe(2);
  });

  it('import: analysis moves to step 3 with the suggested mapping; Finalize moves to step 4', () => {
    const s = run([{ type: 'chooseMethod', method: 'import' }, { type: 'continue' }, { type: 'analyzed', analysis, sheet: { url: 'u', gid: null } }]);
    expect(s.step).toBe(3);
    expect(s.mapping).toEqual({ name: 0, email: 1, status: 2, priority: 3 });
    expect(wizardReducer(s, { type: 'finished', report })).toMatchObject({ step: 4, report });
  });

  it('starts from the saved mapping when the portal has one that fits', () => {
    const s = run([{ type: 'chooseMethod', method: 'import' }, { type: 'continue' }, { type: 'analyzed', analysis: { ...analysis, savedMapping: { name: 3, email: 1, status: 2 } } }]);
    expect(s.mapping).toEqual({ name: 3, email: 1, status: 2 });
  });

  it('template: Setup Complete goes straight to step 4', () => {
    expect(run([{ type: 'chooseMethod', method: 'template' }, { type: 'continue' }, { type: 'finished', report }]).step).toBe(4);
    // An import cannot skip the mapping.
    expect(run([{ type: 'chooseMethod', method: 'import' }, { type: 'continue' }, { type: 'finished', report }]).step).toBe(2);
  });

  it('Back returns to the step before', () => {
    const s3 = run([{ type: 'chooseMethod', method: 'import' }, { type: 'continue' }, { type: 'analyzed', analysis }]);
    const s2 = wizardReducer(s3, { type: 'back' });
    expect(s2.step).toBe(2);
    expect(wizardReducer(s2, { type: 'back' }).step).toBe(1);
  });

  it('changing the mapping; Finalize only with name, email and status, each on its own column', () => {
    let s = run([{ type: 'chooseMethod', method: 'import' }, { type: 'continue' }, { type: 'analyzed', analysis }]);
    expect(canFinalize(s.mapping)).toBe(true);
    s = wizardReducer(s, { type: 'mapField', field: 'status', column: null });
    expect(canFinalize(s.mapping)).toBe(false);
    // An unmapped field is no error to show (the hint says it), and never zod's own words.
    expect(mappingProblem(s.mapping)).toBeNull();
    expect(mappingHint(s.mapping)).toBe('Map the status column to continue');
    s = wizardReducer(s, { type: 'mapField', field: 'status', column: 1 });
    expect(canFinalize(s.mapping)).toBe(false);
    expect(mappingProblem(s.mapping)).toBe('Column B is already mapped to email');
    s = wizardReducer(s, { type: 'mapField', field: 'status', column: 2 });
    expect(canFinalize(s.mapping)).toBe(true);
    expect(mappingProblem(s.mapping)).toBeNull();
    expect(mappingHint(s.mapping)).toBeNull();
  });

  it('a column taken twice is shown even while a required field is unmapped; the hint names what is missing', () => {
    let s = run([{ type: 'chooseMethod', method: 'import' }, { type: 'continue' }, { type: 'analyzed', analysis }]);
    s = wizardReducer(s, { type: 'mapField', field: 'email', column: null });
    s = wizardReducer(s, { type: 'mapField', field: 'priority', column: 0 }); // name's column, A
    expect(mappingProblem(s.mapping)).toBe('Column A is already mapped to name');
    expect(mappingHint(s.mapping)).toBe('Map the email column to continue');
    s = wizardReducer(s, { type: 'mapField', field: 'name', column: null });
    expect(mappingHint(s.mapping)).toBe('Map the name and email columns to continue');
    s = wizardReducer(s, { type: 'mapField', field: 'status', column: null });
    expect(mappingHint(s.mapping)).toBe('Map the name, email and status columns to continue');
  });
});
