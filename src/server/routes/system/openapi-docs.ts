import { WEBHOOK_TEST_EVENT, webhookEventLabels, webhookEventTypes, type WebhookEventType } from '@core/webhooks';

// What /api/docs tells a developer beside the routes themselves (issue 22 item 5): authentication, errors, rate
// limits, idempotency, and the webhooks with their payloads (OpenAPI 3.1's `webhooks`).

const description = `
StatusLink's API: the business API (\`/api/v1\`), the public portal (\`/api/public\`) and the back office (\`/api/admin\`).
The business API is what your own systems call.

## Authentication
Create an API key in the app under **Developers > API keys** (Business and Enterprise plans) and send it as a bearer token:

\`\`\`
curl https://statuslink.example/api/v1/portals \\
  -H "Authorization: Bearer sl_live_..."
\`\`\`

- **Scopes.** A \`read\` key may make GET requests; a \`write\` key may also create, change and delete.
  A read key's write is \`403 insufficient_scope\`.
- **Where keys work.** The routes marked with the *apiKey* scheme below: portals, clients, client details and access links,
  client updates, dashboard, workload, analytics, logos, data sources and imports, webhooks, custom domains. Account (\`/api/v1/me\`), usage and
  billing, key management (\`/api/v1/api-keys\`) and the back office (\`/api/admin\`) need a signed-in user:
  a key there is \`403 api_key_not_allowed\`.
- **Refusals.** A mistyped, unknown, revoked or expired key is \`401\` (\`invalid_api_key\`, \`api_key_revoked\`,
  \`api_key_expired\`) with \`WWW-Authenticate: Bearer error="invalid_token"\`.
- **Format.** \`sl_live_\` + 30 random base62 characters + a 6-character checksum (the CRC-32 of what comes before, in base62),
  so a leaked key can be recognised by secret scanners. StatusLink keeps only a hash: a key is shown once, when created.

## Errors
Every error has one shape, with a stable \`code\` to compare and a \`message\` to show:

\`\`\`json
{ "error": { "code": "not_found", "message": "Portal not found." } }
\`\`\`

A request body that fails validation is \`400 validation_error\` with the failing \`field\`. Another business's portal,
client, endpoint or delivery is always \`404\`, whatever the id.

## Rate limits
Each key may make the platform's per-minute number of requests (60 by default); each business its daily number of API calls
(1,000 by default, counted per UTC day across its keys). Answers to key requests carry \`X-RateLimit-Limit\`,
\`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (seconds). Over a limit: \`429\` with \`Retry-After\` (seconds);
\`rate_limited\` for the minute, \`daily_limit_exceeded\` for the day.

## Idempotency
Send an \`Idempotency-Key\` header (any unique string of up to 255 visible characters, e.g. a UUID) with a write to make it
safe to retry: a repeat with the same key and request returns the first answer (with \`Idempotent-Replayed: true\`)
instead of acting twice; the same key with a different request is \`409 idempotency_key_reused\`, and while the first is
still running \`409 idempotency_in_progress\`. An answer of 500 or above is not kept, so a retry runs again. Keys are kept
24 hours per business.

## Webhooks
Add endpoints under **Developers > Webhooks** or with \`POST /api/v1/webhooks\`. StatusLink posts each event you chose as
JSON, \`{ "type", "timestamp", "data" }\`, signed per [Standard Webhooks](https://www.standardwebhooks.com):

- \`webhook-id\`: the message id (\`msg_...\`), the same on every retry: skip one you have seen;
- \`webhook-timestamp\`: seconds since the epoch of this attempt: refuse old ones (the libraries allow 5 minutes);
- \`webhook-signature\`: \`v1,<base64 HMAC-SHA256 of "id.timestamp.body">\` with the endpoint's \`whsec_\` secret; during a
  secret rotation two signatures, space-separated.

Verify with any Standard Webhooks library, e.g. in Node.js \`new Webhook(secret).verify(rawBody, headers)\` from the
\`standardwebhooks\` package. Answer 2xx within 15 seconds. Other answers, time-outs and refused connections are retried
after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (a \`Retry-After\` asking for longer is honoured); redirects are
not followed. \`410 Gone\` disables the endpoint at once, and so do five days without a delivery getting through (the owner is
e-mailed). Each delivery is listed with its tries, status code and the start of your answer, and can be resent.
`.trim();

const tags = [
  { name: 'api keys', description: 'Keys for scripts and integrations (a signed-in owner only).' },
  { name: 'webhooks', description: 'Endpoints, their signing secrets and deliveries.' },
  { name: 'portal data', description: "A portal's clients." },
  { name: 'domains', description: "A portal on the business's own domain (Business and Enterprise): the name, its two DNS records, verification." },
  { name: 'billing', description: "The business's plan and invoices, Stripe Checkout and customer portal (a signed-in owner only), and Stripe's webhook endpoint." },
];

