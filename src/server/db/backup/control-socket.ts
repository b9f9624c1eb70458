import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'pino';
import { dumpEmbedded } from './embedded-dump';

/**
 * While the server runs on the embedded database it holds the data folder (one process at a time), so
 * `npm run db:backup` asks it for the dump over a Unix socket in that folder: only the folder's owner can reach it
 * (mode 0600), nothing listens on the network. Protocol: the client writes `backup\n`; the server answers
 * `ok <bytes>\n` and the dump, or `error <message>\n`.
 */
export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'control.sock');

/** Unix socket paths are limited to ~107 bytes; a deeper folder gets no socket (the backup then says so). */
const MAX_SOCKET_PATH = 100;

export async function startControlSocket(dataDir: string, pglite: PGlite, logger: Logger): Promise<{ close(): Promise<void> } | null> {
  const file = controlSocketPath(dataDir);
  if (process.platform === 'win32' || file.length > MAX_SOCKET_PATH) {
    logger.warn({ file }, 'no backup socket for this data folder (path too long or Windows): stop the server to back it up');
    return null;
  }
  fs.rmSync(file, { force: true }); // left by a process that died (we hold the folder's lock)
  const server = net.createServer((socket) => {
    let line = '';
    socket.on('data', (chunk) => {
      line += chunk.toString('utf8');
      if (!line.includes('\n')) return;
      const command = line.trim();
      socket.removeAllListeners('data');
      if (command !== 'backup') {
        socket.end(`error unknown command\n`);
        return;
      }
      dumpEmbedded(pglite)
        .then((dump) => {
          logger.info({ bytes: dump.length }, 'backup: dump handed to npm run db:backup');
          socket.write(`ok ${dump.length}\n`);
          socket.end(dump);
        })
        .catch((err: unknown) => {
          logger.error({ err }, 'backup: dump failed');
          socket.end(`error ${err instanceof Error ? err.message : String(err)}\n`);
        });
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/** Asks the server holding the data folder for a dump. Rejects with the server's reason, or when none answers. */
export function requestDump(dataDir: string, timeoutMs = 600_000): Promise<Uint8Array<ArrayBuffer>> {
  const file = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the server did not finish the dump within ${timeoutMs / 1000} s`)));
    socket.once('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      const head = all.subarray(0, newline === -1 ? all.length : newline).toString('utf8');
      const ok = /^ok (\d+)$/.exec(head);
      if (!ok) return reject(new Error(head.replace(/^error /, '') || 'the server closed the connection'));
      const body = all.subarray(newline + 1);
      if (body.length !== Number(ok[1])) return reject(new Error(`the dump was cut short (${body.length} of ${ok[1]} bytes)`));
      resolve(new Uint8Array(body));
    });
  });
}
