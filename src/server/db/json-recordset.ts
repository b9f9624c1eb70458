import { sql } from 'drizzle-orm';

/**
 * Rows as one JSON parameter, for `from jsonb_to_recordset(...) as v(col type, ...)`: one short statement text however
 * many rows (cheap to parse on the embedded database, and never near PostgreSQL's 65,535 parameters a statement).
 */
export const jsonRecordset = (rows: readonly object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;
