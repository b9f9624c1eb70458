import type pg from 'pg';

/**
 * One PostgreSQL connection per instance, outside the pool, holding a session advisory lock for each sync lease the
 * instance holds (decision 20). PostgreSQL releases a session's locks when its connection ends, so a lease whose
 * process was killed (or lost its connection) is free to the next taker at once, on any instance, instead of
 * when its row expires. The lease row (owner token, expiry) stays what writers check: it fences a holder whose lock
 * went without its knowing.
 */
export interface LeaseSession {
  /** Takes the lock of `name` for `token`; false when another process holds it, or this one does already. */
  tryLock(name: string, token: string): Promise<boolean>;
  /** Gives it back if `token` holds it here. */
  unlock(name: string, token: string): Promise<void>;
  close(): Promise<void>;
}

/** Keyed by the database handle (any object: this module needs nothing of its type). */
const sessions = new WeakMap<object, LeaseSession>();

/** The lease session of a PostgreSQL handle (none on the embedded database: one process holds its folder). */
export function leaseSessionOf(db: object): LeaseSession | undefined {
  return sessions.get(db);
}

/** The lock's 64-bit key, worked out by the database from the name (the same on every instance). */
const LOCK_KEY = `hashtextextended('statuslink.sync-lease:' || $1, 0)`;

export function registerLeaseSession(db: object, newClient: () => pg.Client): LeaseSession {
  let client: Promise<pg.Client> | undefined;
  /** The locks this process holds: name -> token. Cleared when the connection ends (its locks went with it). */
  const held = new Map<string, string>();
  const connect = () => {
    client ??= (async () => {
      const c = newClient();
      const lost = () => {
        client = undefined;
        held.clear();
      };
      c.on('error', lost);
      c.on('end', lost);
      try {
        await c.connect();
      } catch (err) {
        lost();
        throw err;
      }
      return c;
    })();
    return client;
  };
  const session: LeaseSession = {
    async tryLock(name, token) {
      if (held.has(name)) return false;
      held.set(name, token); // claimed here before the round trip: a second taker in this process gets false
      try {
        const c = await connect();
        const { rows } = await c.query<{ locked: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY}) as locked`, [name]);
        if (!rows[0]?.locked) held.delete(name);
        return rows[0]?.locked === true;
      } catch (err) {
        held.delete(name);
        throw err;
      }
    },
    async unlock(name, token) {
      if (held.get(name) !== token) return;
      held.delete(name);
      const c = await client;
      await c?.query(`select pg_advisory_unlock(${LOCK_KEY})`, [name]);
    },
    async close() {
      const c = await client?.catch(() => undefined);
      client = undefined;
      held.clear();
      await c?.end().catch(() => {});
    },
  };
  sessions.set(db, session);
  return session;
}
