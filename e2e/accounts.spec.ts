import type { Page } from '@playwright/test';
import { texts } from '#domain/texts/common.ts';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { twoFactorTexts } from '#domain/texts/security.ts';
import { E2E_ADMIN, E2E_ADMIN_TOTP_SECRET, expect, freshTotpCode, holdResponses, linksSentTo, test } from './fixtures.ts';

const password = 'un-mot-de-passe-solide';
const email = `camille.${Date.now()}@exemple.fr`;

async function fillSignUp(page: Page, values: { email: string; confirmation?: string }) {
  const form = page.getByRole('form', { name: 'Créer un compte' });
  await form.getByLabel(texts.fieldNom).fill('Camille Martin');
  await form.getByLabel(texts.fieldTelephone).fill('06 11 22 33 44');
  await form.getByLabel(texts.fieldEmail).fill(values.email);
  await form.getByLabel(texts.fieldAdresse).fill('3 place Bellecour, 69002 Lyon');
  await form.getByLabel(texts.typeEntreprise).check();
  await form.getByLabel(texts.fieldMotDePasse, { exact: true }).fill(password);
  await form.getByLabel(texts.fieldConfirmation).fill(values.confirmation ?? password);
  return form;
}

async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'convoyage.session_token');
}

async function logInOnPage(page: Page, address: string, secret: string, stayLoggedIn: boolean) {
  await page.goto('/connexion');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel(texts.fieldEmail).fill(address);
  await form.getByLabel(texts.fieldMotDePasse).fill(secret);
  await form.getByLabel(texts.stayLoggedIn).setChecked(stayLoggedIn);
  await form.getByRole('button', { name: texts.loginSubmit }).click();
}

test.describe.configure({ mode: 'serial' });

test('a customer signs up, verifies the e-mail, logs in with and without "rester connecté" and logs out', async ({ page }) => {
  await page.goto('/#creer-compte');

  // Every field is required.
  const signUp = page.getByRole('form', { name: 'Créer un compte' });
  await signUp.getByRole('button', { name: texts.signupSubmit }).click();
  await expect(signUp.getByText(texts.required).first()).toBeVisible();

  // Mismatched passwords.
  await fillSignUp(page, { email, confirmation: 'autre-chose-encore' });
  await signUp.getByRole('button', { name: texts.signupSubmit }).click();
  await expect(signUp.getByRole('alert')).toHaveText(texts.passwordMismatch);

  // The administrator's address gets the answer any address gets (sign-up tells nobody which
  // addresses have an account), and no account is created.
  await fillSignUp(page, { email: ` ${E2E_ADMIN.email.toUpperCase()} ` });
  await signUp.getByRole('button', { name: texts.signupSubmit }).click();
  await expect(signUp.getByRole('status')).toHaveText(texts.signupSuccess);
  await expect(signUp.getByLabel(texts.fieldEmail)).toHaveValue('');

  // Success: the message, and the fields are cleared.
  await fillSignUp(page, { email });
  await signUp.getByRole('button', { name: texts.signupSubmit }).click();
  await expect(signUp.getByRole('status')).toHaveText(texts.signupSuccess);
  await expect(signUp.getByLabel(texts.fieldNom)).toHaveValue('');
  await expect(signUp.getByLabel(texts.fieldEmail)).toHaveValue('');
  await expect(signUp.getByLabel(texts.fieldMotDePasse, { exact: true })).toHaveValue('');

  // Not verified yet: refused, and the e-mail can be sent again.
  const login = page.getByRole('form', { name: 'Connexion' });
  await login.getByLabel(texts.fieldEmail).fill(email);
  await login.getByLabel(texts.fieldMotDePasse).fill(password);
  await login.getByRole('button', { name: texts.loginSubmit }).click();
  await expect(login.getByRole('alert')).toHaveText(texts.emailNotVerified);
  await login.getByRole('button', { name: texts.resendVerification }).click();
  await expect(login.getByRole('status')).toHaveText(texts.verificationResent(email));

  // Wrong password in the home section.
  await login.getByLabel(texts.fieldMotDePasse).fill('pas-le-bon-mot-de-passe');
  await login.getByRole('button', { name: texts.loginSubmit }).click();
  await expect(login.getByRole('alert')).toHaveText(texts.loginFailureHome(apiErrorMessages.invalid_credentials));

  // Wrong password on /connexion.
  await logInOnPage(page, email, 'pas-le-bon-mot-de-passe', false);
  await expect(page.getByRole('alert')).toHaveText(texts.loginFailurePage);

  // The link of the sign-up e-mail verifies the address; a second click says so.
  await expect.poll(async () => (await linksSentTo(email)).length).toBe(2);
  const links = await linksSentTo(email);
  await page.goto(links[0]!);
  await expect(page).toHaveURL(/\/connexion\?verification=ok$/);
  await expect(page.getByRole('status').first()).toHaveText(texts.verificationOk);
  await page.goto(links[0]!);
  await expect(page).toHaveURL(/\/connexion\?verification=deja-utilise$/);
  await expect(page.getByText(texts.verificationReused)).toBeVisible();

  // Without "rester connecté": a session cookie that ends with the browser.
  await logInOnPage(page, email, password, false);
  await expect(page).toHaveURL(/\/espace-client$/);
  const sessionOnly = await sessionCookie(page);
  expect(sessionOnly).toBeDefined();
  expect(sessionOnly?.expires).toBe(-1);

  // Logged in, /connexion sends the customer back to the customer area; /admin sends to /.
  await page.goto('/connexion');
  await expect(page).toHaveURL(/\/espace-client$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);

  // The guard says what it is doing while the session loads.
  const releaseSession = await holdResponses(page, '**/api/me');
  await page.goto('/espace-client');
  await expect(page.getByText(texts.checkingPermissions)).toBeVisible();
  await releaseSession();
  await page.unroute('**/api/me');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/espace-client$/);

  // Logout: back to /connexion, and the server has forgotten the session.
  await page.locator('#contenu').getByRole('button', { name: texts.logout }).click();
  await expect(page).toHaveURL(/\/connexion$/);
  const me = await page.request.get('/api/me');
  expect(await me.json()).toEqual({ user: null });
  await page.goto('/espace-client');
  await expect(page).toHaveURL(/\/connexion$/);

  // With "rester connecté": a cookie that outlives the browser (about 30 days).
  await logInOnPage(page, email, password, true);
  await expect(page).toHaveURL(/\/espace-client$/);
  const persistent = await sessionCookie(page);
  expect(persistent?.expires).toBeGreaterThan(Date.now() / 1000 + 20 * 24 * 3600);
  await page.locator('#contenu').getByRole('button', { name: texts.logout }).click();
  await expect(page).toHaveURL(/\/connexion$/);
  expect(await sessionCookie(page)).toBeUndefined();
});

