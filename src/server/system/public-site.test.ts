import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { ENGINES, PUBLIC_URL, useTestApp } from '#server/test/helpers.ts';
import { createPageRenderer, type ViteManifest } from './page-head.ts';
import { createPrerender } from './prerender.ts';

describe.each(ENGINES)('robots.txt and sitemap.xml on %s', (engine) => {
  const t = useTestApp(engine);

  it('lists every public page with the absolute public address, and no private area', async () => {
    const response = await t.app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/qui-sommes-nous', '/comment-ca-marche', '/faq', '/mentions-legales', '/confidentialite', '/connexion']) {
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
  const config = loadConfig({
    DATA_DIR: '/tmp/convoyage-page-head-test',
    PUBLIC_URL: 'https://convoyage.example',
    BUSINESS_NAME: 'Convoyeur & Fils',
  });
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'pages/faq-page.tsx': { file: 'assets/faq-page-2.js', imports: ['_page-3.js', 'index.html'] },
    '_page-3.js': { file: 'assets/page-3.js', css: ['assets/page-3.css'] },
  };
  const render = createPageRenderer(template, config, { manifest });

  it('gives each public page its own title, description and absolute Open Graph addresses', async () => {
    const { html } = await render('/faq/');
    expect(html).toContain('<title>Questions fréquentes | Convoyeur &amp; Fils</title>');
    expect(html).toContain('<meta name="description" content="Assurance, zones desservies');
    expect(html).toContain('<meta property="og:url" content="https://convoyage.example/faq" />');
    expect(html).toContain('<meta property="og:image" content="https://convoyage.example/images/og-image.jpg" />');
    expect(html).not.toContain('défaut');
  });

  it('preloads the hero picture on the home page only, and a lazy page its own chunks', async () => {
    expect((await render('/')).html).toContain('<link rel="preload" as="image" href="/images/hero.avif" />');
    const faq = (await render('/faq')).html;
    expect(faq).not.toContain('hero.avif');
    expect(faq).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-page-2.js" />');
    expect(faq).toContain('<link rel="modulepreload" crossorigin href="/assets/page-3.js" />');
    expect(faq).toContain('<link rel="stylesheet" crossorigin href="/assets/page-3.css" />');
    // The entry chunk is already loaded by index.html's own script tag.
    expect(faq).not.toContain('assets/index-1.js');
  });

  it('marks an unknown address as the not-found page, not to be indexed', async () => {
    const { html } = await render('/nulle-part');
    expect(html).toContain('<title>404 - Page non trouvée</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('the prerendered markup of the public pages', () => {
  const template = '<head><!--page-head:start--><!--page-head:end--></head><body><div id="root"></div></body>';
  const config = loadConfig({ DATA_DIR: '/tmp/convoyage-page-head-test' });
  const rendered: string[] = [];
  const prerender = async (pathname: string) => {
    rendered.push(pathname);
    return `<main>${pathname} & co</main>`;
  };

  it('puts the page’s markup inside #root, rendered once per page', async () => {
    rendered.length = 0;
    const render = createPageRenderer(template, config, { prerender });
    const first = await render('/faq');
    expect(first.html).toContain('<div id="root"><main>/faq & co</main></div>');
    expect(gunzipSync(first.gzip).toString()).toBe(first.html);
    await render('/faq/');
    expect(rendered).toEqual(['/faq']);
  });

  it('renders the 404 page’s markup for an unknown address, the same whichever address came first', async () => {
    const render = createPageRenderer(template, config, { prerender });
    // An address the router would read as another page must not decide what every 404 shows.
    expect((await render('//faq')).html).toContain('<div id="root"><main>/404 & co</main></div>');
    expect((await render('/nulle-part')).html).toContain('<div id="root"><main>/404 & co</main></div>');
  });

  it('sends the empty shell to the private areas and to an address with a query string', async () => {
    const render = createPageRenderer(template, config, { prerender });
    expect((await render('/espace-client')).html).toContain('<div id="root"></div>');
    expect((await render('/connexion', { hasQuery: true })).html).toContain('<div id="root"></div>');
    expect((await render('/connexion')).html).toContain('<main>/connexion & co</main>');
  });

  it('carries the answers a page shows first beside its markup, and renders it again when they change', async () => {
    const seen: unknown[] = [];
    let cgv = { version: 1, texte: 'Article 1 </script><script>alert(1)</script>' };
    const render = createPageRenderer(template, config, {
      prerender: async (pathname, data) => {
        seen.push(data);
        return `<main>${pathname}</main>`;
      },
      pageData: async (pathname) => (pathname === '/cgv' ? { version: `v${cgv.version}`, data: { '/api/cgv': cgv } } : null),
    });
    const first = (await render('/cgv')).html;
    expect(first).toContain('<div id="root"><main>/cgv</main></div><script id="page-data" type="application/json">');
    // Its text cannot close the script element it travels in.
    expect(first).not.toContain('</script><script>alert(1)');
    const json = /<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(first)![1]!;
    expect(JSON.parse(json)).toEqual({ '/api/cgv': cgv });
    expect((await render('/faq')).html).not.toContain('page-data');
    await render('/cgv');
    cgv = { version: 2, texte: 'Article 1 modifié' };
    expect((await render('/cgv')).html).toContain('Article 1 modifié');
    expect(seen).toEqual([
      { '/api/cgv': { version: 1, texte: 'Article 1 </script><script>alert(1)</script>' } },
      null,
      { '/api/cgv': cgv },
    ]);
  });

  it('renders a page without its answers, in the browser, when they cannot be had', async () => {
    const errors: string[] = [];
    const render = createPageRenderer(template, config, {
      prerender,
      pageData: async () => {
        throw new Error('database down');
      },
      onPrerenderError: (_error, pathname) => errors.push(pathname),
    });
    const { html } = await render('/cgv');
    expect(html).toContain('<main>/cgv & co</main>');
    expect(html).not.toContain('page-data');
    expect(errors).toEqual(['/cgv']);
  });

  it('sends the empty shell, and says why, when prerendering fails', async () => {
    const errors: string[] = [];
    const render = createPageRenderer(template, config, {
      prerender: async () => {
        throw new Error('boom');
      },
      onPrerenderError: (_error, pathname) => errors.push(pathname),
    });
    expect((await render('/faq')).html).toContain('<div id="root"></div>');
    expect(errors).toEqual(['/faq']);
  });
});

describe('the server bundle that prerenders', () => {
  const config = {
    contact: { email: 'a@exemple.fr', phone: '01 02 03 04 05' },
    business: { name: 'Convoyeur', legalName: 'X EI', owner: 'X', siret: '1', address: 'Lyon', host: 'Hôte' },
  };

  it('is optional: without a built bundle nothing is prerendered', () => {
    expect(createPrerender(config, '/nulle-part/entry-server.js')).toBeNull();
  });

  it('passes the address and the configuration, and leaves React’s hoisted head tags out', async () => {
    const entry = path.join(mkdtempSync(path.join(tmpdir(), 'convoyage-ssr-')), 'entry-server.mjs');
    writeFileSync(
      entry,
      `export async function prerenderPage(url, config) {
        return '<link rel="preload" as="image" href="/favicon.svg"/><title>T</title><meta name="robots" content="noindex"/>'
          + '<div class="shell"><title>pas en tête</title>' + new URL(url).pathname + ' ' + config.business.name + '</div>';
      }`,
    );
    const prerender = createPrerender(config, entry)!;
    expect(await prerender('/faq')).toBe('<div class="shell"><title>pas en tête</title>/faq Convoyeur</div>');
  });
});
