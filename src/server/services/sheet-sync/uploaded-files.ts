import crypto from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { UploadedFileInfo } from '@core/api/portals';
import { messages } from '@core/messages';
import type { Db, Tx } from '../../db/client';
import { portals, portalUploadChunks, portalUploads, type UploadOptions, type UploadSlot } from '../../db/schema';
import { AppError } from '../../errors';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/**
 * An upload ready to keep: compressed off the event loop (zlib's thread pool), then its bytes stored in chunks
 * before the sync's transaction (storeUpload); the transaction only points a slot at them (keepUpload).
 */
export interface PackedUpload {
  fileName: string | null;
  size: number;
  sha256: string;
  /**
   * The compressed bytes, until stored: compressed once, when first asked (storeUpload asks only when the portal
   * does not hold these bytes already; a sync may ask early, to compress while it parses).
   */
  compressed: (() => Promise<Buffer>) | null;
  /**
   * Where its bytes were stored (portal_upload_chunks.upload_id) when it was read from a slot: a hint only, since
   * another run may have moved that slot on since; storeUpload checks it under the portal's lease.
   */
  uploadId: string | null;
  /** How it was sent: kept with a held upload, so confirming it applies what was checked. */
  options: UploadOptions;
  uploadedByUserId: string | null;
  /** When it was uploaded: a kept file applied again (new mapping, held one confirmed) keeps its date. */
  uploadedAt: Date;
}

/** An upload whose bytes are stored: what a slot points at. */
export type StoredUpload = PackedUpload & { uploadId: string };

/** Compresses the bytes once, when first asked, off the event loop (zlib's thread pool). */
function lazyGzip(bytes: Uint8Array): () => Promise<Buffer> {
  let compressing: Promise<Buffer> | null = null;
  return () => (compressing ??= gzip(bytes, { level: 6 }));
}

/** Chunk `c` belongs to no slot of its portal. */
const UNKEPT = sql`not exists (select 1 from ${portalUploads} u where u.portal_id = c.portal_id and u.upload_id = c.upload_id)`;

/** The largest chunk written in one statement (the embedded database writes on the server's thread). */
export const UPLOAD_CHUNK_BYTES = 128 * 1024;
/** Chunks no slot refers to, older than this, are left by a run that stopped: swept. */
const ORPHAN_CHUNK_AGE = '1 hour';

/** A file name as shown and offered for download: the last path segment, printable, at most 200 characters. */
export function cleanFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return printable.length > 0 ? printable.slice(0, 200) : null;
}

export function packUpload(bytes: Uint8Array, about: { fileName?: string | null; uploadedByUserId?: string | null; options: UploadOptions }): PackedUpload {
  return {
    fileName: cleanFileName(about.fileName),
    size: bytes.byteLength,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    compressed: lazyGzip(bytes),
    uploadId: null,
    options: about.options,
    uploadedByUserId: about.uploadedByUserId ?? null,
    uploadedAt: new Date(),
  };
}

/**
 * Stores an upload's bytes in chunks, each its own short statement (no transaction: a slot refers to them only
 * once the sync commits), and returns where. Bytes a slot of the portal still refers to (the same file again, a
 * kept file applied again) are not written twice. Called by the run holding the portal's lease: what a slot
 * refers to now stays until this run keeps it.
 */
export async function storeUpload(db: Db, portalId: string, file: PackedUpload): Promise<string> {
  const kept = await db
    .select({ uploadId: portalUploads.uploadId, sha256: portalUploads.sha256 })
    .from(portalUploads)
    .where(eq(portalUploads.portalId, portalId));
  const same = kept.find((r) => r.uploadId === file.uploadId) ?? kept.find((r) => r.sha256 === file.sha256);
  if (same) return same.uploadId;
  if (!file.compressed) throw new Error('an upload without its bytes cannot be stored');
  const gz = await file.compressed();
  const uploadId = crypto.randomUUID();
  for (let seq = 0; seq * UPLOAD_CHUNK_BYTES < gz.length || seq === 0; seq += 1) {
    const data = gz.subarray(seq * UPLOAD_CHUNK_BYTES, (seq + 1) * UPLOAD_CHUNK_BYTES);
    await db.insert(portalUploadChunks).values({ uploadId, seq, portalId, data: Buffer.from(data) });
    // The embedded database answers within the same turn of the event loop: let other requests in between.
    await yieldToEventLoop();
  }
  return uploadId;
}

