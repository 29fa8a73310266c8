import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { indexedRoutes } from '#domain/paths.ts';
import { pageTitle, publicPageMeta, publicTexts, texts } from '#domain/texts/common.ts';

// The server of playwright.config.ts runs with the default business identity.
const business = { name: 'Convoyage Pro', siret: '123 456 789 00012', email: 'contact@convoyage-pro.fr', phone: '06 12 34 56 78' };

const nav = publicTexts.nav;
const SCREENSHOT_DIR = 'test-results/screenshots';
const viewports = [
  { name: 'phone', width: 375, height: 812, isPhone: true },
  { name: 'desktop', width: 1366, height: 768, isPhone: false },
] as const;

const publicPages = [
  { slug: 'accueil', path: '/', heading: publicTexts.home.heroTitle },
  { slug: 'qui-sommes-nous', path: '/qui-sommes-nous', heading: infoPageTexts.about.title },
  { slug: 'comment-ca-marche', path: '/comment-ca-marche', heading: infoPageTexts.howItWorks.title },
  { slug: 'faq', path: '/faq', heading: infoPageTexts.faq.title },
  { slug: 'mentions-legales', path: '/mentions-legales', heading: infoPageTexts.legal.title },
  { slug: 'confidentialite', path: '/confidentialite', heading: publicPageMeta.confidentialite.title },
  { slug: 'cgv', path: '/cgv', heading: publicPageMeta.cgv.title },
  { slug: 'connexion', path: '/connexion', heading: 'Connexion' },
  { slug: '404', path: '/page-inexistante', heading: texts.notFoundTitle },
] as const;

const mainMenu = (page: Page) => page.getByRole('navigation', { name: nav.mainMenu });
/** The phone menu's toggle, whatever its current label ("Menu" or "Fermer le menu"). */
const menuToggle = (page: Page) => page.locator('header button[aria-controls]');

/** Opens the collapsed menu on a phone; on a desktop the menu is always shown. */
async function openMenu(page: Page, isPhone: boolean) {
  if (!isPhone) return;
  await page.getByRole('button', { name: nav.menu, exact: true }).click();
  await expect(mainMenu(page)).toBeVisible();
}

async function waitForHeroPicture(page: Page) {
  const first = page.getByTestId('hero-slides').locator('img').first();
  await expect(first).toHaveJSProperty('complete', true);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

async function tabUntil(page: Page, isTarget: () => Promise<boolean>, { backwards = false, maxTabs = 40 } = {}) {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await isTarget()) return;
  }
  throw new Error(`target not reached in ${maxTabs} tabs`);
}

