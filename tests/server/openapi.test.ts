import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { webhookEventTypes } from '../../src/core/webhooks';
import { useTestApp } from '../support/test-app';

// The OpenAPI document a developer reads at /api/docs (issue 22 item 5): valid OpenAPI 3.1, with authentication,
// errors and rate limits explained, the key, managed client and webhook routes, and every webhook event with its payload.

const t = useTestApp();

describe('the OpenAPI document', () => {
  it('validates', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('explains authentication, errors and rate limits, and lists the key and webhook routes and events', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const heading of ['## Authentication', '## Errors', '## Rate limits', '## Idempotency', '## Webhooks']) expect(doc.info.description).toContain(heading);
    for (const path of ['/api/v1/api-keys', '/api/v1/api-keys/{id}', '/api/v1/webhooks', '/api/v1/webhooks/{id}', '/api/v1/webhooks/{id}/rotate-secret', '/api/v1/webhooks/{id}/test', '/api/v1/webhooks/{id}/deliveries', '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEventTypes, 'webhook.test'].sort());
    expect(doc.webhooks['client.status_changed'].post.requestBody.content['application/json'].example).toMatchObject({ type: 'client.status_changed', data: { from: 'New', to: 'In Progress' } });
    expect(doc.paths['/api/v1/webhooks'].post.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(doc.paths['/api/v1/api-keys'].post.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'Idempotency-Key' }));
    const bulk = doc.paths['/api/v1/portals/{portalId}/clients/bulk'].post;
    expect(bulk.requestBody.content['application/json'].example.clients[0]).toMatchObject({ clientId: 'C-1001', email: 'ada@example.com' });
    expect(Object.keys(doc.paths['/api/v1/portals/{portalId}/clients/{clientId}'])).toEqual(expect.arrayContaining(['put', 'patch', 'delete']));
    expect(doc.paths['/api/v1/portals/{portalId}/clients'].post.security).toContainEqual({ apiKey: [] });
    expect(doc.paths['/api/v1/portals/{portalId}/clients/bulk'].post.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
  });
});
