import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildTestApp, ENGINES, PUBLIC_URL, type TestApp } from '../test/helpers.ts';
import { createPageRenderer, type ViteManifest } from './page-head.ts';

describe.each(ENGINES)('robots.txt and sitemap.xml on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every public page with the absolute public address, and no private area', async () => {
    const response = await t.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/qui-sommes-nous', '/comment-ca-marche', '/faq', '/mentions-legales', '/connexion']) {
      expect(response.body).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
    }
    expect(response.body).not.toMatch(/espace-client|admin|devis/);
  });

  it('keeps robots out of the private areas and points them to the sitemap', async () => {
    const response = await t.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /espace-client');
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('the per-page head of the SPA', () => {
  const template = `<head>
    <!--page-head:start-->
    <title>défaut</title>
    <!--page-head:end-->
    <!--home-preload:start--><link rel="preload" as="image" href="/images/hero.avif" /><!--home-preload:end-->
  </head>`;
  const config = loadConfig({ DATA_DIR: '/tmp/convoyage-page-head-test', PUBLIC_URL: 'https://convoyage.example', BUSINESS_NAME: 'Convoyeur & Fils' });
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'pages/faq-page.tsx': { file: 'assets/faq-page-2.js', imports: ['_page-3.js', 'index.html'] },
    '_page-3.js': { file: 'assets/page-3.js', css: ['assets/page-3.css'] },
  };
  const render = createPageRenderer(template, config, manifest);

  it('gives each public page its own title, description and absolute Open Graph addresses', () => {
    const { html } = render('/faq/');
    expect(html).toContain('<title>Questions fréquentes | Convoyeur &amp; Fils</title>');
    expect(html).toContain('<meta name="description" content="Assurance, zones desservies');
    expect(html).toContain('<meta property="og:url" content="https://convoyage.example/faq" />');
    expect(html).toContain('<meta property="og:image" content="https://convoyage.example/images/og-image.jpg" />');
    expect(html).not.toContain('défaut');
  });

  it('preloads the hero picture on the home page only, and a lazy page its own chunks', () => {
    expect(render('/').html).toContain('<link rel="preload" as="image" href="/images/hero.avif" />');
    const faq = render('/faq').html;
    expect(faq).not.toContain('hero.avif');
    expect(faq).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-page-2.js" />');
    expect(faq).toContain('<link rel="modulepreload" crossorigin href="/assets/page-3.js" />');
    expect(faq).toContain('<link rel="stylesheet" crossorigin href="/assets/page-3.css" />');
    // The entry chunk is already loaded by index.html's own script tag.
    expect(faq).not.toContain('assets/index-1.js');
  });

  it('marks an unknown address as the not-found page, not to be indexed', () => {
    const { html } = render('/nulle-part');
    expect(html).toContain('<title>404 - Page non trouvée</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });
});
