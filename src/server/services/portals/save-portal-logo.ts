import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkLogo, logoMessages, uploadedLogoPath, type LogoContentType } from '@core/portal-logo';
import { readPortalConfig } from '@core/portal-config';
import type { AppContext } from '../../context';
import { portalLogos, portals } from '../../db/schema';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { getPortalRow } from './get-portal';

export interface PortalLogoView {
  /** The logo's public address (also the configuration's logoUrl now). */
  logoUrl: string;
  contentType: LogoContentType;
  size: number;
  sha256: string;
}

/** A refused logo: 400 empty or not an accepted image (SVG included), 413 too large; the message says which. */
export class LogoRejectedError extends AppError {
  constructor(reason: keyof typeof logoMessages) {
    super(reason === 'tooLarge' ? 413 : reason === 'empty' ? 400 : 415, `logo_${reason === 'tooLarge' ? 'too_large' : reason === 'wrongType' ? 'wrong_type' : reason}`, logoMessages[reason]);
  }
}

/**
 * Stores an uploaded logo for the business's portal (replacing any earlier one) and points the portal
 * configuration's logoUrl at it. The type comes from the bytes, never from the declared content type.
 */
export async function savePortalLogo(
  { db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>,
  businessId: string,
  portalId: string,
  /** null: a body that is not an image at all (e.g. JSON). */
  bytes: Buffer | null,
  actor: { userId: string; ipAddress?: string | null },
): Promise<PortalLogoView> {
  const portal = await getPortalRow(db, businessId, portalId);
  const checked = bytes ? checkLogo(bytes) : ({ ok: false, reason: 'wrongType' } as const);
  if (!checked.ok || !bytes) throw new LogoRejectedError(checked.ok ? 'wrongType' : checked.reason);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const logoUrl = uploadedLogoPath(portal.id, sha256);
  await db.transaction(async (tx) => {
    const values = { contentType: checked.contentType, size: bytes.length, sha256, bytes, uploadedByUserId: actor.userId, createdAt: new Date() };
    await tx
      .insert(portalLogos)
      .values({ portalId: portal.id, businessId, ...values })
      .onConflictDoUpdate({ target: portalLogos.portalId, set: values });
    // Read the configuration inside the transaction so a concurrent save of other fields is not lost.
    const [current] = await tx.select({ config: portals.config }).from(portals).where(eq(portals.id, portal.id)).for('update');
    await tx
      .update(portals)
      .set({ config: { ...readPortalConfig(current?.config), logoUrl }, updatedAt: new Date() })
      .where(eq(portals.id, portal.id));
    await recordActivity(tx, {
      type: 'portal.logo_uploaded',
      actorUserId: actor.userId,
      businessId,
      ipAddress: actor.ipAddress ?? null,
      detail: { portalId: portal.id, contentType: checked.contentType, size: bytes.length, sha256 },
    });
  });
  portalMeta.portalChanged(portal.id);
  return { logoUrl, contentType: checked.contentType, size: bytes.length, sha256 };
}
