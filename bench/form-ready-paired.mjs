#!/usr/bin/env node
/**
 * How long a page takes to show its form, on this build and on another checkout's (`--base`,
 * built with `npm run build`), in Chromium at a phone's size: from the start of the navigation
 * to the moment the form's first field is in the page (a MutationObserver's clock, the page's
 * own). Each round opens the page twice in a fresh browser context: « first » with an empty cache,
 * « again » with the scripts cached (a returning visitor). Both servers run at once and each
 * round measures one build then the other (the order swapped every round), so that every pair
 * sees the same load on a shared machine. Reported: the median of each build, and the median of
 * the pairs' differences (this − base). Decision 0080.
 *
 * Usage: node bench/form-ready-paired.mjs --base ../main-checkout [--rounds 15] [--pages /connexion]
 */
import { chromium } from '@playwright/test';
import { chromePath, median, pairedRun, startServer } from './lib/built-app.mjs';

const { builds, rounds, pages } = pairedRun(
  'node bench/form-ready-paired.mjs --base <other checkout, built> [--rounds 15] [--pages /connexion]',
  { rounds: 15, pages: '/connexion' },
);

/** Notes, on the page's clock, when a form field first stands in the main content. */
function watchForField() {
  new MutationObserver((_, observer) => {
    if (document.querySelector('main form input')) {
      window.__fieldAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function fieldAt(page, url) {
  await page.goto(url);
  await page.locator('main form input').first().waitFor({ timeout: 30_000 });
  return page.evaluate(() => window.__fieldAt);
}

const servers = {};
const samples = Object.fromEntries(pages.map((page) => [page, { first: { base: [], this: [] }, again: { base: [], this: [] } }]));
let browser;
try {
  servers.base = await startServer(builds.base);
  servers.this = await startServer(builds.this);
  browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  for (let round = 1; round <= rounds; round++) {
    for (const url of pages) {
      for (const name of round % 2 ? ['base', 'this'] : ['this', 'base']) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
        await context.addInitScript(watchForField);
        const page = await context.newPage();
        samples[url].first[name].push(await fieldAt(page, `${servers[name].origin}${url}`));
        samples[url].again[name].push(await fieldAt(page, `${servers[name].origin}${url}`));
        await context.close();
      }
    }
  }
} finally {
  await browser?.close();
  servers.base?.stop();
  servers.this?.stop();
}

const ms = (value) => `${Math.round(value)} ms`;
console.log(`| Page | Load | base (median) | this (median) | this − base (median of ${rounds} pairs) |`);
console.log('| --- | --- | ---: | ---: | ---: |');
for (const url of pages) {
  for (const load of ['first', 'again']) {
    const { base, this: current } = samples[url][load];
    const differences = current.map((value, index) => value - base[index]);
    console.log(`| ${url} | ${load} | ${ms(median(base))} | ${ms(median(current))} | ${ms(median(differences))} |`);
  }
}
