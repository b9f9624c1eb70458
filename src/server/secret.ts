import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * BETTER_AUTH_SECRET signs cookies and tokens. When it is not set, a random one is created once
 * and kept in DATA_DIR/auth-secret, so `npm start` works with no configuration and sessions survive
 * restarts. Several instances must share one: set BETTER_AUTH_SECRET in production.
 */
export function resolveAuthSecret(given: string | undefined, dataDir: string): { secret: string; generated: boolean } {
  if (given) return { secret: given, generated: false };
  const file = path.resolve(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return { secret: fs.readFileSync(file, 'utf8').trim(), generated: false };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return { secret, generated: true };
}