for (const viewport of viewports) {
  test.describe(`public site (${viewport.name} ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every section of the home page is reached from the menu', async ({ page }) => {
      await page.goto('/faq');
      const sections = [
        { label: nav.accueil, id: 'accueil', heading: publicTexts.home.heroTitle },
        { label: nav.simuler, id: 'simuler', heading: publicTexts.home.simulerTitle },
        { label: nav.creerCompte, id: 'creer-compte', heading: publicTexts.home.creerCompteTitle },
        { label: nav.connexion, id: 'connexion', heading: publicTexts.home.connexionTitle },
        { label: nav.contact, id: 'contact', heading: publicTexts.home.contactTitle },
      ];
      for (const section of sections) {
        await openMenu(page, viewport.isPhone);
        await mainMenu(page).getByRole('link', { name: section.label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/#${section.id}$`));
        const target = page.locator(`section#${section.id}`);
        await expect(target.getByRole('heading', { name: section.heading })).toBeInViewport();
        // Following a link closes the phone menu.
        if (viewport.isPhone) await expect(mainMenu(page)).toBeHidden();
      }
      await expect(page).toHaveTitle(pageTitle(publicPageMeta.home.title, business.name, true));

      const contact = page.locator('section#contact');
      await expect(contact.getByRole('link', { name: business.email })).toHaveAttribute('href', `mailto:${business.email}`);
      await expect(contact.getByRole('link', { name: business.phone })).toHaveAttribute('href', 'tel:0612345678');
    });

    test('every information page is reached from the menus and shows its spec text', async ({ page }) => {
      await page.goto('/');

      await openMenu(page, viewport.isPhone);
      await mainMenu(page).getByRole('link', { name: nav.quiSommesNous }).click();
      await expect(page).toHaveURL(/\/qui-sommes-nous$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(infoPageTexts.about.title);
      await expect(page.getByText(infoPageTexts.about.mission)).toBeVisible();

      await openMenu(page, viewport.isPhone);
      await mainMenu(page).getByRole('link', { name: nav.commentCaMarche }).click();
      await expect(page).toHaveURL(/\/comment-ca-marche$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(infoPageTexts.howItWorks.title);
      // The six steps of the spec, in order, as an ordered list.
      const steps = page.locator('main ol > li');
      await expect(steps.getByRole('heading', { level: 2 })).toHaveText([
        'Simulation',
        'Création de compte',
        'Confirmation',
        'Prise en charge',
        'Livraison',
        'Finalisation',
      ]);
      await expect(steps.nth(2)).toContainText('signé, au format PDF, par e-mail');
      await expect(steps.nth(3)).toContainText('état des lieux avec photos');
      await expect(steps.nth(4)).toContainText('second état des lieux');
      await expect(steps.nth(5)).toContainText('e-mail de finalisation');

      await openMenu(page, viewport.isPhone);
      await mainMenu(page).getByRole('link', { name: nav.faq }).click();
      await expect(page).toHaveURL(/\/faq$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(infoPageTexts.faq.title);
      await expect(page.locator('main details > summary')).toHaveText(infoPageTexts.faq.items.map((item) => item.question));
      await expect(page).toHaveTitle(`Questions fréquentes | ${business.name}`);

      // The legal pages are in the footer menu, on every page.
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(publicTexts.footer.siret(business.siret));
      await expect(footer).toContainText('TVA non applicable, art. 293 B du CGI');
      await footer.getByRole('navigation', { name: nav.footerMenu }).getByRole('link', { name: nav.mentionsLegales }).click();
      await expect(page).toHaveURL(/\/mentions-legales$/);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(infoPageTexts.legal.title);
      await expect(main).toContainText('micro-entrepreneur');
      await expect(main).toContainText(business.siret);
      await expect(main).toContainText('12 rue de la République, 69002 Lyon');
      await expect(main).toContainText('TVA non applicable, art. 293 B du CGI');
      await expect(main.getByRole('heading', { name: infoPageTexts.legal.hostTitle })).toBeVisible();
      await expect(main.getByRole('heading', { name: infoPageTexts.legal.privacyTitle })).toBeVisible();
      await expect(main.getByRole('heading', { name: infoPageTexts.legal.retentionTitle })).toBeVisible();
      await expect(main.getByRole('heading', { name: infoPageTexts.legal.rightsTitle })).toBeVisible();
      await expect(main.getByRole('heading', { name: infoPageTexts.legal.cookiesTitle })).toBeVisible();
      await expect(main).toContainText(infoPageTexts.legal.cookies);
      await expect(main.getByRole('link', { name: business.email }).first()).toHaveAttribute('href', `mailto:${business.email}`);

      // Each page keeps its own description after client-side navigation.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', publicPageMeta.mentionsLegales.description);
    });

    test('the 404 page appears for an unknown path, with a way home', async ({ page }) => {
      const response = await page.goto('/cette-adresse/n-existe-pas');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.notFoundTitle);
      await expect(page).toHaveTitle(texts.notFoundTitle);
      await page.getByRole('main').getByRole('link', { name: texts.backHome }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(publicTexts.home.heroTitle);
    });

    test('the keyboard alone reaches and uses the menu, the sections and the FAQ', async ({ page }) => {
      await page.goto('/');
      const focusedIs = (locator: ReturnType<Page['locator']>) => () => locator.evaluate((element) => element === document.activeElement);

      if (viewport.isPhone) {
        const toggle = menuToggle(page);
        await expect(toggle).toHaveText(nav.menu);
        await tabUntil(page, focusedIs(toggle));
        await page.keyboard.press('Enter');
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        await expect(toggle).toHaveText(nav.closeMenu);
        await page.keyboard.press('Tab');
        await expect(mainMenu(page).getByRole('link', { name: nav.accueil })).toBeFocused();
        // Escape closes the menu and gives focus back to its toggle.
        await page.keyboard.press('Escape');
        await expect(mainMenu(page)).toBeHidden();
        await expect(toggle).toBeFocused();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await page.keyboard.press('Enter');
        await expect(mainMenu(page)).toBeVisible();
      }

      // Following a section link moves focus into that section: the next Tab continues there.
      const connexionLink = mainMenu(page).getByRole('link', { name: nav.connexion, exact: true });
      await tabUntil(page, focusedIs(connexionLink));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#connexion$/);
      await expect(page.locator('section#connexion')).toBeFocused();

      const faqLink = mainMenu(page).getByRole('link', { name: nav.faq });
      if (viewport.isPhone) {
        const toggle = menuToggle(page);
        await tabUntil(page, focusedIs(toggle), { backwards: true });
        await page.keyboard.press('Enter');
      } else {
        await tabUntil(page, focusedIs(page.getByRole('link', { name: business.name })), { backwards: true });
      }
      await tabUntil(page, focusedIs(faqLink));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/faq$/);
      // A new page puts focus at the start of its content.
      await expect(page.locator('main#contenu')).toBeFocused();

      const first = page.locator('main details').first();
      const summary = first.locator('summary');
      await tabUntil(page, focusedIs(summary));
      await expect(first).not.toHaveAttribute('open', '');
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('open', '');
      await expect(first.getByText(infoPageTexts.faq.items[0].answer)).toBeVisible();
      await page.keyboard.press('Space');
      await expect(first).not.toHaveAttribute('open', '');
      // The next question is one Tab away.
      await page.keyboard.press('Tab');
      await expect(page.locator('main details summary').nth(1)).toBeFocused();
    });

    test('the keyboard alone fills and sends the simulator and the login form', async ({ page }) => {
      await page.goto('/#simuler');
      const departure = page.getByRole('combobox', { name: 'Adresse de départ' });
      await expect(departure).toBeVisible();
      const focused = (locator: ReturnType<Page['locator']>) => () => locator.evaluate((element) => element === document.activeElement);
      await tabUntil(page, focused(departure));
      await page.keyboard.type('Nantes');
      await expect(page.getByRole('option', { name: /Nantes/ }).first()).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('combobox', { name: 'Adresse d’arrivée' })).toBeFocused();
      await page.keyboard.type('Rennes');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Type de véhicule')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Calculer le prix' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.locator('#simuler').getByRole('status').filter({ hasText: 'Prix estimé TTC' })).toBeVisible();

      const login = page.locator('section#connexion');
      const email = login.getByLabel('E-mail');
      await tabUntil(page, focused(email), { maxTabs: 80 });
      await page.keyboard.type('personne@exemple.fr');
      await page.keyboard.press('Tab');
      await page.keyboard.type('mauvais-mot-de-passe');
      await page.keyboard.press('Enter');
      await expect(login.getByRole('alert')).toContainText('❌ Connexion échouée');
    });

    test('no serious or critical accessibility violation on any public page', async ({ page }) => {
      // One axe run per page, eight pages: 132 s on a machine two other runs loaded (ci67), so twice that (0078).
      test.setTimeout(300_000);
      for (const target of publicPages) {
        await page.goto(target.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.heading);
        if (target.path === '/') await waitForHeroPicture(page);
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${target.path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        expect(blocking).toEqual([]);
      }
      if (viewport.isPhone) {
        // The open menu too.
        await page.goto('/');
        await openMenu(page, true);
        const results = await new AxeBuilder({ page }).include('header').analyze();
        expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
      }
    });

    test('screenshots of every public page', { tag: '@screenshots' }, async ({ page }) => {
      // Kept as artifacts in test-results/screenshots/ (git-ignored), to be looked at: taken on
      // demand by the `screenshots` project, not by `npm test` (playwright.config.ts).
      const shoot = (name: string, fullPage = true) =>
        page.screenshot({ path: `${SCREENSHOT_DIR}/${viewport.name}-${name}.png`, fullPage });
      for (const target of publicPages) {
        await page.goto(target.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.heading);
        if (target.path === '/') await waitForHeroPicture(page);
        // The forms arrive after the page's text (the home page's as soon as one scrolls):
        // shoot the page as a visitor sees it once they are there.
        await page.evaluate(() => window.scrollBy(0, 1));
        await expect(page.getByText('Chargement du formulaire…')).toHaveCount(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await shoot(target.slug);
      }
      await page.goto('/');
      await waitForHeroPicture(page);
      await shoot('accueil-premier-ecran', false);
      if (viewport.isPhone) {
        await openMenu(page, true);
        await shoot('menu-ouvert', false);
      }
      await page.goto('/faq');
      await page.locator('main details summary').first().click();
      await shoot('faq-question-ouverte', false);
    });
  });
}

