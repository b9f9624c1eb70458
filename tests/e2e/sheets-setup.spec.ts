import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { E2E_BASE_URL } from './support/constants';
import { apiCall, shootBothThemes, signInOnceCreated, signUpOwner } from './support/business';

// The sheet set-up wizard (spec 2.15, issue 4) in a real browser, against the local server that plays Google
// Sheets (tests/e2e/support/sheets-server.ts): the Google Sheet method (invalid address, private sheet, mapping,
// finalize, sync now, re-open to change the mapping), the CSV upload and the template, and the portal list
// (plan limit, create, rename, delete with confirmation).

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const fixture = (name: string) => new URL(`../fixtures/sheets/${name}`, import.meta.url);

async function call(page: Page, url: string, data: unknown) {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const res = await page.request.post(url, { headers: { 'content-type': 'application/json', origin: E2E_BASE_URL }, data: JSON.stringify(data) });
    if (res.status() !== 429) return res;
    await new Promise((r) => setTimeout(r, (Number(res.headers()['retry-after'] ?? 5) + 1) * 1000));
  }
  throw new Error(`${url} stayed rate-limited`);
}

/** Signs a business up in the page's context, so the page is signed in. */
async function signUp(page: Page, plan: 'starter' | 'professional') {
  const email = `sheets-${unique()}@example.com`;
  const res = await call(page, '/api/auth/sign-up/email', {
    email,
    password: 'Harbour-Lights-42',
    name: 'Maya Fischer',
    companyName: 'Harbour Tax Partners',
    phone: '+1 555 0100',
    plan,
    timeZone: 'America/New_York',
    acceptTerms: true,
  });
  expect(res.status()).toBe(200);
  await signInOnceCreated(page.request, email, 'Harbour-Lights-42');
}