const clientExample = { id: 'C-1042', name: 'Jordan Lee', email: 'jordan@example.com', status: 'In Progress', queuePosition: 3, estimatedCompletion: '2026-12-14' };

/** What `data` holds for each event, as an example. */
const eventExamples: Record<WebhookEventType, Record<string, unknown>> = {
  'client.added': { status: 'New', statusClass: 'pending' },
  'client.status_changed': { from: 'New', to: 'In Progress', fromClass: 'pending', toClass: 'in-progress' },
  'client.completed': { status: 'Completed' },
  'client.cancelled': { status: 'Cancelled' },
  'client.queue_moved': { from: 5, to: 3 },
  'client.estimate_changed': { from: '2026-12-18', to: '2026-12-14' },
  'client.removed': {},
  'client.restored': {},
  'client.update_submitted': { updateId: 'c2b1...', message: 'I sent the missing documents today.', via: 'link', submittedAt: '2026-12-01T15:04:05.000Z' },
  'sync.failed': { syncRunId: '9f0c...', error: 'Google Sheets did not answer within 15 seconds', trigger: 'schedule' },
};

function eventPayload(type: string, data: Record<string, unknown>) {
  const clientEvent = type.startsWith('client.') && type !== 'client.update_submitted';
  return {
    type,
    timestamp: '2026-12-01T15:04:05.000Z',
    data: clientEvent
      ? { eventId: '48213', occurredAt: '2026-12-01T15:04:05.000Z', portalId: 'portal_k2j4h5g6f', clientId: clientExample.id, client: clientExample, changedBy: 'sync', ...data }
      : { portalId: 'portal_k2j4h5g6f', ...(type === 'client.update_submitted' ? { clientId: clientExample.id, client: { id: clientExample.id, name: clientExample.name, email: clientExample.email } } : {}), ...data },
  };
}

const signatureHeaders = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string', example: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W' }, description: 'The message id, the same on every attempt' },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', example: '1796223845' }, description: "Seconds since the epoch: this attempt's time" },
  { name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string', example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' }, description: 'v1 signatures, space-separated' },
];

/** OpenAPI 3.1 `webhooks`: one entry per event, with its payload as an example. */
function webhookDocs() {
  const entries: [string, string, Record<string, unknown>][] = [
    ...webhookEventTypes.map((t): [string, string, Record<string, unknown>] => [t, webhookEventLabels[t], eventExamples[t]]),
    [WEBHOOK_TEST_EVENT, 'Sent by "Send test event"', { message: 'This is a test event from StatusLink.', endpointId: 'ep_...' }],
  ];
  return Object.fromEntries(
    entries.map(([type, label, data]) => [
      type,
      {
        post: {
          summary: label,
          tags: ['webhooks'],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['type', 'timestamp', 'data'], properties: { type: { const: type }, timestamp: { type: 'string', format: 'date-time' }, data: { type: 'object' } } },
                example: eventPayload(type, data),
              },
            },
          },
          responses: { '2XX': { description: 'Received (any 2xx within 15 seconds)' }, '410': { description: 'Gone: the endpoint is disabled' } },
        },
      },
    ]),
  );
}

/** The OpenAPI definition around the routes: info, security schemes, tags and webhooks. */
export function openApiDefinition() {
  return {
    openapi: '3.1.0',
    info: { title: 'StatusLink API', version: '1.0.0', description },
    tags,
    components: {
      securitySchemes: {
        session: { type: 'apiKey' as const, in: 'cookie' as const, name: 'better-auth.session_token', description: "The app's own session (signed-in owner or operator)." },
        apiKey: {
          type: 'http' as const,
          scheme: 'bearer',
          bearerFormat: 'sl_live_<36 base62 characters>',
          description: 'An API key of the business (Business and Enterprise plans), created in the app under Developers > API keys.',
        },
      },
    },
    webhooks: webhookDocs(),
  };
}

const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', maxLength: 255 },
  description: 'Makes the write safe to retry: a repeat with the same key and request returns the first answer (24 hours).',
};

/** Adds the Idempotency-Key header to every write of the business API (the routes a key may call). */
export function documentIdempotency<T extends { paths?: unknown }>(doc: T): T {
  type Operation = { security?: Record<string, unknown>[]; parameters?: { name: string }[] };
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Operation | undefined>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || method === 'get' || !op.security?.some((s) => 'apiKey' in s)) continue;
      op.parameters = [...(op.parameters ?? []).filter((p) => p.name !== 'Idempotency-Key'), idempotencyHeader];
    }
  }
  return doc;
}