test.describe('hero background', () => {
  const slides = (page: Page) => page.getByTestId('hero-slides');
  /** The page arrives prerendered: the slideshow's timer is set once it has hydrated. */
  const ticking = (page: Page) => expect(slides(page)).toHaveAttribute('data-ticking', 'true');

  test('changes every 15 seconds with a cross-fade, in a loop of three pictures', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(slides(page)).toHaveAttribute('data-active-slide', '0');
    await expect(slides(page).locator('[data-active="true"]')).toHaveCount(1);
    await ticking(page);
    await page.clock.runFor(15_000);
    await expect(slides(page)).toHaveAttribute('data-active-slide', '1');
    // The newly shown picture is really there, and fades in through an opacity transition.
    const second = slides(page).locator('> div').nth(1);
    await expect(second).toHaveAttribute('data-active', 'true');
    await expect(second.locator('img')).toHaveCount(1);
    expect(await second.evaluate((element) => getComputedStyle(element).transitionProperty)).toContain('opacity');
    await page.clock.runFor(15_000);
    await expect(slides(page)).toHaveAttribute('data-active-slide', '2');
    await page.clock.runFor(15_000);
    await expect(slides(page)).toHaveAttribute('data-active-slide', '0');
  });

  test('stands still while the tab is hidden, and when paused with its button', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await ticking(page);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(slides(page)).toHaveAttribute('data-ticking', 'false');
    await page.clock.runFor(60_000);
    await expect(slides(page)).toHaveAttribute('data-active-slide', '0');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.clock.runFor(15_000);
    await expect(slides(page)).toHaveAttribute('data-active-slide', '1');

    const pause = page.getByRole('button', { name: publicTexts.home.pauseSlideshow });
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await page.clock.runFor(60_000);
    await expect(slides(page)).toHaveAttribute('data-active-slide', '1');
    await pause.click();
    await page.clock.runFor(15_000);
    await expect(slides(page)).toHaveAttribute('data-active-slide', '2');
  });

  test('does not move for visitors who ask for reduced motion, nor load the other pictures', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(60_000);
    await expect(slides(page)).toHaveAttribute('data-active-slide', '0');
    await expect(slides(page).locator('img')).toHaveCount(1);
    await expect(page.getByRole('button', { name: publicTexts.home.pauseSlideshow })).toHaveCount(0);
  });
});

