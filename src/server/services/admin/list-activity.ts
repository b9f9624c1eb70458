import { and, count, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { activityEvents, businessProfiles, users } from '../../db/schema';
import { activityLabel, describeActivity } from './describe-activity';

export interface ActivityFilter {
  /** An exact type (auth.sign_in) or a group prefix ending in a dot (admin.). */
  type?: string;
  /** Part of the actor's e-mail or name. */
  actor?: string;
  businessId?: string;
  from?: Date;
  /** Exclusive end. */
  to?: Date;
  limit?: number;
  offset?: number;
}

export interface ActivityItem {
  id: string;
  type: string;
  label: string;
  description: string;
  actorEmail: string | null;
  businessId: string | null;
  businessName: string | null;
  ipAddress: string | null;
  createdAt: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The activity log, newest first, with filters. */
export async function listActivity(db: Db, filter: ActivityFilter = {}): Promise<{ items: ActivityItem[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.type) {
    conditions.push(filter.type.endsWith('.') ? like(activityEvents.type, `${escapeLike(filter.type)}%`) : eq(activityEvents.type, filter.type));
  }
  if (filter.businessId) conditions.push(eq(activityEvents.businessId, filter.businessId));
  if (filter.from) conditions.push(gte(activityEvents.createdAt, filter.from));
  if (filter.to) conditions.push(lt(activityEvents.createdAt, filter.to));
  if (filter.actor?.trim()) {
    const pattern = `%${escapeLike(filter.actor.trim())}%`;
    const matches = db.select({ id: users.id }).from(users).where(or(ilike(users.email, pattern), ilike(users.name, pattern)));
    // The operator's own rows, and what they did while signed in as a business (record-activity.ts).
    conditions.push(or(inArray(activityEvents.actorUserId, matches), inArray(sql`${activityEvents.detail}->>'impersonatedBy'`, matches))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // The operator behind a change made during "Login as this business" (record-activity.ts).
  const operators = alias(users, 'operator');
  const rows = await db
    .select({
      id: activityEvents.id,
      type: activityEvents.type,
      detail: activityEvents.detail,
      actorUserId: activityEvents.actorUserId,
      actorEmail: users.email,
      operatorEmail: operators.email,
      businessId: activityEvents.businessId,
      businessName: businessProfiles.companyName,
      ipAddress: activityEvents.ipAddress,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .leftJoin(users, eq(users.id, activityEvents.actorUserId))
    .leftJoin(operators, eq(operators.id, sql`${activityEvents.detail}->>'impersonatedBy'`))
    .leftJoin(businessProfiles, eq(businessProfiles.id, activityEvents.businessId))
    .where(where)
    .orderBy(desc(activityEvents.createdAt))
    .limit(Math.min(Math.max(filter.limit ?? 50, 1), 200))
    .offset(Math.max(filter.offset ?? 0, 0));
  const [totalRow] = await db.select({ n: count() }).from(activityEvents).where(where);
  return {
    total: totalRow?.n ?? 0,
    items: rows.map((r) => {
      const businessName = r.businessName ?? (typeof r.detail.companyName === 'string' ? r.detail.companyName : null);
      return {
        id: r.id,
        type: r.type,
        label: activityLabel(r.type),
        description: describeActivity({ type: r.type, detail: r.detail, actorEmail: r.actorEmail, businessName, operatorEmail: r.operatorEmail }),
        actorEmail: r.actorEmail ?? null,
        businessId: r.businessId,
        businessName,
        ipAddress: r.ipAddress,
        createdAt: r.createdAt,
      };
    }),
  };
}
