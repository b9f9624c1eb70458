import { describe, expect, it } from 'vitest';
import { createKey, withKey } from '../support/api-keys';
import { businessWithPortal } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// Idempotency-Key on the business API's writes (decision 0018): a replay returns the first answer, a different
// request under the same key is 409, keys are per business and last 24 hours.

const HOUR = 3_600_000;

const t = useTestApp({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });

describe('Idempotency-Key', () => {
  it('replays the first answer for a repeat, refuses another request under the key, and forgets it after 24 hours', async () => {
    const owner = await businessWithPortal(t.app);
    const { key } = await createKey(t.app, owner.cookie, { scope: 'write' });
    const body = { url: 'http://127.0.0.1:3328/hook', events: ['client.added'] };
    const first = await withKey(t.app, key, 'POST', '/api/v1/webhooks', body, { 'idempotency-key': 'create-hook-1' });
    expect(first.statusCode).toBe(201);
    const again = await withKey(t.app, key, 'POST', '/api/v1/webhooks', body, { 'idempotency-key': 'create-hook-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await withKey(t.app, key, 'GET', '/api/v1/webhooks')).json().webhooks).toHaveLength(1);

    const other = await withKey(t.app, key, 'POST', '/api/v1/webhooks', { ...body, url: 'http://127.0.0.1:3328/other' }, { 'idempotency-key': 'create-hook-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');

    // Another business may use the same key for its own request.
    const stranger = await businessWithPortal(t.app);
    const theirs = await createKey(t.app, stranger.cookie, { scope: 'write' });
    expect((await withKey(t.app, theirs.key, 'POST', '/api/v1/webhooks', body, { 'idempotency-key': 'create-hook-1' })).statusCode).toBe(201);

    t.clock.advance(24 * HOUR + 1);
    const later = await withKey(t.app, key, 'POST', '/api/v1/webhooks', body, { 'idempotency-key': 'create-hook-1' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect((await withKey(t.app, key, 'GET', '/api/v1/webhooks')).json().webhooks).toHaveLength(2);
  });

  it('keeps answers that are errors too, and refuses a malformed key', async () => {
    const owner = await businessWithPortal(t.app);
    const { key } = await createKey(t.app, owner.cookie, { scope: 'write' });
    const missing = await withKey(t.app, key, 'DELETE', '/api/v1/webhooks/ep_nothere', undefined, { 'idempotency-key': 'del-1' });
    expect(missing.statusCode).toBe(404);
    const replay = await withKey(t.app, key, 'DELETE', '/api/v1/webhooks/ep_nothere', undefined, { 'idempotency-key': 'del-1' });
    expect(replay.statusCode).toBe(404);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const bad = await withKey(t.app, key, 'POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:3328/x', events: ['client.added'] }, { 'idempotency-key': 'x'.repeat(256) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_idempotency_key');
  });
});
