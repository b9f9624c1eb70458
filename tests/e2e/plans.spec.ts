import { E2E_BASE_URL } from './support/constants';
import { ownerWithSheet, shootBothThemes } from './support/business';
import { expect, test, type Page } from './support/test';

// Plans give what the pricing page says (issue 17 item 4, D12), in a real browser: a Starter business sees what an
// upgrade adds where analytics and full branding would be, the Billing page with the plans and the comparison table,
// its portal with the platform's small "Powered by" link, and /pricing sends the signed-in owner to Billing.
// PLANS_SHOTS=dir saves screenshots (1280 and 375 px, light and dark).

const shotsDir = process.env.PLANS_SHOTS;
const shoot = (page: Page, name: string) => shootBothThemes(page, shotsDir, name);

test('a Starter business: upgrade hints instead of analytics and full branding, the Billing page, the portal link', async ({ page }) => {
  test.setTimeout(shotsDir ? 300_000 : 90_000);
  const { portalId } = await ownerWithSheet(page, { label: 'plans-starter', plan: 'starter' });

  // Analytics: what the upgrade adds, no error and no request refused.
  await page.goto('/app/analytics');
  const upgrade = page.getByTestId('upgrade-analytics');
  await expect(upgrade.getByRole('heading', { name: 'Portal analytics are part of the Professional plan' })).toBeVisible();
  await expect(upgrade.getByRole('listitem').filter({ hasText: 'Up to 5 client portals' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shoot(page, 'plans-analytics-starter');

  // Configurator: company name, logo and primary colour stay open; the rest shows its default, locked.
  await page.goto('/app/configurator');
  await expect(page.getByTestId('upgrade-customBranding')).toBeVisible();
  await expect(page.getByLabel('Company name')).toBeEnabled();
  await expect(page.getByLabel('Primary colour', { exact: true })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Portal title' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Welcome message' })).toBeDisabled();
  await page.getByLabel('Company name').fill('Harbor Tax Starter');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(page.getByText('Saved!')).toBeVisible();
  await shoot(page, 'plans-configurator-starter');

  // The upgrade hint leads to the Billing page.
  await page.getByTestId('upgrade-customBranding').getByRole('link', { name: 'See plans and upgrade' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/);
  await expect(page.getByTestId('billing-plan')).toHaveText('Starter');
  await expect(page.getByTestId('billing-trial')).toContainText('days left');
  await expect(page.getByTestId('billing-operator')).toContainText('Plans are assigned by the platform operator');
  await expect(page.getByTestId('plan-starter').getByText('Your plan')).toBeVisible();
  await expect(page.getByTestId('plan-business')).toContainText('White-label (no StatusLink branding)');
  await page.getByRole('group', { name: 'Billing period' }).getByRole('button', { name: 'Monthly' }).click();
  await expect(page.getByTestId('billing-price-professional')).toHaveText('$79');
  const table = page.getByTestId('plan-comparison');
  const apiRow = table.getByRole('row', { name: /API access and webhooks/ });
  await expect(apiRow.getByRole('cell')).toHaveText(['Not included', 'Not included', 'Included', 'Included']);
  await shoot(page, 'plans-billing-starter');

  // The portal: the business's footer, and the platform's small link beside it.
  await page.goto(`/portal/${portalId}`);
  await expect(page.getByText('Powered by Harbor Tax Starter')).toBeVisible();
  const link = page.getByTestId('portal-powered-by');
  await expect(link).toHaveText('Powered by StatusLink');
  await expect(link).toHaveAttribute('href', `${E2E_BASE_URL}/`);
  await shoot(page, 'plans-portal-starter');

  // /pricing: a signed-in owner chooses a plan on the Billing page, not on a second sign-up.
  await page.goto('/pricing');
  const choose = page.getByRole('link', { name: /Choose Professional/ });
  await expect(choose).toHaveAttribute('href', '/app/billing?plan=professional&period=yearly');
  await choose.click();
  await expect(page).toHaveURL(/\/app\/billing\?plan=professional&period=yearly$/);
  await expect(page.getByTestId('billing-price-professional')).toHaveText('$63.20');
});
