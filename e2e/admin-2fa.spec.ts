import type { Page } from '@playwright/test';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { twoFactorTexts } from '#domain/texts/security.ts';
import { E2E_ADMIN, ensureAdmin, expect, freshTotpCode, runAdminCommand, test, totpCode } from './fixtures.ts';

/** The login form of /connexion, filled and sent. */
async function logIn(page: Page) {
  await page.goto('/connexion');
  await expect(page.getByText(texts.noAccountYet)).toBeVisible();
  const form = page.getByRole('form', { name: texts.loginTitle });
  await form.getByLabel(texts.fieldEmail).fill(E2E_ADMIN.email);
  await form.getByLabel(texts.fieldMotDePasse).fill(E2E_ADMIN.password);
  await form.getByLabel(texts.stayLoggedIn).check();
  await form.getByRole('button', { name: texts.loginSubmit }).click();
}

async function logOut(page: Page) {
  await page.locator('#contenu').getByRole('button', { name: adminTexts.logout }).click();
  await expect(page).not.toHaveURL(/\/admin/);
}

test.describe('the administrator’s second factor', () => {
  // The journey starts from an administrator without a second factor, as after the reset
  // command, and gives the suite's administrator his known secret back when it ends.
  test.afterEach(() => ensureAdmin());

  test(
    'is set up at his first login, then asked at every login, a backup code once',
    { tag: '@phone-only' },
    async ({ page, adminAccount }, testInfo) => {
      test.setTimeout(180_000);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      expect(adminAccount.email).toBe(E2E_ADMIN.email);
      expect(runAdminCommand(['--email', E2E_ADMIN.email, '--reset-2fa'])).toContain('Double authentification supprimée');

      // First login: the password leads to the set-up, the only page of the back office for now.
      await logIn(page);
      await expect(page).toHaveURL(/\/admin\/securite$/);
      await expect(page.getByText(twoFactorTexts.setupRequiredIntro)).toBeVisible();
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/securite$/);
      await page.getByRole('button', { name: twoFactorTexts.setupStart }).click();

      await expect(page.getByRole('img', { name: twoFactorTexts.qrAlt })).toBeVisible();
      const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-admin-2fa-setup.png`, fullPage: true });

      // A wrong code first: said, and nothing enabled.
      await page.getByLabel(twoFactorTexts.fieldCode).fill('000000');
      await page.getByRole('button', { name: twoFactorTexts.setupConfirmSubmit }).click();
      await expect(page.getByRole('alert')).toContainText('Code incorrect');
      const setupCode = totpCode(secret);
      await page.getByLabel(twoFactorTexts.fieldCode).fill(setupCode);
      await page.getByRole('button', { name: twoFactorTexts.setupConfirmSubmit }).click();

      const codes = page.getByRole('list', { name: twoFactorTexts.backupCodesTitle }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const backupCodes = await codes.allTextContents();
      await page.getByRole('button', { name: twoFactorTexts.backupCodesDone }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1, name: adminTexts.adminTitle })).toBeVisible();
      await logOut(page);

      // Next login: the password, then a code of the app (the set-up's code, used, is refused).
      await logIn(page);
      await expect(page.getByText(twoFactorTexts.codeStepIntro)).toBeVisible();
      // Past his password, the page no longer offers to create an account.
      await expect(page.getByText(texts.noAccountYet)).toHaveCount(0);
      await page.getByLabel(twoFactorTexts.fieldCode).fill(setupCode);
      await page.getByRole('button', { name: twoFactorTexts.codeSubmit }).click();
      await expect(page.getByRole('alert')).toContainText('Code incorrect');
      await page.getByLabel(twoFactorTexts.fieldCode).fill(await freshTotpCode(secret));
      await page.getByRole('button', { name: twoFactorTexts.codeSubmit }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1, name: adminTexts.adminTitle })).toBeVisible();
      await logOut(page);

      // Without the phone: a backup code, once.
      await logIn(page);
      await page.getByRole('button', { name: twoFactorTexts.useBackupCode }).click();
      await page.getByLabel(twoFactorTexts.fieldBackupCode).fill(backupCodes[0]!);
      await page.getByRole('button', { name: twoFactorTexts.codeSubmit }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await logOut(page);

      await logIn(page);
      await page.getByRole('button', { name: twoFactorTexts.useBackupCode }).click();
      await page.getByLabel(twoFactorTexts.fieldBackupCode).fill(backupCodes[0]!);
      await page.getByRole('button', { name: twoFactorTexts.codeSubmit }).click();
      await expect(page.getByRole('alert')).toContainText('Code de secours incorrect ou déjà utilisé.');
      await expect(page).not.toHaveURL(/\/admin/);

      // The refusals above are answers the page shows, not errors of the page.
      expect(errors.filter((error) => !/401|Failed to load resource/.test(error))).toEqual([]);
    },
  );
});
