import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './support/test';
import { waitForMail } from './support/mailbox';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Paths the crawl does not follow: other audiences (their own tests) and the API. */
const OUTSIDE_PUBLIC_SITE = /^\/(?:app|admin|api|login|signup|signout|portal|forgot-password|reset-password|account-created|unauthorized)(?:[/?#]|$)/;

/** Opens a public page and waits until React has taken over the pre-rendered HTML. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-hydrated="true"]').waitFor();
}

async function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('shell', () => {
  test('the top bar hides when scrolling down past 100 px and shows again on scrolling up or near the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await open(page, '/features');
    const header = page.locator('header').first();
    const hidden = () => header.evaluate((el) => el.className.includes('-translate-y-full'));
    await expect(header).toBeVisible();

    await page.mouse.wheel(0, 60);
    await page.waitForTimeout(200);
    expect(await hidden()).toBe(false); // not past 100 px yet

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(hidden).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 595)); // under the 10 px threshold: no change
    await page.waitForTimeout(200);
    expect(await hidden()).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 500)); // scrolling up
    await expect.poll(hidden).toBe(false);

    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(hidden).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 40)); // near the top
    await expect.poll(hidden).toBe(false);
  });

  test('active link highlighting is exact for Home and by prefix elsewhere', async ({ page }) => {
    await page.goto('/resources/guides/connect-your-google-sheet');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  test('dark mode toggles and is remembered before the page renders', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/pricing');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(html).toHaveClass(/dark/);
    // The class is set by the blocking theme script, before any module script runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // pre-rendered, no JavaScript needed
    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.locator('[data-hydrated="true"]').waitFor();
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('the mobile menu opens, links, and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main (menu)' });
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toHaveCount(0);
    // Escape closes it and gives the focus back to the button; so does a tap outside.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.mouse.click(200, 600);
    await expect(menu).toHaveCount(0);
  });

  test('route changes scroll to the top, back navigation keeps the position, pages fade in', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.locator('main.page-fade-in')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/security$/);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  });

  test('footer has four link groups, social links and the current year; the CTA band has its defaults', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const group of ['Product', 'Resources', 'Company', 'Legal']) {
      await expect(footer.getByRole('navigation', { name: group })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: /StatusLink on (X|LinkedIn|GitHub)/ })).toHaveCount(3);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    const cta = page.locator('section[data-variant="default"]');
    await expect(cta.getByRole('heading', { name: 'Ready to transform your client experience?' })).toBeVisible();
    await expect(cta).toContainText('Start your free trial today.');
    await expect(cta.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    await expect(cta.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
  });

  test('unknown paths redirect to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Turn your client spreadsheet into a status portal');
  });
});

test.describe('pages', () => {
  test('the landing page has its sections and links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'See Demo' })).toHaveAttribute('href', '/portal/demo');
    for (const title of ['Queue position', 'Completion dates', 'Workload management', 'Custom domains']) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.locator('#how-it-works li')).toHaveCount(4);
    await expect(page.locator('#testimonials figure')).toHaveCount(2);
    await expect(page.getByText(/Illustrative composites/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the case studies' })).toHaveAttribute('href', '/case-studies');
  });

  test('pre-rendered pages hydrate without being rebuilt', async ({ page }) => {
    const errors = await collectErrors(page);
    // Hold the app's scripts back, mark the server's HTML, then let the scripts run.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await gate;
      await route.continue();
    });
    // (Module scripts delay DOMContentLoaded, so wait for the server's markup itself.)
    await page.goto('/pricing', { waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    await page.locator('h1').evaluate((el) => el.setAttribute('data-server-node', 'yes'));
    release();
    await page.locator('[data-hydrated="true"]').waitFor();
    // Hydrated: the billing toggle reacts...
    await page.getByRole('button', { name: 'Monthly' }).click();
    await expect(page.getByTestId('price-starter')).toHaveText('$29');
    // ...and the h1 is still the server's node.
    await expect(page.locator('h1')).toHaveAttribute('data-server-node', 'yes');
    expect(errors).toEqual([]);
    expect(await page.locator('head title').count()).toBe(1);
  });

  test('pricing: yearly by default with Save 20%, monthly on toggle, plan cards link to sign-up', async ({ page }) => {
    await open(page, '/pricing');
    await expect(page.getByRole('button', { name: /Yearly/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /Yearly/ })).toContainText('Save 20%');
    await expect(page.getByTestId('price-starter')).toHaveText('$23.20');
    await expect(page.getByTestId('billing-starter')).toHaveText('$278 billed yearly');
    await expect(page.getByTestId('price-professional')).toHaveText('$63.20');
    await expect(page.getByTestId('billing-professional')).toHaveText('$758 billed yearly');
    await expect(page.getByTestId('price-business')).toHaveText('$159.20');
    await expect(page.getByTestId('billing-business')).toHaveText('$1,910 billed yearly');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await expect(page.getByTestId('price-starter')).toHaveText('$29');
    await expect(page.getByTestId('price-professional')).toHaveText('$79');
    await expect(page.getByTestId('price-business')).toHaveText('$199');
    await expect(page.getByTestId('billing-business')).toHaveText('Billed monthly');
    for (const plan of ['starter', 'professional', 'business']) {
      await expect(page.getByRole('link', { name: new RegExp(`Start free trial of the ${plan} plan`, 'i') })).toHaveAttribute('href', `/signup?plan=${plan}`);
    }
    await expect(page.getByRole('link', { name: /Schedule Consultation/ })).toHaveCount(2);
    // Schedule Consultation opens the contact form on the enterprise topic.
    await page.getByRole('link', { name: /Schedule Consultation/ }).first().click();
    await expect(page.getByLabel('I’m interested in')).toHaveValue('enterprise');
    await page.goBack();
    await expect(page.locator('#faq details')).toHaveCount(6);
    const customDomain = page.getByRole('row', { name: /Custom domain/ });
    await expect(customDomain.getByRole('cell').nth(1)).toHaveText('Not included'); // Professional
    await expect(customDomain.getByRole('cell').nth(2)).toHaveText('Included'); // Business
  });

  test.describe('ROI calculator', () => {
    async function openCalculator(page: Page) {
      await open(page, '/pricing');
      await page.getByRole('button', { name: 'Calculate Your ROI' }).click();
      await expect(page.getByTestId('roi-searches')).toBeVisible();
    }
    async function set(page: Page, label: string, value: number) {
      const input = page.getByLabel(label, { exact: true });
      await input.fill(String(value));
      await input.press('Tab');
    }
    async function expectFigures(page: Page, expected: Record<string, string>) {
      for (const [id, text] of Object.entries(expected)) await expect(page.getByTestId(`roi-${id}`)).toHaveText(text);
    }

    test('defaults: 25 clients, 10 updates, 5 minutes, 3 people at $30, 70%, annual billing', async ({ page }) => {
      await openCalculator(page);
      // searches = round(25 x 10 x 0.8) = 200 -> Starter; spent = 25 x 10 x 5 / 60 x 3 = 62.5 h; saved 43.75 h;
      // cost saved 43.75 x 30 = 1,312.50; plan 29 x 0.8 = 23.20; net 1,289.30; ROI 1,289.30 / 23.20 = 5,557%.
      await expectFigures(page, {
        searches: '200',
        suggested: 'Starter',
        'monthly-hoursSpent': '62.5 h',
        'monthly-hoursSaved': '43.8 h',
        'monthly-costSaved': '$1,312.50',
        'monthly-planCost': '$23.20',
        'monthly-netSavings': '$1,289.30',
        'annual-hoursSpent': '750 h',
        'annual-hoursSaved': '525 h',
        'annual-costSaved': '$15,750',
        'annual-planCost': '$278.40',
        'annual-netSavings': '$15,471.60',
        percent: '5,557%',
        payback: 'Less than 1 month',
      });
      await expect(page.getByTestId('roi-warning')).toHaveCount(0);
    });

    test('a larger firm on monthly billing, entered in the number fields beyond the sliders', async ({ page }) => {
      await openCalculator(page);
      await set(page, 'Active clients', 1000);
      await set(page, 'Status updates per client per month', 5);
      await set(page, 'Minutes per status update', 10);
      await set(page, 'Team members answering status questions', 2);
      await set(page, 'Hourly cost of staff time', 40);
      await set(page, 'Expected reduction in status requests', 60);
      await page.getByLabel('Annual billing (20% off)').click();
      // searches = round(1000 x 5 x 0.8) = 4,000 -> Business ($199); spent = 1000 x 5 x 10 / 60 x 2 = 1,666.7 h;
      // saved 60% = 1,000 h; 1,000 x 40 = 40,000; net 39,801; ROI 39,801 / 199 = 20,001%.
      await expect(page.getByRole('slider', { name: 'Active clients (slider)' })).toHaveValue('500');
      await expectFigures(page, {
        searches: '4,000',
        suggested: 'Business',
        'monthly-hoursSpent': '1,666.7 h',
        'monthly-hoursSaved': '1,000 h',
        'monthly-costSaved': '$40,000',
        'monthly-planCost': '$199',
        'monthly-netSavings': '$39,801',
        'annual-hoursSpent': '20,000 h',
        'annual-hoursSaved': '12,000 h',
        'annual-costSaved': '$480,000',
        'annual-planCost': '$2,388',
        'annual-netSavings': '$477,612',
        percent: '20,001%',
        payback: 'Less than 1 month',
      });
    });

    test('a chosen plan below the searches needed shows the capacity warning', async ({ page }) => {
      await openCalculator(page);
      await page.getByRole('slider', { name: 'Active clients (slider)' }).fill('100');
      await page.getByLabel('Compare with').selectOption('starter');
      // searches = round(100 x 10 x 0.8) = 800 > Starter's 500; spent 100 x 10 x 5 / 60 x 3 = 250 h; saved 175 h;
      // 175 x 30 = 5,250; plan 23.20; net 5,226.80; ROI 22,529%.
      await expectFigures(page, {
        searches: '800',
        suggested: 'Professional',
        'monthly-hoursSpent': '250 h',
        'monthly-hoursSaved': '175 h',
        'monthly-costSaved': '$5,250',
        'monthly-planCost': '$23.20',
        'monthly-netSavings': '$5,226.80',
        percent: '22,529%',
        payback: 'Less than 1 month',
        warning: "Your estimated 800 monthly searches exceed the Starter plan's 500 searches.",
      });
    });

    test('the enterprise option appears above 10,000 searches and costs 499 above 20,000', async ({ page }) => {
      await openCalculator(page);
      await expect(page.getByRole('option', { name: 'Enterprise' })).toHaveCount(0);
      await set(page, 'Active clients', 5000);
      await set(page, 'Status updates per client per month', 30);
      await expect(page.getByTestId('roi-enterprise')).toBeVisible();
      await page.getByLabel('Compare with').selectOption('enterprise');
      // searches = 5000 x 30 x 0.8 = 120,000; spent = 5000 x 30 x 5 / 60 x 3 = 37,500 h; saved 26,250 h;
      // 26,250 x 30 = 787,500; enterprise 499; net 787,001; ROI 157,716%.
      await expectFigures(page, {
        searches: '120,000',
        suggested: 'Business',
        'monthly-hoursSpent': '37,500 h',
        'monthly-costSaved': '$787,500',
        'monthly-planCost': '$499',
        'monthly-netSavings': '$787,001',
        'annual-planCost': '$5,988',
        percent: '157,716%',
      });
    });

    test('the smallest inputs: the plan costs more than it saves', async ({ page }) => {
      await openCalculator(page);
      await set(page, 'Active clients', 1); // below the minimum: clamped to 5
      await expect(page.getByLabel('Active clients', { exact: true })).toHaveValue('5');
      await set(page, 'Status updates per client per month', 1);
      await set(page, 'Minutes per status update', 1);
      await set(page, 'Team members answering status questions', 1);
      await set(page, 'Hourly cost of staff time', 15);
      await set(page, 'Expected reduction in status requests', 50);
      await page.getByLabel('Annual billing (20% off)').click();
      // searches round(4) = 4; spent 5 x 1 x 1 / 60 = 0.083 h; saved 0.042 h; 0.625 dollars; plan 29;
      // net -28.375; ROI -97.8%; payback 29 / 0.625 = 46.4 months.
      await expectFigures(page, {
        searches: '4',
        suggested: 'Starter',
        'monthly-hoursSpent': '0.1 h',
        'monthly-costSaved': '$0.63',
        'monthly-planCost': '$29',
        'monthly-netSavings': '-$28.38',
        'annual-costSaved': '$7.50',
        'annual-netSavings': '-$340.50',
        percent: '-98%',
        payback: '46.4 months',
      });
    });
  });

  test('resources: search, filters, quick buttons, empty state, action labels and a real download', async ({ page }) => {
    await open(page, '/resources');
    const cards = page.getByTestId('resource-card');
    await expect(page.getByRole('heading', { name: 'Featured Resources' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Resources' })).toBeVisible();
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(12);

    await page.getByLabel('Search resources').fill('holiday');
    await expect(cards.first()).toContainText('Setting capacity, working days and holidays');

    await page.getByLabel('Search resources').fill('');
    await page.getByLabel('Type').selectOption('Template');
    await expect(cards).toHaveCount(2);
    await expect(cards.getByRole('button', { name: /^Download/ })).toHaveCount(2);

    await page.getByRole('button', { name: 'Video Tutorials' }).click();
    await expect(page.getByLabel('Type')).toHaveValue('Video');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('link', { name: /^Watch/ })).toBeVisible();

    await page.getByRole('button', { name: 'Getting Started' }).click();
    await expect(page.getByLabel('Category')).toHaveValue('Getting Started');
    await expect(page.getByLabel('Type')).toHaveValue('all');
    await expect(cards.filter({ hasText: 'Connect your Google Sheet in ten minutes' }).getByRole('link', { name: /^Read/ })).toBeVisible();

    await page.getByLabel('Search resources').fill('zzz no such thing');
    await expect(page.getByText('No resources found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms or filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards).toHaveCount(total);

    await page.getByRole('button', { name: 'Free Templates' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      cards.filter({ hasText: 'Client status sheet template' }).getByRole('button', { name: /^Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('statuslink-client-template.csv');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('Client ID,Client Name,Email Address,Status,Priority,Due Date,Notes');
    expect(csv.trim().split('\r\n')).toHaveLength(6);
  });

  test('the contact form validates, sends, e-mails sales and thanks the visitor', async ({ page }) => {
    const email = `visitor-${unique()}@example.com`;
    await open(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
    await page.getByLabel('Name').fill('Jordan Lee');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Company' }).fill('Lee Renovations');
    await page.getByLabel('Phone').fill('+1 555 0199');
    await page.getByLabel('I’m interested in').selectOption('demo');
    await page.getByLabel('Message').fill(`We run 30 jobs at a time. Reference ${email}.`);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/public/contact', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

    const mail = await waitForMail('sales@statuslink.test', /Demo request: new message from Jordan Lee/);
    expect(mail.text).toContain(email);
    expect(mail.text).toContain('Lee Renovations');

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
  });

  test('the coming-soon page shows the feature, and the notify form joins its waitlist once', async ({ page, request }) => {
    await open(page, '/coming-soon/two-way-sync');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-way sheet sync');
    await expect(page.getByText('Coming Soon')).toBeVisible();
    await expect(page.getByTestId('estimated-release')).not.toBeEmpty();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/app/dashboard');

    await page.getByLabel('Email address').fill('nope');
    await page.getByRole('button', { name: 'Notify Me' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    const email = `waiter-${unique()}@example.com`;
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Notify Me' }).click();
    await expect(page.getByText('You’re on the list!')).toBeVisible();

    // Stored: the same e-mail again is accepted without error (one row per e-mail and feature, see the server test).
    const again = await request.post('/api/public/waitlist', {
      data: { email, feature: 'two-way-sync' },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(again.status()).toBe(201);

    // A feature we have not announced has no page or waitlist: the features page instead.
    await page.goto('/coming-soon/client-chat');
    await expect(page).toHaveURL(/\/features$/);
  });
});

test.describe('found by search engines', () => {
  test('every internal link on the public pages answers 200 with pre-rendered content', async ({ request }) => {
    const seen = new Set<string>(['/']);
    const queue = ['/'];
    const failures: string[] = [];
    while (queue.length) {
      const path = queue.shift()!;
      const res = await request.get(path);
      const html = await res.text();
      if (res.status() !== 200 || !/<div id="root"><div/.test(html) || !/<h1[\s>]/.test(html)) {
        failures.push(`${path}: ${res.status()} ${/<div id="root"><\/div>/.test(html) ? '(not pre-rendered)' : ''}`);
        continue;
      }
      expect(html, `${path} has its own title`).toMatch(/<title>[^<]+<\/title>/);
      expect(html, `${path} has a description`).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html, `${path} has social tags`).toMatch(/<meta property="og:title"/);
      for (const m of html.matchAll(/href="(\/[^"#]*)"/g)) {
        const link = m[1]!.split('?')[0]!;
        if (link.startsWith('/assets/') || /\.(svg|js|css|png|ico)$/.test(link) || OUTSIDE_PUBLIC_SITE.test(link) || seen.has(link)) continue;
        seen.add(link);
        queue.push(link);
      }
    }
    expect(failures).toEqual([]);
    expect(seen.size).toBeGreaterThan(35);
    for (const must of ['/industries', '/case-studies', '/about', '/careers', '/partners', '/privacy', '/terms', '/security', '/sitemap', '/support', '/help']) {
      expect(seen.has(must), must).toBe(true);
    }
    for (const alias of ['/terms-of-service', '/privacy-policy']) {
      const res = await request.get(alias);
      expect(res.status()).toBe(200);
      expect(await res.text()).toMatch(/<h1[^>]*>(Terms of Service|Privacy Policy)<\/h1>/);
    }
  });

  test('robots.txt and sitemap.xml', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text();
    for (const line of ['Disallow: /app', 'Disallow: /admin', 'Disallow: /api', `Sitemap: ${baseURL}/sitemap.xml`]) expect(robots).toContain(line);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/pricing</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/resources/guides/connect-your-google-sheet</loc>`);
    expect(xml).not.toContain('/terms-of-service');
  });

  test('no serious accessibility violations on the public pages (light and dark)', async ({ page, request }) => {
    test.setTimeout(240_000);
    const xml = await (await request.get('/sitemap.xml')).text();
    const paths = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(30);
    const problems: string[] = [];
    const check = async (path: string, scheme: 'light' | 'dark') => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        problems.push(`${scheme} ${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
      }
    };
    for (const path of paths) await check(path, 'light');
    for (const path of ['/', '/pricing', '/features', '/contact', '/resources', '/coming-soon/two-way-sync', '/help']) await check(path, 'dark');
    expect(problems).toEqual([]);
  });
});