async function firstPortal(page: Page) {
  await page.goto('/app/sheets-setup');
  await expect(page.getByRole('heading', { name: 'Create Your First Portal' })).toBeVisible();
  // The first portal is named by the business, as later ones are; nothing is made up for it.
  await page.getByRole('button', { name: 'Create Portal' }).click();
  await expect(page.getByText('Portal name is required')).toBeVisible();
  await page.getByLabel('Portal name').fill('Main office');
  await page.getByRole('button', { name: 'Create Portal' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1: Choose Method' })).toBeVisible();
  await expect(page.getByText('Bring your client list into “Main office”.')).toBeVisible();
}

test('Google Sheet: analyse, map, finalize, sync now, and re-open to change the mapping', async ({ page }) => {
  await signUp(page, 'starter');
  await firstPortal(page);

  // Starter plan: one portal, and the message says how to get more.
  await expect(page.getByText('Your Starter plan includes 1 portal. Upgrade to Professional for up to 5 portals.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Portal' })).toBeDisabled();

  // Step 1 needs a method.
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByText('Import existing data').click();
  await next.click();

  // Step 2: the address is checked as typed; a private sheet shows the Analysis Failed card and stays on step 2.
  await expect(page.getByRole('heading', { name: 'Step 2: Connect Sheet' })).toBeVisible();
  const address = page.getByLabel('Google Sheets URL');
  const analyze = page.getByRole('button', { name: 'Analyze Sheet' });
  await address.fill('https://example.com/my-sheet');
  await expect(page.getByText('Please enter a valid Google Sheets URL')).toBeVisible();
  await expect(analyze).toBeDisabled();
  // A sheet address without its id: said plainly, without the sharing tips (nothing was fetched).
  await address.fill('https://docs.google.com/spreadsheets/d/');
  await analyze.click();
  await expect(page.getByText('The address has no sheet id')).toBeVisible();
  await expect(page.getByText('Make sure the first row holds the column headers.')).toBeHidden();
  await address.fill('https://docs.google.com/spreadsheets/d/private-sheet/edit');
  await analyze.click();
  await expect(page.getByText('Analysis Failed')).toBeVisible();
  await expect(page.getByText(/^Failed to access spreadsheet: the sheet is not shared/)).toBeVisible();
  await expect(page.getByText('Make sure the first row holds the column headers.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Step 2: Connect Sheet' })).toBeVisible();
  // A sheet Google does not find: the tips are about the address and the tab, not about sharing.
  await address.fill('https://docs.google.com/spreadsheets/d/no-such-sheet/edit');
  await analyze.click();
  await expect(page.getByText('Failed to fetch sheet data: 404')).toBeVisible();
  const tips = page.getByRole('list', { name: 'What to try' });
  await expect(tips).toContainText('If you chose a tab, check that it still exists');
  await expect(tips).not.toContainText('Anyone with the link');
  await shootBothThemes(page, process.env.H2_SHOTS, 'analysis-failed-404');
  // Editing the address: the card was about the address before, so it goes.
  await address.fill('https://docs.google.com/spreadsheets/d/no-such-sheet/edit#gid=1');
  await expect(page.getByText('Analysis Failed')).toHaveCount(0);

  // A shared sheet: step 3 with the suggestions, a green confidence and the first 3 rows.
  await address.fill('https://docs.google.com/spreadsheets/d/tax-preparer/edit#gid=0');
  await analyze.click();
  await expect(page.getByRole('heading', { name: 'Step 3: Map Columns' })).toBeVisible();
  const confidence = page.getByTestId('mapping-confidence');
  await expect(confidence).toHaveText('Confidence 100%');
  await expect(confidence).toHaveAttribute('data-band', 'green');
  await expect(page.getByText('Email column detected: "Email Address"')).toBeVisible();
  await expect(page.getByRole('table', { name: 'The first 3 rows of your data' }).locator('tbody tr')).toHaveCount(3);
  await expect(page.getByLabel('Name (required)')).toHaveValue('1');
  // Without an id column, the page says clients are recognised by their e-mail (D9).
  await expect(page.getByTestId('no-id-column')).toHaveCount(0);
  await page.getByLabel('Client ID (optional)').selectOption('');
  await expect(page.getByTestId('no-id-column')).toContainText('A changed e-mail address makes a new client');
  await shootBothThemes(page, process.env.H2_SHOTS, 'mapping-no-id');
  await page.getByLabel('Client ID (optional)').selectOption('0');

  // Finalize needs name, e-mail and status.
  const finalize = page.getByRole('button', { name: 'Finalize Setup' });
  await page.getByLabel('Status (required)').selectOption('');
  await expect(finalize).toBeDisabled();
  await expect(page.getByText('No status column detected')).toBeVisible();
  // "Detected" keeps what the analysis found, and says the selects now differ from it.
  await expect(page.getByRole('list', { name: 'Detected columns' })).toContainText('Status column detected');
  await expect(page.getByText('The columns chosen above differ from the detected ones')).toBeVisible();
  await expect(confidence).toHaveText('Confidence 70%');
  await expect(confidence).toHaveAttribute('data-band', 'yellow');
  // One column for two fields is an error, marked on both fields.
  await page.getByLabel('Status (required)').selectOption('1');
  await expect(page.getByRole('alert').filter({ hasText: 'Column B is already mapped to name. Choose one column per field.' })).toBeVisible();
  await expect(page.getByLabel('Status (required)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name (required)')).toHaveAttribute('aria-invalid', 'true');
  await expect(finalize).toBeDisabled();
  await shootBothThemes(page, process.env.H2_SHOTS, 'mapping-clash');
  // With the e-mail unmapped too, the clash is still said, and the hint names the field that is missing.
  await page.getByLabel('Email (required)').selectOption('');
  await expect(page.getByRole('alert').filter({ hasText: 'Column B is already mapped to name.' })).toBeVisible();
  await expect(page.getByLabel('Email (required)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Map the email column to continue')).toBeVisible();
  await page.getByLabel('Email (required)').selectOption('2');
  await expect(page.getByText('Map the email column to continue')).toHaveCount(0);
  await page.getByLabel('Status (required)').selectOption('3');
  await expect(page.getByLabel('Name (required)')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('The columns chosen above differ from the detected ones')).toHaveCount(0);
  // What clients will see: the mapped columns, a switch for each optional one (saved at once), the first row's card.
  const cardColumns = page.getByTestId('card-columns');
  const cardPreview = page.getByTestId('map-card-preview');
  await expect(cardColumns).toContainText('Clients see their name, e-mail address, status badge, queue position, due date and project notes.');
  await expect(cardPreview).toContainText('Maria Gonzalez');
  await expect(cardPreview).toContainText('Dec 15, 2026');
  await expect(cardPreview).toContainText('Waiting for the 1099-B');
  await page.getByRole('checkbox', { name: 'Show the Notes column (project notes)' }).click();
  await expect(cardPreview).not.toContainText('Waiting for the 1099-B');
  await expect(cardColumns).toContainText('hidden from them: Notes.');
  await expect(page.getByRole('checkbox', { name: 'Show the Notes column (project notes)' })).toBeEnabled();
  await shootBothThemes(page, process.env.H2_SHOTS, 'mapping-card-columns');
  await expect(finalize).toBeEnabled();
  await finalize.click();

  // Step 4: the report.
  await expect(page.getByRole('heading', { name: 'Step 4: Complete' })).toBeVisible();
  const report = page.getByLabel('Import report');
  await expect(report.getByText('New')).toBeVisible();
  await expect(report).toContainText('12');
  // The portal's answer leaves the hidden column out altogether.
  const card = await page.evaluate(async () => {
    const { portals } = (await (await fetch('/api/v1/portals')).json()) as { portals: { portalId: string }[] };
    const res = await fetch(`/api/public/portals/${portals[0]!.portalId}/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'maria.gonzalez@example.com' }) });
    return ((await res.json()) as { client: Record<string, unknown> }).client;
  });
  expect(card).toMatchObject({ name: 'Maria Gonzalez', dueDate: '2026-12-15' });
  expect(card).not.toHaveProperty('notes');
  await page.getByRole('button', { name: 'Done' }).click();

  // The source: last sync, Sync now, history.
  await expect(page.getByRole('heading', { name: 'Data Source' })).toBeVisible();
  await expect(page.getByRole('link', { name: /tax-preparer/ })).toBeVisible();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(/^Synced: 12 read · 12 unchanged/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sync history' }).getByText('Sync now')).toBeVisible();
  await page.getByLabel('Sync automatically').selectOption('60');
  await expect(page.getByLabel('Sync automatically')).toHaveValue('60');

  // Re-open to change the mapping: the saved mapping is shown.
  await page.getByRole('button', { name: 'Change column mapping' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3: Map Columns' })).toBeVisible();
  await page.getByLabel('Notes (optional)').selectOption('');
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4: Complete' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Notes: G')).toHaveCount(0);
});

test('CSV upload and the template, with the portal list', async ({ page }) => {
  await signUp(page, 'professional');
  await firstPortal(page);

  // CSV upload through the file picker; an empty file first: its card speaks of the file, not of sharing a sheet.
  await page.getByText('Import existing data').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('tab', { name: 'Upload CSV' }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  await expect(page.getByText('Analysis Failed')).toBeVisible();
  await expect(page.getByRole('list', { name: 'What to try' })).toContainText('Save or export the sheet as CSV');
  await expect(page.getByText('Anyone with the link')).toHaveCount(0);
  await page.getByLabel('CSV file').setInputFiles(fixture('construction.csv').pathname);
  await expect(page.getByRole('heading', { name: 'Step 3: Map Columns' })).toBeVisible();
  await expect(page.getByText('File construction.csv: 5 rows, 7 columns.')).toBeVisible();
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4: Complete' })).toBeVisible();
  await expect(page.getByLabel('Import report')).toContainText('5');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('An uploaded CSV file.')).toBeVisible();

  // A second portal (Professional allows 5), started from the template.
  await page.getByRole('button', { name: 'New Portal' }).click();
  await page.getByLabel('Portal name').fill('Sample office');
  await page.getByRole('button', { name: 'Create Portal' }).click();
  await expect(page.getByText('Bring your client list into “Sample office”.')).toBeVisible();
  await page.getByText('Start with template').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: Get Template' })).toBeVisible();
  // The template's columns are known: Map Columns is shown as skipped, never as done.
  await expect(page.getByRole('list', { name: 'Set-up steps' })).toContainText('Map Columns (not needed with the template)');
  await shootBothThemes(page, process.env.H2_SHOTS, 'template-step');
  const preview = page.getByRole('table', { name: 'Template preview: the first 2 sample rows' });
  await expect(preview.locator('tbody tr')).toHaveCount(2);
  await expect(preview).toContainText('John Smith');
  await expect(preview).not.toContainText('Michael Brown');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Template (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('client-status-template.csv');
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Client ID,Client Name,Email Address,Status,Priority,Due Date,Notes');
  await page.getByRole('button', { name: 'Setup Complete' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4: Complete' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Started from the template (CSV).')).toBeVisible();

  // Rename and delete (with confirmation).
  const portals = page.getByRole('list', { name: 'Portals' });
  await expect(portals.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Rename Sample office' }).click();
  await page.getByLabel('Portal name').fill('Downtown office');
  await page.getByRole('button', { name: 'Save Name' }).click();
  await expect(portals.getByText('Downtown office')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Downtown office' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Portal' });
  await expect(dialog).toContainText('Delete the portal "Downtown office"? Its clients, their history and its sync history are deleted too. This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(portals.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Downtown office' }).click();
  await page.getByRole('dialog', { name: 'Delete Portal' }).getByRole('button', { name: 'Delete Portal' }).click();
  await expect(portals.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('An uploaded CSV file.')).toBeVisible();

  // A sheet with headers and no client rows connects, and says it has no clients instead of a success.
  await page.getByRole('button', { name: 'New Portal' }).click();
  await page.getByLabel('Portal name').fill('Empty office');
  await page.getByRole('button', { name: 'Create Portal' }).click();
  await page.getByText('Import existing data').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('tab', { name: 'Upload CSV' }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('Client ID,Client Name,Email Address,Status\r\n') });
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Connected, but no clients yet' })).toBeVisible();
  await expect(page.getByText('The sheet has its headers but no client rows yet.')).toBeVisible();
});

test('a CSV portal keeps its file: download it, change the mapping without uploading again, confirm a held-back upload', async ({ page }) => {
  await signUp(page, 'professional');
  await firstPortal(page);
  // Two e-mail columns: the detected mapping takes the work one, where Bob has none (his row is skipped).
  const csv = 'ID,Name,Work Email,Home Email,Status,Stage\r\nC-1,Ann Lee,ann@work.example,ann@home.example,Open,Filed\r\nC-2,Bob Stone,,bob@home.example,Open,Drafting\r\nC-3,Cy Park,cy@work.example,cy@home.example,Open,Review\r\n';
  await page.getByText('Import existing data').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('tab', { name: 'Upload CSV' }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'clients-nov.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: 'Step 3: Map Columns' })).toBeVisible();
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4: Complete' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  // The card names the file, and it downloads as it was given.
  const card = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Data Source' }) });
  await expect(card.getByText('Email: C “Work Email”')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: /clients-nov\.csv/ }).click()]);
  expect(download.suggestedFilename()).toBe('clients-nov.csv');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(csv);

  // Change the mapping: the kept file is read again, no upload.
  await card.getByRole('button', { name: 'Change column mapping' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3: Map Columns' })).toBeVisible();
  await expect(page.getByText('File clients-nov.csv: 3 rows, 6 columns.')).toBeVisible();
  await shootBothThemes(page, process.env.H2_SHOTS, 'remap-kept-file');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByLabel('Email (required)')).toHaveValue('2');
  await page.getByLabel('Email (required)').selectOption('3');
  await page.getByLabel('Status (required)').selectOption('5');
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4: Complete' })).toBeVisible();
  await expect(page.getByLabel('Import report')).toContainText('1');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('Email: D “Home Email”')).toBeVisible();
  await expect(card.getByText('Status: F “Stage”')).toBeVisible();
  const [portal] = (await (await apiCall(page, 'get', '/api/v1/portals')).json()).portals as { portalId: string }[];
  const clients = await (await apiCall(page, 'get', `/api/v1/portals/${portal!.portalId}/clients`)).json();
  expect(clients.clients.map((c: { email: string; status: string }) => `${c.email} ${c.status}`)).toEqual([
    'ann@home.example Filed',
    'bob@home.example Drafting',
    'cy@home.example Review',
  ]);

  // A new file that drops most clients is held back; left in the wizard, it is confirmed from the card.
  await card.getByRole('button', { name: 'Upload a new file' }).click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'only-ann.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('ID,Name,Work Email,Home Email,Status,Stage\r\nC-1,Ann Lee,ann@work.example,ann@home.example,Open,Done\r\n'),
  });
  await expect(page.getByRole('heading', { name: 'Step 3: Map Columns' })).toBeVisible();
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  // The check below the mapping may say the same words first: read them in the held-back notice itself.
  const heldBack = page.getByRole('status').filter({ hasText: 'Large drop held back' });
  await expect(heldBack).toBeVisible();
  await expect(heldBack.getByText('This import would remove 2 of your 3 clients (the file has 1).', { exact: false })).toBeVisible();
  // Kept as it is: the notice goes, nothing applied. Asked again, the history keeps one question to confirm.
  await page.getByRole('button', { name: 'Keep the current data' }).click();
  await expect(page.getByText('Large drop held back')).toHaveCount(0);
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  await expect(page.getByText('Large drop held back')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Close the set-up' }).click();
  const history = page.getByRole('list', { name: 'Sync history' });
  await expect(history.getByText('Needs confirmation')).toHaveCount(1);
  await expect(history.getByText('Held back')).toHaveCount(1);
  await card.getByRole('button', { name: 'Upload a new file' }).click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'only-ann.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('ID,Name,Work Email,Home Email,Status,Stage\r\nC-1,Ann Lee,ann@work.example,ann@home.example,Open,Done\r\n'),
  });
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  await expect(page.getByText('Large drop held back')).toBeVisible();
  // Leaving the step leaves its answer behind: no notice (or an 'Apply anyway' for it) under another step.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2: Connect Sheet' })).toBeVisible();
  await expect(page.getByText('Large drop held back')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close the set-up' }).click();
  await expect(card.getByText('Large drop held back')).toBeVisible();
  await expect(card.getByRole('link', { name: 'only-ann.csv' })).toBeVisible();
  await shootBothThemes(page, process.env.H2_SHOTS, 'held-upload');
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Apply anyway' }).click();
  await expect(card.getByText(/^Imported: 1 read/)).toBeVisible();
  await expect(card.getByText('Large drop held back')).toHaveCount(0);
  await expect(card.getByRole('link', { name: /only-ann\.csv/ })).toBeVisible();
  // The history keeps the held-back runs, no longer as something to confirm.
  await expect(history.getByText('Held back')).toHaveCount(3);
  await expect(history.getByText('Needs confirmation')).toHaveCount(0);
});

test('Map Columns checks the data with the chosen columns before Finalize: skipped rows, unread dates, a repeated client id', async ({ page }) => {
  await signUp(page, 'professional');
  await firstPortal(page);
  await page.getByText('Import existing data').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('tab', { name: 'Upload CSV' }).click();
  const csv = [
    'Client ID,Client Name,Email,Status,Due Date',
    'A1,Ann Lee,ann@example.com,Pending,after Easter',
    'A2,Bo Chen,bad-email,Pending,',
    'A1,Cy Park,cy@example.com,Done,2026-12-01',
  ].join('\r\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'messy.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: 'Step 3: Map Columns' })).toBeVisible();
  const check = page.getByRole('region', { name: 'Check with these columns' });
  // Client ID A1 on two rows: Finalize would fail, so it is said now and Finalize waits.
  await expect(check.getByText('This data cannot be imported as mapped')).toBeVisible();
  await expect(check).toContainText('A1');
  await expect(page.getByRole('button', { name: 'Finalize Setup' })).toBeDisabled();
  // Checked again (the sheet not fixed yet): the same answer, and nothing saved meanwhile.
  await check.getByRole('button', { name: 'Check again' }).click();
  await expect(check.getByText('This data cannot be imported as mapped')).toBeVisible();
  await shootBothThemes(page, process.env.H2_SHOTS, 'check-duplicate-id');
  await page.setViewportSize({ width: 1280, height: 900 });
  // Without the id column: ready, with the row skipped and the date not read, by row.
  await page.getByLabel('Client ID (optional)').selectOption('');
  await expect(check.getByTestId('check-counts')).toHaveText('3 read · would add 2 · 0 unchanged · 1 skipped');
  await expect(check).toContainText('1 due date could not be read and is kept as text (row 2, "after Easter")');
  await check.getByText(/^Details/).click();
  await expect(check).toContainText('Row 3: "bad-email" is not an email address');
  await shootBothThemes(page, process.env.H2_SHOTS, 'check-ready');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Finalize Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Step 4: Complete' })).toBeVisible();
  // The check saved nothing: one run, the one Finalize made.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('list', { name: 'Sync history' }).getByRole('listitem')).toHaveCount(1);
});

test('a Google Sheet portal: an upload held back for its large drop is confirmed as that file, not by re-syncing the sheet', async ({ page }) => {
  await signUpOwner(page);
  const created = await apiCall(page, 'post', '/api/v1/portals', {});
  const portalId = (await created.json()).portalId as string;
  const source = { type: 'google_sheet', sheetUrl: 'https://docs.google.com/spreadsheets/d/tax-preparer/edit', columnMapping: { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 } };
  expect((await apiCall(page, 'put', `/api/v1/portals/${portalId}/source`, source)).status()).toBe(200);
  const one = 'Client ID,Client Name,Email Address,Status\r\nT-1001,Maria Gonzalez,maria.gonzalez@example.com,Completed\r\n';
  const held = await apiCall(page, 'post', `/api/v1/portals/${portalId}/import?fileName=just-maria.csv`, one, 'text/csv');
  expect(held.status()).toBe(409);

  await page.goto('/app/sheets-setup');
  const card = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Data Source' }) });
  await expect(card.getByText('Large drop held back')).toBeVisible();
  await expect(card.getByRole('link', { name: 'just-maria.csv' })).toBeVisible();
  await card.getByRole('button', { name: 'Apply anyway' }).click();
  await expect(card.getByText(/^Imported: 1 read/)).toBeVisible();
  await expect(card.getByText('An uploaded CSV file.')).toBeVisible();
  await expect(card.getByRole('link', { name: /just-maria\.csv/ })).toBeVisible();
  const clients = await (await apiCall(page, 'get', `/api/v1/portals/${portalId}/clients`)).json();
  expect(clients.total).toBe(1);
  expect(clients.clients[0]).toMatchObject({ clientId: 'T-1001', status: 'Completed' });
});

test('a failed automatic or manual sync shows on the Dashboard and Client Management, with the last good sync', async ({ page }) => {
  // A sheet that disappears after it was connected (a fixture copied for this test, then deleted).
  const name = `vanishing-${unique()}`;
  const file = fixture(`${name}.csv`);
  fs.copyFileSync(fixture('tax-preparer.csv'), file);
  try {
    await signUpOwner(page);
    const created = await apiCall(page, 'post', '/api/v1/portals', {});
    const portalId = (await created.json()).portalId as string;
    const source = { type: 'google_sheet', sheetUrl: `https://docs.google.com/spreadsheets/d/${name}/edit`, columnMapping: { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 } };
    expect((await apiCall(page, 'put', `/api/v1/portals/${portalId}/source`, source)).status()).toBe(200);
    fs.rmSync(file);
    expect((await apiCall(page, 'post', `/api/v1/portals/${portalId}/sync`, {})).status()).toBe(502);

    for (const path of ['/app/dashboard', '/app/portals']) {
      await page.goto(path);
      const notice = page.getByRole('alert').filter({ hasText: 'The last sync failed' });
      await expect(notice).toContainText('Failed to fetch sheet data: 404');
      await expect(notice).toContainText('Your clients see the data of the last good sync');
      await expect(notice.getByRole('link', { name: 'See the data source' })).toHaveAttribute('href', '/app/sheets-setup');
    }
    // The figures are still there: the last good data stands.
    await page.goto('/app/dashboard');
    await expect(page.getByTestId('tile-Total Clients')).not.toHaveText('0');
    await shootBothThemes(page, process.env.H2_SHOTS, 'dashboard-sync-failed');
  } finally {
    fs.rmSync(file, { force: true });
  }
});
