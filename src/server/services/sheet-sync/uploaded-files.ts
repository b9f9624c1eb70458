import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { UploadedFileInfo } from '@core/api/portals';
import { messages } from '@core/messages';
import type { Db, Tx } from '../../db/client';
import { portalUploads, type UploadOptions, type UploadSlot } from '../../db/schema';
import { AppError } from '../../errors';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** An upload ready to keep: compressed off the event loop (zlib's thread pool) before any transaction opens. */
export interface PackedUpload {
  fileName: string | null;
  size: number;
  sha256: string;
  gzip: Buffer;
  /** How it was sent: kept with a held upload, so confirming it applies what was checked. */
  options: UploadOptions;
  uploadedByUserId: string | null;
  /** When it was uploaded: a kept file applied again (new mapping, held one confirmed) keeps its date. */
  uploadedAt: Date;
}

/** A file name as shown and offered for download: the last path segment, printable, at most 200 characters. */
export function cleanFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return printable.length > 0 ? printable.slice(0, 200) : null;
}

export async function packUpload(
  bytes: Uint8Array,
  about: { fileName?: string | null; uploadedByUserId?: string | null; options: UploadOptions },
): Promise<PackedUpload> {
  return {
    fileName: cleanFileName(about.fileName),
    size: bytes.byteLength,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    gzip: await gzip(bytes, { level: 6 }),
    options: about.options,
    uploadedByUserId: about.uploadedByUserId ?? null,
    uploadedAt: new Date(),
  };
}

/**
 * Keeps an upload in its slot (replacing the one there); a held one with the run that held it back. Keeping the
 * applied file also discards a held one: the portal's data now comes from this file, so an older upload waiting
 * for confirmation no longer applies.
 */
export async function keepUpload(q: Db | Tx, portalId: string, slot: UploadSlot, file: PackedUpload, runId: string | null = null): Promise<void> {
  const values = {
    fileName: file.fileName,
    size: file.size,
    sha256: file.sha256,
    gzip: file.gzip,
    options: file.options,
    uploadedByUserId: file.uploadedByUserId,
    uploadedAt: file.uploadedAt,
    runId: slot === 'held' ? runId : null,
  };
  await q
    .insert(portalUploads)
    .values({ portalId, slot, ...values })
    .onConflictDoUpdate({ target: [portalUploads.portalId, portalUploads.slot], set: values });
  if (slot === 'applied') await q.delete(portalUploads).where(and(eq(portalUploads.portalId, portalId), eq(portalUploads.slot, 'held')));
}

/** Forgets a portal's uploads: a sync of its Google Sheet applied (an upload held back before no longer applies). */
export async function forgetUploads(q: Db | Tx, portalId: string): Promise<void> {
  await q.delete(portalUploads).where(eq(portalUploads.portalId, portalId));
}

/** What the business app shows of the kept files (no contents). */
export async function uploadedFilesOf(db: Db, portalId: string): Promise<{ applied: UploadedFileInfo | null; held: UploadedFileInfo | null }> {
  const rows = await db
    .select({
      slot: portalUploads.slot,
      fileName: portalUploads.fileName,
      size: portalUploads.size,
      sha256: portalUploads.sha256,
      uploadedAt: portalUploads.uploadedAt,
      runId: portalUploads.runId,
    })
    .from(portalUploads)
    .where(eq(portalUploads.portalId, portalId));
  const info = (slot: UploadSlot): UploadedFileInfo | null => {
    const row = rows.find((r) => r.slot === slot);
    return row ? { fileName: row.fileName, size: row.size, sha256: row.sha256, uploadedAt: row.uploadedAt.toISOString(), runId: row.runId } : null;
  };
  return { applied: info('applied'), held: info('held') };
}

/** A kept file with its bytes (404 with a clear message when the slot is empty). */
export async function readUpload(db: Db, portalId: string, slot: UploadSlot): Promise<{ packed: PackedUpload; bytes: Buffer; uploadedAt: Date }> {
  const [row] = await db
    .select()
    .from(portalUploads)
    .where(and(eq(portalUploads.portalId, portalId), eq(portalUploads.slot, slot)));
  if (!row) throw new AppError(404, 'no_file', slot === 'held' ? messages.sync.noHeldFile : messages.sync.noUploadedFile);
  const bytes = await gunzip(row.gzip);
  return {
    packed: {
      fileName: row.fileName,
      size: row.size,
      sha256: row.sha256,
      gzip: row.gzip,
      options: row.options,
      uploadedByUserId: row.uploadedByUserId,
      uploadedAt: row.uploadedAt,
    },
    bytes,
    uploadedAt: row.uploadedAt,
  };
}
