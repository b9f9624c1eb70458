import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { dayToIso, isoToDay, todayInTimeZone } from '@core/dates';
import { defaultPortalConfig } from '@core/portal-config';
import { defaultWorkloadSettings } from '@core/workload-settings';
import type { Env } from '../../env';
import { projectPath } from '../../lib/project-root';
import { runSync } from '../../services/sheet-sync/run-sync';
import { createClientEventLog } from '../../services/client-events/client-event-log';
import { systemClock } from '../../lib/clock';
import type { Database } from '../client';
import { businessProfiles, clientAccessTokens, clients, portals, users } from '../schema';
import { hashAccessToken } from '../../services/client-access/secrets';
import {
  DEMO_ACCESS_CLIENT_ID,
  DEMO_ACCESS_TOKEN,
  DEMO_BUSINESS_ID,
  DEMO_COMPANY_NAME,
  DEMO_OWNER_EMAIL,
  DEMO_PORTAL_ID,
  DEMO_USER_ID,
} from './demo-business';

const DEMO_TIME_ZONE = 'America/New_York';
/** The day the dates in demo-clients.csv were written for; they are moved by (today - this) at seed time. */
const CSV_ANCHOR_DAY = '2026-11-25';

export const demoCsvPath = projectPath('src/server/db/seed/demo-clients.csv');

/** The demo sheet with its dates moved so that they sit around today, as a live business's would. */
export function demoCsv(today: string): string {
  const shift = isoToDay(today) - isoToDay(CSV_ANCHOR_DAY);
  return fs.readFileSync(demoCsvPath, 'utf8').replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (d) => dayToIso(isoToDay(d) + shift));
}

export interface SeedDeps {
  database: Database;
  env: Env;
  logger: Logger;
}

/**
 * Seeds the demo portal (/portal/demo) with a sample business and its clients, through the real import path so
 * positions and estimates are computed as for any business. Idempotent: does nothing once the portal has data.
 * The demo business cannot sign in: its account has no password, is banned, and its address is under the
 * reserved .invalid domain. Its status is 'trial' with no trial end, so no revenue figure or lifecycle e-mail
 * counts it; its plan is enterprise, so lookups never trigger usage warnings.
 */
export async function seedDemo(deps: SeedDeps, now = new Date()): Promise<'seeded' | 'present'> {
  const { db } = deps.database;
  const [existing] = await db.select({ lastSyncedAt: portals.lastSyncedAt }).from(portals).where(eq(portals.id, DEMO_PORTAL_ID));
  if (existing?.lastSyncedAt) {
    await ensureDemoAccessLink(deps.database);
    return 'present';
  }

  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ id: DEMO_USER_ID, name: 'Demo Owner', email: DEMO_OWNER_EMAIL, emailVerified: false, banned: true, banReason: 'Demo business: signing in is disabled' })
      .onConflictDoNothing();
    await tx
      .insert(businessProfiles)
      .values({
        id: DEMO_BUSINESS_ID,
        userId: DEMO_USER_ID,
        companyName: DEMO_COMPANY_NAME,
        ownerName: 'Demo Owner',
        email: DEMO_OWNER_EMAIL,
        phone: '',
        plan: 'enterprise',
        status: 'trial',
        timeZone: DEMO_TIME_ZONE,
        trialEndsAt: null,
      })
      .onConflictDoNothing();
    await tx
      .insert(portals)
      .values({
        id: DEMO_PORTAL_ID,
        businessId: DEMO_BUSINESS_ID,
        name: 'Demo portal',
        config: {
          ...defaultPortalConfig(DEMO_COMPANY_NAME),
          title: 'Tax Return Status',
          welcomeMessage: 'Track the status of your tax return with us',
          customMessage: 'This is a demo portal with sample clients. Try one of the searches below to see what your clients would see.',
          primaryColor: '#0F766E',
          showContactInfo: true,
          address: '120 Harbor Street, Portland, ME',
          contactEmail: 'hello@harbortax.example.com',
          contactPhone: '+1 555 0142',
          allowClientUpdates: true,
        },
        workloadSettings: defaultWorkloadSettings,
      })
      .onConflictDoNothing();
  });

  const [business] = await db.select({ timeZone: businessProfiles.timeZone }).from(businessProfiles).where(eq(businessProfiles.id, DEMO_BUSINESS_ID));
  const timeZone = business?.timeZone ?? DEMO_TIME_ZONE;
  const today = todayInTimeZone(timeZone, now);
  await runSync(
    // The demo business has no notifications or webhooks: its events are only written.
    { db, database: deps.database, env: deps.env, logger: deps.logger, clientEvents: createClientEventLog(), clock: systemClock },
    {
      portalId: DEMO_PORTAL_ID,
      businessId: DEMO_BUSINESS_ID,
      timeZone,
      trigger: 'setup',
      upload: { bytes: new TextEncoder().encode(demoCsv(today)), setupMethod: 'import' },
    },
  );
  await ensureDemoAccessLink(deps.database);
  deps.logger.info('Seeded the demo portal at /portal/demo');
  return 'seeded';
}

/** The demo's public access link for one sample client. */
async function ensureDemoAccessLink(database: Database) {
  const [client] = await database.db
    .select({ emailNormalized: clients.emailNormalized })
    .from(clients)
    .where(and(eq(clients.portalId, DEMO_PORTAL_ID), eq(clients.clientId, DEMO_ACCESS_CLIENT_ID)));
  if (!client) return;
  await database.db
    .insert(clientAccessTokens)
    .values({ portalId: DEMO_PORTAL_ID, clientId: DEMO_ACCESS_CLIENT_ID, tokenHash: hashAccessToken(DEMO_ACCESS_TOKEN), emailNormalized: client.emailNormalized })
    .onConflictDoNothing();
}
