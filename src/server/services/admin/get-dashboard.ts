import type { Db } from '../../db/client';
import { type DashboardFigures, dashboardFigures } from './metrics';
import { loadPlatformData } from './platform-data';
import { type ActivityItem, listActivity } from './list-activity';

export interface SystemHealth {
  uptimeSeconds: number;
  database: { ok: boolean; latencyMs: number | null; kind: string };
  /** Median API response time over the last hour; null before any request was timed. */
  medianResponseMs: number | null;
  requestsLastHour: number;
}

export interface Dashboard extends DashboardFigures {
  health: SystemHealth;
  recentActivity: ActivityItem[];
}

export interface DashboardDeps {
  db: Db;
  startedAt: Date;
  databaseKind: string;
  ping(): Promise<void>;
  timings: { median(windowMs?: number): number | null; count(windowMs?: number): number };
}

async function measurePing(ping: () => Promise<void>): Promise<{ ok: boolean; latencyMs: number | null }> {
  const started = performance.now();
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 3000).unref()),
    ]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, latencyMs: null };
  }
}

/** The back-office dashboard: counts, revenue, plans, platform metrics, measured health and recent activity. */
export async function getDashboard(deps: DashboardDeps, now = new Date()): Promise<Dashboard> {
  // Two months of events cover "sign-ups this month against last" and "active in the last 30 days".
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const data = await loadPlatformData(deps.db, since < new Date(now.getTime() - 31 * 86_400_000) ? since : new Date(now.getTime() - 31 * 86_400_000), now);
  const database = await measurePing(deps.ping);
  const median = deps.timings.median();
  return {
    ...dashboardFigures(data),
    health: {
      uptimeSeconds: Math.round((now.getTime() - deps.startedAt.getTime()) / 1000),
      database: { ...database, kind: deps.databaseKind },
      medianResponseMs: median === null ? null : Math.round(median * 10) / 10,
      requestsLastHour: deps.timings.count(),
    },
    recentActivity: (await listActivity(deps.db, { limit: 8 })).items,
  };
}
