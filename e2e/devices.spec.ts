import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import { adminHomeTexts, adminNavLabels } from '#domain/texts/admin-home.ts';
import { journalTexts as j, sessionTexts as s } from '#domain/texts/sessions.ts';
import { apiHeaders, expect, test } from './fixtures.ts';

/** The project's device (the phone's viewport, touch and user agent) for a context the test opens itself. */
const deviceOf = ({ project: { use } }: TestInfo): BrowserContextOptions => ({
  viewport: use.viewport,
  isMobile: use.isMobile,
  hasTouch: use.hasTouch,
  userAgent: use.userAgent,
  deviceScaleFactor: use.deviceScaleFactor,
});

/** A browser of its own (its cookie jar, its address), logged in through the login form. */
async function logInFromNewBrowser(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
  device: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...device,
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': apiHeaders(baseURL)['x-forwarded-for'] },
  });
  const page = await context.newPage();
  await page.goto('/connexion');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/espace-client$/);
  return page;
}

test(
  'a customer logged in from two browsers disconnects the other one, and the administrator sees those sign-ins in the journal',
  { tag: '@phone-only' },
  async ({ browser, baseURL, customers, logInAsAdmin }, testInfo) => {
    const customer = await customers.create();
    // The session the sign-up left open is ended: only the two browsers below remain.
    await customer.api.post('/api/auth/sign-out', { headers: { origin: baseURL! } });

    const phone = await logInFromNewBrowser(browser, baseURL!, customer.email, customer.password, deviceOf(testInfo));
    const laptop = await logInFromNewBrowser(browser, baseURL!, customer.email, customer.password);

    const devices = phone.getByRole('list', { name: s.title });
    await phone.reload();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    const thisOne = devices.locator('li[aria-current]');
    await expect(thisOne).toContainText(s.thisDevice);
    await expect(thisOne.getByRole('button', { name: new RegExp(s.disconnect) })).toHaveCount(0);

    const other = devices.getByRole('listitem').filter({ hasNotText: s.thisDevice });
    await other.getByRole('button', { name: new RegExp(`^${s.disconnect}`) }).click();
    await expect(phone.getByText(s.disconnected)).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(phone.getByText(s.noOtherDevice)).toBeVisible();

    // The other browser is logged out: its next page of the customer area sends it to /connexion.
    await laptop.goto('/espace-client');
    await expect(laptop).toHaveURL(/\/connexion$/);

    // The administrator sees the customer's sign-ins in the journal.
    const admin = await browser.newContext({ ...deviceOf(testInfo), baseURL });
    const adminPage = await admin.newPage();
    await logInAsAdmin(adminPage);
    await adminPage.goto('/admin');
    await adminPage.getByRole('button', { name: adminHomeTexts.moreLabel }).click();
    await adminPage.getByRole('link', { name: adminNavLabels.adminJournal }).click();
    await expect(adminPage).toHaveURL(/\/admin\/journal$/);
    await expect(adminPage.getByRole('heading', { name: j.title })).toBeVisible();
    await adminPage.getByLabel(j.filterAccount).fill(customer.email);
    await adminPage.getByRole('button', { name: j.apply }).click();
    await adminPage.getByLabel(j.filterKind).selectOption({ label: j.kinds['auth.sign_in'] });
    await expect(adminPage).toHaveURL(/type=auth.sign_in/);
    // Three sign-ins: the one after sign-up, then the phone and the laptop.
    await expect(adminPage.locator('tbody tr')).toHaveCount(3);
    await expect(adminPage.locator('tbody tr').first()).toContainText(customer.email);
    await adminPage.getByLabel(j.filterKind).selectOption({ label: j.kinds['session.revoked'] });
    await expect(adminPage.locator('tbody tr')).toHaveCount(1);

    for (const page of [phone, laptop, adminPage]) await page.context().close();
  },
);
