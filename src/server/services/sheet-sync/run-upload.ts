import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { RunSyncInput } from './sync-types';
import { discardStoredUpload, packUpload, storeUpload, type PackedUpload, type StoredUpload } from './uploaded-files';

/**
 * A run's uploaded file: packed for keeping once (its hash taken once; compressed off the event loop when its bytes
 * must be stored), stored once (in chunks, outside any transaction) for a slot to point at, and discarded when the
 * run ends without a slot pointing at it.
 */
export class RunUpload {
  private packedFile: PackedUpload | null = null;
  private storedFile: StoredUpload | null = null;
  /** A slot points at the stored bytes: they are the portal's now, not this run's to discard. */
  kept = false;

  constructor(
    private readonly db: Db,
    private readonly portalId: string,
    private readonly input: Pick<RunSyncInput, 'upload' | 'actorUserId' | 'dateOrder'>,
  ) {}

  /** The upload as it is kept; null for a Google Sheet. */
  packed(): PackedUpload | null {
    const up = this.input.upload;
    if (!up) return null;
    this.packedFile ??=
      up.packed ??
      packUpload(up.bytes, {
        fileName: up.fileName,
        uploadedByUserId: this.input.actorUserId,
        options: { ...(up.mapping ? { columnMapping: up.mapping } : {}), ...(this.input.dateOrder ? { dateOrder: this.input.dateOrder } : {}), ...(up.setupMethod ? { setupMethod: up.setupMethod } : {}) },
      });
    return this.packedFile;
  }

  /**
   * A new upload is compressed for keeping while it is read and checked (zlib works on its own thread): some 0.15 s
   * for 9 MB that would otherwise come before the write. A failure shows where the bytes are needed.
   */
  compressEarly(): void {
    if (this.input.upload && !this.input.upload.packed) this.packed()?.compressed?.().catch(() => {});
  }

  /** The upload's bytes stored for a slot to point at; once per run. */
  async stored(): Promise<StoredUpload | null> {
    const file = this.packed();
    if (!file) return null;
    this.storedFile ??= { ...file, uploadId: await storeUpload(this.db, this.portalId, file) };
    return this.storedFile;
  }

  /** Bytes stored for a run that did not keep them (it failed) go (or are swept later). */
  async discardIfNotKept(logger: Pick<Logger, 'warn'>): Promise<void> {
    if (!this.storedFile || this.kept) return;
    await discardStoredUpload(this.db, this.portalId, this.storedFile.uploadId).catch((e: unknown) => logger.warn({ err: e }, 'could not discard the bytes of an upload not kept'));
  }
}
