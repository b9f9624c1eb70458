import { z } from 'zod';

/** The error code of a request that needed the database while it could not be reached (503, Retry-After). */
export const DATABASE_UNAVAILABLE = 'database_unavailable';

/** GET /api/health/ready: 200 when the instance takes traffic, 503 (with the reason) when it does not. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'error']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  /** True from SIGTERM until the process exits. */
  draining: z.boolean(),
  /** Why the instance is not ready (absent when it is). */
  reason: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /api/health/live: the process answers. */
export const livenessSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

/** GET /api/public/maintenance: open to everyone, also during maintenance (never 503). */
export const maintenanceStateSchema = z.object({ maintenanceMode: z.boolean(), message: z.string(), platformName: z.string() });
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;
