import { describe, expect, it } from 'vitest';
import { measureTree, overLimits } from '../../scripts/code-limits';

// Issue 18 item 1: no function in src/server over 120 lines (its own) or a cyclomatic complexity of 25, runSync at
// most 80 and 15 (`npx tsx scripts/code-limits.ts` lists them). The functions below were over before the limits
// were measured; each may only shrink, and comes off the list once it is within them. Nothing new joins it.
const known: Record<string, { complexity: number; lines: number }> = {
  'src/server/services/sheet-sync/run-sync.ts syncPortal': { complexity: 87, lines: 305 },
  'src/server/services/sheet-sync/plan-import.ts planImport': { complexity: 52, lines: 215 },
  'src/server/services/admin/describe-activity.ts describeEvent': { complexity: 75, lines: 61 },
  'src/server/services/portal-lookup/lookup-client.ts lookupClient': { complexity: 36, lines: 107 },
  'src/server/integrations/sheets/google-sheets.ts fetchCsv': { complexity: 27, lines: 45 },
  'src/server/services/sheet-sync/parse-csv.ts parseSheetCsv': { complexity: 27, lines: 64 },
  'src/server/routes/admin/admin-routes.ts (callback of register)': { complexity: 1, lines: 263 },
  'src/server/routes/v1/sheet-source-routes.ts sheetSourceRoutes': { complexity: 1, lines: 166 },
};

describe('function size and complexity in src/server', () => {
  it('has no function over the limits but the known ones, and none of those grew', () => {
    const over = overLimits(measureTree('src/server')).map((f) => ({ key: `${f.file} ${f.name}`, complexity: f.complexity, lines: f.lines }));
    for (const f of over) {
      const was = known[f.key];
      expect(was, `${f.key}: complexity ${f.complexity}, ${f.lines} lines`).toBeDefined();
      expect(f.complexity, f.key).toBeLessThanOrEqual(was!.complexity);
      expect(f.lines, f.key).toBeLessThanOrEqual(was!.lines);
    }
  });
});
