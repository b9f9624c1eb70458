import { expect, type Page, test } from './support/test';
import { E2E_ADMIN } from './support/constants';
import { waitForMail } from './support/mailbox';
import { shootBothThemes } from './support/business';

const PASSWORD = 'Harbour-Lights-42';
const TOO_EASY = 'This password is too easy to guess. Please choose a less common one, such as a few unrelated words.';
/** Where screenshots go when E2E_SHOTS names a folder (looked at by a person, not compared). */
const SHOTS = process.env.E2E_SHOTS;
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function signUpThroughWizard(page: Page, owner: { email: string; company: string; name: string }) {
  await page.goto('/signup?plan=business');
  await page.getByLabel('Company Name').fill(owner.company);
  await page.getByLabel('Owner Name').fill(owner.name);
  await page.getByLabel('Email Address').fill(owner.email);
  await page.getByLabel('Phone Number').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Complete Signup' }).click();
  await confirmFromMail(page, owner.email);
}

/** A sign-up ends at 'Check Your Email'; the e-mail's link confirms the address and signs in (decision 0021). */
async function confirmFromMail(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const mail = await waitForMail(email, /^Confirm your/);
  await page.goto(/https?:\/\/\S+verify-email\S+/.exec(mail.text)![0]);
  await expect(page).toHaveURL(/\/account-created$/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  return answered;
}

test('sign-up wizard validates each step, creates the account and lands on the dashboard shell', async ({ page }) => {
  const email = `owner-${unique()}@example.com`;
  await page.goto('/signup?plan=business');
  await expect(page.getByText('Business Info').first()).toBeVisible();

  // Step 1: every field required; editing a field clears its error.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await expect(page.getByText('Owner name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.getByLabel('Company Name').fill('Harbour Tax Partners');
  await expect(page.getByText('Company name is required')).toHaveCount(0);
  await expect(page.getByText('Owner name is required')).toBeVisible();
  await page.getByLabel('Owner Name').fill('Maya Fischer');
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByLabel('Phone Number').fill('+1 555 0100');
  // The time zone is asked, defaulting to the browser's (D8).
  const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByLabel('Time Zone')).toHaveValue(browserZone);
  await page.getByLabel('Time Zone').selectOption('America/Chicago');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: password rules, confirmation, terms.
  await expect(page.getByText('Create Account').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('You must accept the Terms of Service and Privacy Policy')).toBeVisible();
  // A common password that meets the length and character rules is stopped here, with the server's own rule.
  await page.getByLabel('Password', { exact: true }).fill('Password1!');
  await page.getByLabel('Confirm Password').fill('Password1!');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(TOO_EASY)).toBeVisible();
  await expect(page.getByText('Create Account').first()).toBeVisible();
  await shootBothThemes(page, SHOTS, 'signup-weak-password');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  // Back keeps what was entered.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Company Name')).toHaveValue('Harbour Tax Partners');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: the plan from ?plan= is chosen; submit.
  await expect(page.getByText('Select Plan').first()).toBeVisible();
  await page.getByRole('button', { name: 'Complete Signup' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await shootBothThemes(page, SHOTS, 'signup-check-email');
  await confirmFromMail(page, email);
  await expect(page.getByText('Harbour Tax Partners')).toBeVisible();
  await expect(page.getByText('Maya Fischer')).toBeVisible();
  const planRow = page.getByText('Plan', { exact: true }).locator('xpath=..');
  await expect(planRow).toContainText('Business');
  await expect(planRow).toContainText('14-day Trial');

  await page.getByRole('link', { name: /dashboard/i }).first().click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByText('Maya Fischer').first()).toBeVisible();
  await expect(page.getByText('Connect Your Google Sheet')).toBeVisible();
  const me = await page.request.get('/api/v1/me');
  expect(((await me.json()) as { business: { timeZone: string } }).business.timeZone).toBe('America/Chicago');
});

test('sign-out ends the session; sign-in returns to the page the user came from', async ({ page }) => {
  const email = `owner-${unique()}@example.com`;
  await signUpThroughWizard(page, { email, company: 'Stonebridge Builders', name: 'Owen Grant' });
  await page.goto('/app/dashboard');
  await page.getByText('Sign Out', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/app/analytics');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Business Login')).toBeVisible();

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter both email and password')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/analytics$/);
  await expect(page.getByText('Owen Grant').first()).toBeVisible();
});

test('forgot password: the e-mailed link sets a new password that signs in', async ({ page }) => {
  const email = `owner-${unique()}@example.com`;
  await signUpThroughWizard(page, { email, company: 'Lakeside Law', name: 'Priya Natarajan' });
  await page.context().clearCookies();

  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByLabel('Email Address').fill('nope');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Try Different Email' }).click();
  await expect(page.getByLabel('Email Address')).toBeVisible();

  const mail = await waitForMail(email, /reset/i);
  const link = mail.text.match(/http:\/\/localhost:\d+\/reset-password\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  const response = await page.goto(link!);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await page.getByLabel('New Password', { exact: true }).fill('Qwerty123!');
  await page.getByLabel('Confirm New Password').fill('Qwerty123!');
  await page.getByRole('button', { name: /reset password|set new password|save/i }).click();
  await expect(page.getByText(TOO_EASY)).toBeVisible();
  await shootBothThemes(page, SHOTS, 'reset-weak-password');
  await page.getByLabel('New Password', { exact: true }).fill('Quiet-Harbour-Dawn-58');
  await page.getByLabel('Confirm New Password').fill('Quiet-Harbour-Dawn-58');
  await page.getByRole('button', { name: /reset password|set new password|save/i }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
  // The link again: it says at once that it was used, with no form to fill in first.
  await page.goto(link!);
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  await shootBothThemes(page, SHOTS, 'reset-link-used');

  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signIn(page, email, 'Quiet-Harbour-Dawn-58');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('a business owner is sent from /admin to Access Denied', async ({ page }) => {
  const email = `owner-${unique()}@example.com`;
  await signUpThroughWizard(page, { email, company: 'Northwind Consulting', name: 'Sam Lee' });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(
    page.getByText("You don't have permission to access this area. This section requires administrator privileges."),
  ).toBeVisible();
});

test('anonymous visitors are sent from /admin to the login page', async ({ page }) => {
  await page.goto('/admin/businesses');
  await expect(page).toHaveURL(/\/login$/);
});

test('a platform operator reaches the back office and sees real businesses', async ({ page }) => {
  expect((await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password)).status()).toBe(200);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Businesses' }).first().click();
  await expect(page).toHaveURL(/\/admin\/businesses$/);
  // Businesses signed up by the earlier tests are listed.
  await expect(page.getByText('Harbour Tax Partners').first()).toBeVisible();
});

test('unknown top-level paths redirect to the home page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/$/);
});
