import { expect, test, type Page } from './support/test';
import { summarizeStatuses } from '../../src/core/status';
import { E2E_BASE_URL } from './support/constants';
import { ownerWithSheet, SAMPLE_CSV, shootBothThemes, signUpOwner } from './support/business';

// The business admin app (issue 6) in a real browser: sign up, import the tax preparer's sheet, check the
// dashboard's figures against the sheet, search and filter the client list, copy a link in the share modal, and
// move a client in the queue: the public portal shows the new position. ISSUE6_SHOTS=dir saves screenshots.

const csv = SAMPLE_CSV;
const rows = csv.trim().split('\n').slice(1).map((line) => line.split(','));
const expected = summarizeStatuses(rows.map((r) => r[3]));
const shotsDir = process.env.ISSUE6_SHOTS;
const shoot = (page: Page, name: string) => shootBothThemes(page, shotsDir, name);




test.describe('business app', () => {
  test('a new business sees Connect Your Google Sheet on the dashboard', async ({ page }) => {
    await signUpOwner(page, { label: 'app-empty', name: 'Nia Empty', companyName: 'Empty Co', plan: 'starter' });
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Connect Your Google Sheet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Setup' })).toHaveAttribute('href', '/app/sheets-setup');
    await shoot(page, 'dashboard-empty');
  });

  test('dashboard figures match the sheet; clients, share modal, queue position, workload and configurator', async ({ page, context }) => {
    test.setTimeout(shotsDir ? 300_000 : 120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
    const { portalId } = await ownerWithSheet(page, { label: 'app-owner' });

    await page.goto('/app/dashboard');
    await expect(page.getByTestId('tile-Total Clients')).toHaveText(String(rows.length));
    await expect(page.getByTestId('tile-Completed')).toHaveText(String(expected.completed));
    await expect(page.getByTestId('tile-In Progress')).toHaveText(String(expected.inProgress));
    await expect(page.getByTestId('tile-Pending')).toHaveText(String(expected.pending));
    await expect(page.getByTestId('dashboard-updated')).toContainText('Just now');
    await expect(page.getByRole('list', { name: 'Latest clients' }).getByRole('listitem')).toHaveCount(5);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByTestId('tile-Total Clients')).toHaveText(String(rows.length));
    await shoot(page, 'dashboard');

    // Client Management: count, search, status filter, empty state.
    await page.getByRole('link', { name: 'Client Management' }).first().click();
    await expect(page.getByTestId('showing-count')).toHaveText(`Showing ${rows.length} of ${rows.length} clients`);
    await expect(page.getByTestId('record-count')).toHaveText(`${rows.length} records`);
    await shoot(page, 'clients');
    await page.getByLabel('Search').fill('pending');
    await expect(page.getByTestId('showing-count')).toHaveText(`Showing 3 of ${rows.length} clients`);
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Status').selectOption('Completed');
    await expect(page.getByTestId('showing-count')).toHaveText(`Showing 1 of ${rows.length} clients`);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search').fill('nobody-at-all');
    await expect(page.getByRole('heading', { name: 'No Matching Clients' })).toBeVisible();
    await page.getByLabel('Search').fill('Sofia');
    await expect(page.getByTestId('showing-count')).toHaveText(`Showing 1 of ${rows.length} clients`);

    // Share modal: personalised access link by default, copy with confirmation, general link, mail draft.
    await page.getByRole('button', { name: 'Share with Sofia Rossi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Portal Access' });
    await expect(dialog).toBeVisible();
    const linkBox = dialog.getByLabel('Portal link');
    await expect(linkBox).toHaveValue(new RegExp(`/portal/${portalId}\\?t=`));
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(dialog.getByText('Link copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await linkBox.inputValue());
    await expect(dialog.getByText('Link copied to clipboard')).toBeHidden({ timeout: 4000 });
    await shoot(page, 'share-modal');
    await dialog.getByRole('radio', { name: 'General link' }).check();
    await expect(linkBox).toHaveValue(`${E2E_BASE_URL}/portal/${portalId}`);
    await expect(dialog.getByRole('link', { name: 'Email to Client' })).toHaveAttribute('href', /^mailto:sofia\.rossi%40example\.com\?subject=/);
    await dialog.getByRole('button', { name: 'Copy Email Text' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`${E2E_BASE_URL}/portal/${portalId}`);
    await page.keyboard.press('Escape');
    // Opened again: the link exists and is shown only once, so nothing is offered that has no link behind it.
    await page.getByRole('button', { name: 'Share with Sofia Rossi' }).click();
    await expect(dialog.getByRole('button', { name: 'Make a new link (the old one stops working)' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Open in new tab' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Email to Client' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Client detail: move to position 1, the portal shows it, then undo.
    await page.getByRole('link', { name: 'Sofia Rossi', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sofia Rossi' })).toBeVisible();
    // The due date reads as the client table writes dates, not as the sheet's raw text.
    await expect(page.getByTestId('due-date')).toHaveText('Jan 15, 2027');
    const before = Number(await page.getByTestId('queue-position').textContent());
    expect(before).toBeGreaterThan(1);
    await page.getByLabel('Set position').fill('1');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await expect(page.getByTestId('queue-position')).toHaveText('1');
    await shoot(page, 'client-detail');

    const portalPage = await context.newPage();
    await portalPage.goto(`/portal/${portalId}?email=${encodeURIComponent('sofia.rossi@example.com')}`);
    const card = portalPage.getByRole('region', { name: 'Sofia Rossi' });
    await expect(card).toBeVisible();
    await expect(card.getByText('#1')).toBeVisible();
    await portalPage.close();

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('queue-position')).toHaveText(String(before));
    // Moved again, then its own position cleared: the client moved aside stays pinned, and the page says so and
    // offers the way back to the automatic order.
    await page.getByLabel('Set position').fill('1');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await expect(page.getByTestId('queue-position')).toHaveText('1');
    await page.getByRole('button', { name: 'Clear manual position' }).click();
    await expect(page.getByText('(after the client placed by hand)')).toBeVisible();
    await shoot(page, 'client-detail-pinned');
    await page.getByRole('button', { name: 'Put the whole queue back in automatic order' }).click();
    await expect(page.getByText('(from priority, status and due date)')).toBeVisible();
    await expect(page.getByTestId('queue-position')).toHaveText(String(before));

    // Workload: utilisation from the sheet's active clients, a preview before saving, 'Saved!'.
    const active = rows.filter((r) => !/complete|done|finished|cancel/i.test(r[3]!)).length;
    await page.getByRole('link', { name: 'Workload Management' }).first().click();
    await expect(page.getByTestId('utilisation')).toHaveText(`${Math.round((active / 15) * 100)}%`);
    await page.getByLabel('Daily capacity').fill('5');
    await expect(page.getByTestId('utilisation')).toHaveText(`${Math.round((active / 25) * 100)}%`);
    await expect(page.getByTestId('changed-estimates')).toContainText('dates change with these settings');
    // Dates as the rest of the app writes them ('Dec 15, 2026'), never ISO.
    const dateLike = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
    await expect(page.getByTestId('next-available')).toHaveText(dateLike);
    await expect(page.getByRole('table').locator('tbody tr').first().locator('td').nth(2)).toHaveText(dateLike);
    await page.getByLabel('Date', { exact: true }).fill('2026-12-24');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Holidays' })).toContainText('Dec 24, 2026');
    await shoot(page, 'workload');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    await expect(page.getByText('Saved!')).toBeHidden({ timeout: 5000 });

    // Portal configurator: saved to the server, reflected in the public portal.
    await page.getByRole('link', { name: 'Portal Config' }).first().click();
    await page.getByLabel('Portal title').fill('Tax Return Tracker');
    await page.getByLabel('Company name').fill('Harbor Tax Partners');
    await expect(page.getByTestId('config-preview')).toContainText('Tax Return Tracker');
    // Which columns clients see, with the same switches as Map Columns.
    await expect(page.getByTestId('card-columns')).toHaveText('Clients see their name, e-mail address, status badge, queue position, due date and project notes.');
    await page.getByRole('checkbox', { name: 'Show due date' }).click();
    await expect(page.getByTestId('card-columns')).toHaveText('Clients see their name, e-mail address, status badge, queue position and project notes; hidden from them: Due Date.');
    await page.getByRole('checkbox', { name: 'Show due date' }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    await expect(page.frameLocator('iframe[title="Portal preview"]').getByRole('heading', { level: 1, name: 'Tax Return Tracker' })).toBeVisible();
    await shoot(page, 'portal-config');
    // The custom-domain card (issue 23 item 1, Business plan): a name added shows the two DNS records to create.
    await page.getByLabel('Domain name').fill('status.harbortax.com');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByTestId('domain-status')).toHaveText('Waiting for the DNS records');
    await expect(page.getByRole('cell', { name: 'CNAME' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '_statuslink-challenge.status.harbortax.com' })).toBeVisible();
    const configured = await context.newPage();
    await configured.goto(`/portal/${portalId}`);
    await expect(configured.getByRole('heading', { level: 1, name: 'Tax Return Tracker' })).toBeVisible();
    await configured.close();
  });
});

test.describe('business app, with the browser in another time zone', () => {
  test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });

  test('times are the business’s (New York), named as such (decisions D8)', async ({ page }) => {
    const { portalId } = await ownerWithSheet(page, { label: 'app-zone' });
    await page.goto('/app/portals/clients/T-1001');
    await expect(page.getByRole('heading', { level: 1, name: 'Maria Gonzalez' })).toBeVisible();
    // The client was first seen just now: the same instant, as New York's clock shows it, with the zone's name.
    const shown = (await page.getByTestId('first-seen').textContent())!.trim();
    const createdAt = await page.evaluate(async ({ id }) => {
      const res = await fetch(`/api/v1/portals/${id}/clients/T-1001`);
      return ((await res.json()) as { createdAt: string }).createdAt;
    }, { id: portalId });
    // Formatted by the browser itself (its ICU may differ from Node's in spacing).
    const newYork = await page.evaluate(
      (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' }).format(new Date(iso)),
      createdAt,
    );
    expect(shown).toMatch(new RegExp(`^${newYork.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s')}\\sE[SD]T$`));
  });
});
