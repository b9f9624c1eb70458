import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { E2E_BASE_URL, E2E_WEBHOOK_PORT } from './support/constants';
import { ownerWithSheet, shootBothThemes } from './support/business';
import { expect, test, type Page } from './support/test';

// The public API in a real browser (issue 22): the owner creates an API key (shown once) that then works as a
// bearer token, adds a webhook endpoint (its secret shown once), sends a test event and sees the delivery, which a
// real receiver got and verified with the standardwebhooks package; then the portal's clients kept in StatusLink: a
// client added and edited in Client Management and through the key, its events delivered. DEVELOPERS_SHOTS=dir saves screenshots
// (1280 and 375 px, light and dark).

const shotsDir = process.env.DEVELOPERS_SHOTS;
const shoot = (page: Page, name: string) => shootBothThemes(page, shotsDir, name);

test('an API key, a webhook endpoint and its delivery', async ({ page, request }) => {
  test.setTimeout(shotsDir ? 400_000 : 180_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(E2E_WEBHOOK_PORT, '127.0.0.1', resolve));
  try {
    const { portalId } = await ownerWithSheet(page, { label: 'developers' });
    await page.goto('/app/developers');
    await expect(page.getByRole('heading', { name: 'Developers', level: 1 })).toBeVisible();

    // An API key, shown once, then usable as a bearer token on the business API.
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByLabel('Name').fill('Practice software sync');
    await page.getByLabel('Read and write').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('shown-secret').textContent())!.trim();
    expect(key).toMatch(/^sl_live_[0-9A-Za-z]{36}$/);
    await shoot(page, 'developers-key-created');
    await page.getByRole('button', { name: 'Done' }).click();
    const keys = page.getByRole('list', { name: 'API keys' });
    await expect(keys.getByText('Practice software sync')).toBeVisible();
    await expect(keys.getByText(key)).toHaveCount(0);
    // As a script calls it: no cookie, the key as a bearer token.
    const viaKey = await request.get(`${E2E_BASE_URL}/api/v1/portals/${portalId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(viaKey.status()).toBe(200);

    // A webhook endpoint: its secret once, then a test event delivered, signed.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${E2E_WEBHOOK_PORT}/statuslink`);
    await page.getByLabel('Description (optional)').fill('Practice management software');
    await page.getByRole('button', { name: 'Add endpoint' }).last().click();
    const secret = (await page.getByTestId('shown-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    const endpoint = page.getByTestId('webhook-endpoint');
    await expect(endpoint.getByText('Practice management software')).toBeVisible();
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    const delivery = endpoint.getByTestId('webhook-delivery').first();
    await expect(delivery.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
    await expect(delivery.getByText('HTTP 200')).toBeVisible();
    await expect(delivery.getByText('{"ok":true}')).toBeVisible();
    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as { type: string };
    expect(event.type).toBe('webhook.test');
    await expect(page.getByTestId('verify-snippet')).toContainText("import { Webhook } from 'standardwebhooks';");
    await shoot(page, 'developers-page');

    // The client list kept in StatusLink: the portal switched from its file, a client added and edited in Client
    // Management, then changed with the key; the endpoint gets its client events (status changed, completed), signed.
    await page.goto('/app/portals');
    await page.getByRole('button', { name: 'Manage clients in StatusLink' }).click();
    await page.getByRole('button', { name: 'Keep clients in StatusLink' }).click();
    await expect(page.getByText('Managed in StatusLink')).toBeVisible();
    await page.getByRole('button', { name: 'Add client' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Client ID (optional)').fill('API-7');
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Status').fill('Waiting');
    await form.getByRole('button', { name: 'Add client' }).click();
    await expect(page.getByRole('link', { name: 'Grace Hopper', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Grace Hopper' }).click();
    await form.getByLabel('Status').fill('In Review');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('row', { name: /Grace Hopper/ }).getByText('In Review')).toBeVisible();
    await shoot(page, 'client-management-managed');
    const patched = await request.patch(`${E2E_BASE_URL}/api/v1/portals/${portalId}/clients/API-7`, {
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'e2e-complete-grace' },
      data: { status: 'Completed' },
    });
    expect(patched.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('row', { name: /Grace Hopper/ }).getByText('Completed')).toBeVisible();
    const typesFor = () => received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { clientId?: string } }).filter((e) => e.data.clientId === 'API-7').map((e) => e.type);
    await expect.poll(typesFor, { timeout: 20_000 }).toEqual(expect.arrayContaining(['client.status_changed', 'client.completed']));

    // Several clients at once get one status (one all-or-nothing bulk request); a delete is asked first and says
    // the client can be restored.
    const second = await request.put(`${E2E_BASE_URL}/api/v1/portals/${portalId}/clients/API-8`, {
      headers: { authorization: `Bearer ${key}` },
      data: { name: 'Alan Turing', email: 'alan@example.com', status: 'Waiting' },
    });
    expect(second.status()).toBe(201);
    await page.reload();
    await page.getByRole('checkbox', { name: 'Select Alan Turing' }).check();
    await page.getByRole('checkbox', { name: 'Select Grace Hopper' }).check();
    await page.getByLabel('New status for the selected clients').fill('On hold');
    await page.getByRole('button', { name: 'Set status (2)' }).click();
    await expect(page.getByRole('row', { name: /Alan Turing/ }).getByText('On hold')).toBeVisible();
    await expect(page.getByRole('row', { name: /Grace Hopper/ }).getByText('On hold')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Alan Turing' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete client' });
    await expect(confirm).toContainText('restore them');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('link', { name: 'Alan Turing', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Alan Turing' }).click();
    await confirm.getByRole('button', { name: 'Delete client' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('link', { name: 'Alan Turing', exact: true })).toHaveCount(0);
    await expect(page.getByText('Removed clients (1)')).toBeVisible();

    // Revoking a key and deleting an endpoint are asked first, in the same confirm dialog; a revoked key gets 401.
    await page.goto('/app/developers');
    await keys.getByRole('button', { name: /Revoke/ }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke this key?' });
    await expect(revoke).toContainText('stops working at once');
    await shoot(page, 'developers-revoke-confirm');
    await revoke.getByRole('button', { name: 'Revoke key' }).click();
    await expect(revoke).toBeHidden();
    const revoked = await request.get(`${E2E_BASE_URL}/api/v1/portals/${portalId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(revoked.status()).toBe(401);
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    const removeEndpoint = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await removeEndpoint.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(removeEndpoint).toBeHidden();
    await expect(endpoint).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