test.describe('head, icons and crawlers', () => {
  test('each public page is served with its own title, description and Open Graph tags', async ({ request, baseURL }) => {
    for (const { path, meta } of indexedRoutes) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-encoding']).toBe('br');
      const html = await response.text();
      const title = pageTitle(meta.title, business.name, path === '/');
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<meta name="description" content="${meta.description}" />`);
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html).toContain(`<meta property="og:url" content="${baseURL}${path}" />`);
      expect(html).toContain(`<meta property="og:image" content="${baseURL}/images/og-image.jpg" />`);
      expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
      expect(html).toContain('<meta property="og:type" content="website" />');
      // Only the home page preloads its first hero picture; the lazily loaded pages preload their chunks.
      expect(/rel="preload"\s+as="image"/.test(html), path).toBe(path === '/');
      if (path !== '/') expect(html, path).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[\w-]+-page-[\w-]+\.js" \/>/);
    }
    const og = await request.get('/images/og-image.jpg');
    expect(og.headers()['content-type']).toBe('image/jpeg');
  });

  test('each public page arrives rendered: readable without JavaScript, then hydrated without error', async ({ browser }) => {
    test.setTimeout(180_000);
    const withoutScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const withScript = await browser.newContext({ viewport: { width: 375, height: 812 } });
    for (const { path, heading } of publicPages) {
      const bare = await withoutScript.newPage();
      await bare.goto(path);
      await expect(bare.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(bare.getByRole('contentinfo'), path).toContainText(publicTexts.footer.siret(business.siret));
      // The terms of sale come with their text, not a loading message (the API's answer is in the HTML).
      if (path === '/cgv') await expect(bare.getByRole('heading', { level: 2, name: /Droit de rétractation/ })).toBeVisible();
      await bare.close();

      const page = await withScript.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('404 (Not Found)')) errors.push(message.text());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      // Hydrated: the menu's toggle answers, and the markup was kept (one heading, one header).
      await page.getByRole('button', { name: nav.menu, exact: true }).click();
      await expect(mainMenu(page), path).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(page.locator('header'), path).toHaveCount(1);
      expect(errors, path).toEqual([]);
      await page.close();
    }
    // A page that depends on its query string is rendered by the browser alone.
    const page = await withoutScript.newPage();
    await page.goto('/connexion?verification=ok');
    await expect(page.locator('#root')).toBeEmpty();
    await withoutScript.close();
    await withScript.close();
  });

  test('the page title and description follow client-side navigation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: nav.faq }).click();
    await expect(page).toHaveTitle(`Questions fréquentes | ${business.name}`);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', publicPageMeta.faq.description);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `Questions fréquentes | ${business.name}`);
  });

  test('favicon, manifest icons, robots.txt and sitemap.xml are served', async ({ request, baseURL }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.lang).toBe('fr');
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toContain(icon.type);
    }
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/', '/qui-sommes-nous', '/comment-ca-marche', '/faq', '/mentions-legales', '/confidentialite', '/connexion']) {
      expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(sitemap).not.toContain('espace-client');
  });

  test('text assets are sent precompressed', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const response = await request.get(script!, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers()['content-encoding']).toBe('br');
    expect(response.headers()['cache-control']).toContain('immutable');
  });
});
