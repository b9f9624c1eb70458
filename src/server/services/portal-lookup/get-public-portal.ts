import { eq } from 'drizzle-orm';
import { brandingForPlan, planHas } from '@core/plan-features';
import { defaultPortalConfig } from '@core/portal-config';
import type { AppContext } from '../../context';
import { businessProfiles, portals } from '../../db/schema';
import { DEMO_ACCESS_CLIENT_NAME, DEMO_ACCESS_TOKEN, DEMO_PORTAL_ID, demoSamples, type DemoSample } from '../../db/seed/demo-business';
import { businessPlanId } from '../business/plan-access';
import { portalSettings } from './portal-settings';
import { portalOpen } from '../billing/business-standing';

/** The branding and display settings of a portal, as anyone may read them: no client and no owner data. */
export interface PublicPortalConfig {
  companyName: string;
  title: string;
  welcomeMessage: string;
  customMessage: string;
  primaryColor: string;
  secondaryColor: string;
  backgroundColor: string;
  logoUrl: string;
  /** Present when the portal shows contact details. */
  contact: { address: string; email: string; phone: string } | null;
  show: { position: boolean; estimatedCompletion: boolean; estimateStyle: 'range' | 'date'; notes: boolean; dueDate: boolean; progressBar: boolean };
  allowClientUpdates: boolean;
  requireVerification: boolean;
  /** The platform's name and home page, shown small beside the business's footer; null on white-label plans. */
  poweredBy: { name: string; url: string } | null;
}

export type PublicPortalState = 'ready' | 'no_data' | 'unavailable';

export interface PublicPortalView {
  portalId: string;
  /** ready; no_data (nothing imported yet); unavailable (the business is suspended, or its unpaid grace is over). */
  state: PublicPortalState;
  platformName: string;
  /** Absent when unavailable. */
  portal?: PublicPortalConfig;
  /** The demo portal only: what visitors can try, and a sample client's personal link. */
  demo?: { samples: DemoSample[]; accessLink: { name: string; path: string } };
}

/** The public configuration of a portal, or null when there is no such portal. */
export async function getPublicPortal(ctx: Pick<AppContext, 'db' | 'settings' | 'env' | 'clock'>, portalId: string): Promise<PublicPortalView | null> {
  const [row] = await ctx.db
    .select({
      id: portals.id,
      config: portals.config,
      workloadSettings: portals.workloadSettings,
      updatedAt: portals.updatedAt,
      lastSyncedAt: portals.lastSyncedAt,
      businessStatus: businessProfiles.status,
      trialEndsAt: businessProfiles.trialEndsAt,
      subscriptionStatus: businessProfiles.subscriptionStatus,
      graceEndsAt: businessProfiles.graceEndsAt,
      businessName: businessProfiles.companyName,
      plan: businessProfiles.plan,
    })
    .from(portals)
    .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
    .where(eq(portals.id, portalId));
  if (!row) return null;
  const platformName = (await ctx.settings.get()).general.platformName;
  if (!(await portalOpen(ctx, row))) return { portalId: row.id, state: 'unavailable', platformName };
  const plan = businessPlanId({ plan: row.plan });
  // What the plan lacks is not shown; what was saved stays for an upgrade (D12).
  const c = brandingForPlan(plan, portalSettings(row.id, row.updatedAt, row.config, row.workloadSettings).config, defaultPortalConfig());
  const whiteLabel = planHas(plan, 'whiteLabel');
  const view: PublicPortalView = {
    portalId: row.id,
    state: row.lastSyncedAt === null ? 'no_data' : 'ready',
    // White-label (D14): the platform is not named anywhere on the portal, its data included.
    platformName: whiteLabel ? '' : platformName,
    portal: {
      // Left blank in the configurator: the business's own name, so the portal never goes nameless.
      companyName: c.companyName.trim() || row.businessName,
      title: c.title,
      welcomeMessage: c.welcomeMessage,
      customMessage: c.customMessage,
      primaryColor: c.primaryColor,
      secondaryColor: c.secondaryColor,
      backgroundColor: c.backgroundColor,
      logoUrl: c.logoUrl,
      contact: c.showContactInfo ? { address: c.address, email: c.contactEmail, phone: c.contactPhone } : null,
      show: { position: c.showPriority, estimatedCompletion: c.showEstimatedCompletion, estimateStyle: c.estimateStyle, notes: c.showNotes, dueDate: c.showDueDate, progressBar: c.showProgressBar },
      allowClientUpdates: c.allowClientUpdates,
      requireVerification: c.requireVerification,
      poweredBy: whiteLabel ? null : { name: platformName, url: `${ctx.env.APP_URL}/` },
    },
  };
  if (row.id === DEMO_PORTAL_ID) {
    view.demo = { samples: demoSamples, accessLink: { name: DEMO_ACCESS_CLIENT_NAME, path: `/portal/${DEMO_PORTAL_ID}?t=${DEMO_ACCESS_TOKEN}` } };
  }
  return view;
}
