import os from 'node:os';
import type { Env } from '../env';

const ANY_INTERFACE = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The address to open in a browser once the server listens: APP_URL when set (the address people use), else
 * http://localhost:PORT when listening on every interface or loopback, else the one address listened on.
 */
export function addressToOpen(env: Pick<Env, 'APP_URL' | 'APP_URL_SET' | 'HOST' | 'PORT'>, port = env.PORT): string {
  if (env.APP_URL_SET) return env.APP_URL;
  const host = env.HOST.trim();
  if (ANY_INTERFACE.has(host) || host === 'localhost' || host.startsWith('127.') || host === '::1') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Fastify's listen line for each address it listens on (127.0.0.1 and every machine address when HOST is 0.0.0.0):
 * the first line names the address to open, the others follow as "also reachable".
 */
export function listenLines(open: string): (address: string) => string {
  let first = true;
  return (address) => {
    if (!first) return `Also reachable at ${address}`;
    first = false;
    return `StatusLink is running: open ${open} (listening on ${address})`;
  };
}

/**
 * The addresses a server listening on `host` is reached at, for the start log: on every interface (0.0.0.0, ::),
 * loopback first and then each of the machine's IPv4 addresses; otherwise the one host.
 */
export function listeningAddresses(host: string, port: number): string[] {
  const trimmed = host.trim();
  if (!ANY_INTERFACE.has(trimmed)) return [`http://${trimmed.includes(':') ? `[${trimmed}]` : trimmed}:${port}`];
  const machine = Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => a.family === 'IPv4' && !a.internal)
    .map((a) => `http://${a.address}:${port}`);
  return [`http://127.0.0.1:${port}`, ...machine];
}
