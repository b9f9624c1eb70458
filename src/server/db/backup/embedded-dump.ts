import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent dump of the embedded database (PGlite's data folder as a gzip tarball), taken while it serves: inside
 * a transaction of its one connection, so no other query or transaction runs between the checkpoint and the copy.
 * A large import on the embedded database writes in steps between transactions; a dump taken between two steps
 * restores to the same state a crash would leave, which the start finishes (decision 5).
 */
export async function dumpEmbedded(pglite: PGlite): Promise<Uint8Array<ArrayBuffer>> {
  return pglite.transaction(async (tx) => {
    await tx.exec('checkpoint');
    const blob = await pglite.dumpDataDir('gzip');
    return new Uint8Array(await blob.arrayBuffer());
  });
}

/** gzip's magic bytes: an embedded-database backup. */
export const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;
/** pg_dump's custom format starts with PGDMP. */
export const isPgDumpCustom = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === 'PGDMP';
