import { sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { markRemovedSql } from '../../src/server/services/sheet-sync/client-columns';
import { useTestApp } from '../support/test-app';

// Statements that run right after a large write, when the planner's statistics still describe the table as it was
// (a managed bulk request runs no ANALYZE; the embedded database has no autovacuum). Given a list of keys, they must
// not join it to the portal's clients: from stale statistics PostgreSQL planned such joins as every client compared
// with every key (review, 2026-11-27: 2,500 removals from a 10,000-client portal took 9.2 s). Matching the keys as an
// array parameter through the primary key has no join to plan.

const t = useTestApp();

interface PlanNode {
  'Node Type': string;
  Plans?: PlanNode[];
}

/** Every node type of the statement's plan (EXPLAIN, not run). */
async function planNodes(statement: SQL): Promise<string[]> {
  const result = (await t.app.ctx.db.execute(sql`explain (format json) ${statement}`)) as unknown as { rows: Record<string, unknown>[] };
  const raw = Object.values(result.rows[0]!)[0];
  const [root] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const types: string[] = [];
  const walk = (node: PlanNode) => {
    types.push(node['Node Type']);
    node.Plans?.forEach(walk);
  };
  walk(root!.Plan);
  return types;
}

it('marking clients removed matches their keys through the primary key, with no join to plan', async () => {
  const keys = Array.from({ length: 2500 }, (_, n) => `C-${n}`);
  const nodes = await planNodes(markRemovedSql('portal_plan', keys));
  expect(nodes[0]).toBe('ModifyTable');
  expect(nodes.filter((n) => /Join|Nested Loop|SubPlan/.test(n))).toEqual([]);
});