test('the administrator logs in from the home page, lands on /admin and logs out to /', async ({ page, adminAccount }) => {
  await page.goto('/#connexion');
  const login = page.getByRole('form', { name: 'Connexion' });
  await login.getByLabel(texts.fieldEmail).fill(adminAccount.email);
  await login.getByLabel(texts.fieldMotDePasse).fill(adminAccount.password);
  await login.getByRole('button', { name: texts.loginSubmit }).click();
  // His second factor: the code of his app, in place of the form.
  const codeStep = page.getByRole('form', { name: twoFactorTexts.codeStepTitle });
  await codeStep.getByLabel(twoFactorTexts.fieldCode).fill(await freshTotpCode(E2E_ADMIN_TOTP_SECRET, adminAccount.email));
  await codeStep.getByRole('button', { name: twoFactorTexts.codeSubmit }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/connexion');
  await expect(page).toHaveURL(/\/admin$/);

  await page.locator('#contenu').getByRole('button', { name: texts.logout }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/connexion$/);
});

test('a forgotten password is reset from the e-mail link, once', async ({ page }) => {
  await page.goto('/connexion');
  await page.getByRole('link', { name: texts.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
  // The address changes before the page's code has arrived, while /connexion's own « E-mail »
  // is still shown: the form is found by its name.
  const forgotForm = page.getByRole('form', { name: texts.forgotPasswordTitle });
  await forgotForm.getByLabel(texts.fieldEmail).fill(email);
  await forgotForm.getByRole('button', { name: texts.forgotPasswordSubmit }).click();
  await expect(page.getByRole('status').first()).toHaveText(texts.forgotPasswordSent);

  // An unknown address gets exactly the same answer.
  await forgotForm.getByLabel(texts.fieldEmail).fill('personne@exemple.fr');
  await forgotForm.getByRole('button', { name: texts.forgotPasswordSubmit }).click();
  await expect(page.getByRole('status').first()).toHaveText(texts.forgotPasswordSent);

  // The e-mail is written once the app has looked the address up, after its answer.
  await expect.poll(async () => (await linksSentTo(email)).filter((link) => link.includes('/reinitialiser-mot-de-passe')).length).toBe(1);
  const link = (await linksSentTo(email)).at(-1)!;
  expect(new URL(link).pathname).toBe('/reinitialiser-mot-de-passe');
  await page.goto(link);
  await page.getByLabel(texts.fieldMotDePasse, { exact: true }).fill('nouveau-mot-de-passe');
  await page.getByLabel(texts.fieldConfirmation).fill('nouveau-mot-de-passe');
  await page.getByRole('button', { name: texts.resetPasswordSubmit }).click();
  await expect(page).toHaveURL(/\/connexion\?reinitialise=1$/);
  await expect(page.getByRole('status').first()).toHaveText(texts.resetPasswordDone);

  await logInOnPage(page, email, 'nouveau-mot-de-passe', false);
  await expect(page).toHaveURL(/\/espace-client$/);
  await page.locator('#contenu').getByRole('button', { name: texts.logout }).click();

  // The link works once.
  await page.goto(link);
  await page.getByLabel(texts.fieldMotDePasse, { exact: true }).fill('encore-un-mot-de-passe');
  await page.getByLabel(texts.fieldConfirmation).fill('encore-un-mot-de-passe');
  await page.getByRole('button', { name: texts.resetPasswordSubmit }).click();
  await expect(page.getByRole('alert')).toHaveText(texts.resetPasswordInvalid);
});