/**
 * Deletes the portal's stored bytes that no slot refers to. Called by the run holding the portal's lease, so no
 * other run is between storing its bytes and keeping them.
 */
async function dropUnkeptChunks(q: Db | Tx, portalId: string): Promise<void> {
  await q.execute(sql`
    delete from ${portalUploadChunks} c
    where c.portal_id = ${portalId} and ${UNKEPT}`);
}

/**
 * Points a slot at a stored upload (replacing what was there); a held one with the run that held it back.
 * Keeping the applied file also discards a held one: the portal's data now comes from this file, so an older
 * upload waiting for confirmation no longer applies. Bytes no slot refers to any more are deleted.
 */
export async function keepUpload(q: Db | Tx, portalId: string, slot: UploadSlot, file: StoredUpload, runId: string | null = null): Promise<void> {
  const values = {
    fileName: file.fileName,
    size: file.size,
    sha256: file.sha256,
    uploadId: file.uploadId,
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
  await dropUnkeptChunks(q, portalId);
}

/**
 * Forgets a portal's uploads: a sync of its Google Sheet applied (an upload held back before no longer applies).
 * Every applied sheet sync calls it: one statement when there is nothing to forget.
 */
export async function forgetUploads(q: Db | Tx, portalId: string): Promise<void> {
  const forgotten = await q.delete(portalUploads).where(eq(portalUploads.portalId, portalId)).returning({ slot: portalUploads.slot });
  if (forgotten.length > 0) await dropUnkeptChunks(q, portalId);
}

/** A run that stored an upload and then did not keep it (it failed): its bytes go (best effort; else swept). */
export async function discardStoredUpload(db: Db, portalId: string, uploadId: string): Promise<void> {
  await db.execute(sql`
    delete from ${portalUploadChunks} c
    where c.portal_id = ${portalId} and c.upload_id = ${uploadId} and ${UNKEPT}`);
}

/** Sweeps stored bytes no slot refers to, left by runs that stopped (the sync job, hourly, with the purge). */
export async function sweepOrphanUploadChunks(db: Db): Promise<number> {
  const rows = await db.execute(sql`
    delete from ${portalUploadChunks} c
    where c.created_at < now() - ${ORPHAN_CHUNK_AGE}::interval
      and ${UNKEPT}
      -- A run holding the portal (however long it takes) may still keep what it stored.
      and not exists (select 1 from ${portals} p where p.id = c.portal_id and p.sync_lease_expires_at > now())
    returning 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
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
export async function readUpload(db: Db, portalId: string, slot: UploadSlot): Promise<{ packed: StoredUpload; bytes: Buffer }> {
  // The slot and its bytes in one statement (one snapshot): a sync committing meanwhile cannot split them.
  const rows = await db
    .select({ upload: portalUploads, data: portalUploadChunks.data })
    .from(portalUploads)
    .leftJoin(portalUploadChunks, eq(portalUploadChunks.uploadId, portalUploads.uploadId))
    .where(and(eq(portalUploads.portalId, portalId), eq(portalUploads.slot, slot)))
    .orderBy(asc(portalUploadChunks.seq));
  const row = rows[0]?.upload;
  if (!row) throw new AppError(404, 'no_file', slot === 'held' ? messages.sync.noHeldFile : messages.sync.noUploadedFile);
  const bytes = await gunzip(Buffer.concat(rows.map((r) => r.data ?? Buffer.alloc(0)))).catch(() => null);
  if (!bytes || bytes.length !== row.size) throw new Error(`kept upload ${row.uploadId} of portal ${portalId} is damaged (${bytes?.length ?? 'no'} bytes, ${row.size} expected)`);
  return {
    packed: {
      fileName: row.fileName,
      size: row.size,
      sha256: row.sha256,
      // Should its slot have moved on by the time a run stores it, the bytes are written again.
      compressed: lazyGzip(bytes),
      uploadId: row.uploadId,
      options: row.options,
      uploadedByUserId: row.uploadedByUserId,
      uploadedAt: row.uploadedAt,
    },
    bytes,
  };
}
