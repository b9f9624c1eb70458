import { expect, test, type Page } from './support/test';
import { apiCall, ownerWithSheet, shootBothThemes } from './support/business';
import { waitForMail } from './support/mailbox';

// Client notifications in a real browser (issue 19): the settings page with its live preview and test send, inviting
// clients from Client Management, the portal card's "E-mail me updates" switch, and the unsubscribe page.
// NOTIFY_SHOTS=dir saves screenshots at 1280 and 375 px, light and dark.

const shotsDir = process.env.NOTIFY_SHOTS;
const shoot = (page: Page, name: string) => shootBothThemes(page, shotsDir, name);

test.describe('client notifications', () => {
  test('settings: a status line shows in the preview, an unknown placeholder is refused, a test reaches the owner', async ({ page }) => {
    const { email } = await ownerWithSheet(page, { label: 'notify-settings' });
    await page.goto('/app/notifications');
    await expect(page.getByRole('heading', { name: 'Client Notifications', level: 1 })).toBeVisible();
    await expect(page.getByTestId('preview-from')).toHaveText('Harbor Tax Partners');

    await page.getByLabel('Status shown').selectOption('Review');
    await page.getByLabel(/^Review/).fill('A partner checks every return before we file it.');
    const frame = page.frameLocator('iframe[title="E-mail preview"]');
    await expect(frame.getByText('A partner checks every return before we file it.')).toBeVisible();
    await expect(page.getByTestId('preview-subject')).toHaveText('Harbor Tax Partners: Your project is now Review');

    await page.getByLabel('Update subject').fill('News for {{firstName}}');
    await expect(page.getByRole('alert')).toContainText('Unknown placeholder {{firstName}} in the update subject');
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    await page.getByLabel('Update subject').fill('{{companyName}} update: {{headline}}');
    await page.getByLabel('Quiet hours from').check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'notification-settings');
    if (shotsDir) await page.getByRole('heading', { name: 'Preview' }).locator('xpath=ancestor::div[@data-slot="card"]').screenshot({ path: `${shotsDir}/notification-preview-card.png` });

    await page.reload();
    await expect(page.getByLabel('Update subject')).toHaveValue('{{companyName}} update: {{headline}}');
    await expect(page.getByLabel('Quiet hours from')).toBeChecked();

    await page.getByLabel('Status shown').selectOption('Review');
    await page.getByRole('button', { name: 'Send myself a test' }).click();
    await expect(page.getByText(`Sent to ${email}.`)).toBeVisible();
    const mail = await waitForMail(email, /^\[Test\] Harbor Tax Partners update:/);
    expect(mail.text).toContain('A partner checks every return before we file it.');
  });

  test('texts: with no SMS provider set up the settings say which settings are missing and texts cannot be turned on', async ({ page }) => {
    await ownerWithSheet(page, { label: 'notify-sms' });
    await page.goto('/app/notifications');
    await expect(page.getByText('Texts for urgent updates', { exact: true })).toBeVisible();
    await expect(page.getByText('No SMS provider is set up')).toBeVisible();
    await expect(page.getByText('(TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM missing)', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Text clients about urgent updates')).toBeDisabled();
    if (shotsDir) await page.getByText('Texts for urgent updates', { exact: true }).locator('xpath=ancestor::div[@data-slot="card"]').screenshot({ path: `${shotsDir}/notification-sms-card.png` });
  });

  test('invite: selected clients get an e-mail with their own link; a bad address is skipped with its reason', async ({ page }) => {
    const { portalId } = await ownerWithSheet(page, { label: 'notify-invite' });
    await page.goto('/app/portals');
    await page.getByLabel('Select Maria Gonzalez').check();
    await page.getByLabel('Select James Whitfield').check();
    await page.getByRole('button', { name: 'Invite selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite 2 clients' });
    await expect(dialog).toBeVisible();
    await shoot(page, 'notification-invite');
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 invitations are on the way.');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const mail = await waitForMail('maria.gonzalez@example.com', /^Follow your project with Harbor Tax Partners$/);
    const link = /http:\/\/localhost:\d+\/portal\/[^?\s]+\?t=[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
    expect(link).toContain(portalId);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Maria Gonzalez' })).toBeVisible();

    // The client's page in the app lists the invitation as sent.
    await page.goto('/app/portals/clients/T-1001');
    await expect(page.getByTestId('client-messages')).toContainText('Invitation');
    await expect(page.getByTestId('client-messages')).toContainText('Sent');
  });

  test("the card's switch: a client with their link turns e-mail updates off and on", async ({ page }) => {
    const { portalId } = await ownerWithSheet(page, { label: 'notify-card' });
    const made = await apiCall(page, 'post', `/api/v1/portals/${portalId}/clients/T-1004/access-link`, {});
    const { url } = (await made.json()) as { url: string };
    await page.goto(new URL(url).pathname + new URL(url).search);
    const toggle = page.getByRole('switch', { name: 'E-mail me updates' });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect(page.getByText('No update e-mails. Codes you ask for still come.')).toBeVisible();
    await shoot(page, 'notification-card-switch');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'E-mail me updates' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'E-mail me updates' }).check();
    await expect(page.getByText('We e-mail you when your project moves.')).toBeVisible();
  });

  test('the unsubscribe page turns updates off and on again', async ({ page }) => {
    const { portalId } = await ownerWithSheet(page, { label: 'notify-unsub' });
    expect((await apiCall(page, 'post', `/api/v1/portals/${portalId}/invitations`, { clientIds: ['T-1006'] })).status()).toBe(200);
    const mail = await waitForMail('lucas.meyer@example.com', /^Follow your project with Harbor Tax Partners$/);
    const unsubscribe = /Unsubscribe from these e-mails: (http\S+)/.exec(mail.text)![1]!;
    await page.context().clearCookies();
    await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    await expect(page.getByRole('heading', { name: 'E-mail updates are on' })).toBeVisible();
    await expect(page.getByText('l•••@e•••.com')).toBeVisible();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await shoot(page, 'notification-unsubscribed');
    await page.getByRole('button', { name: 'Subscribe again' }).click();
    await expect(page.getByRole('heading', { name: 'E-mail updates are on' })).toBeVisible();
  });
});
