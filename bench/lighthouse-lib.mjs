/**
 * What bench/lighthouse.mjs and bench/lighthouse-paired.mjs share: one Lighthouse run (mobile
 * settings: Lighthouse's defaults) in the system Chromium, on a build that ./lib/built-app.mjs serves.
 */
import { chromePath } from './lib/built-app.mjs';
import { importBenchTool } from './tools/index.mjs';

export { chromePath, median, startServer } from './lib/built-app.mjs';

// Installed into bench/tools/ on first use (npm install leaves them out).
const chromeLauncher = await importBenchTool('chrome-launcher');
const { default: lighthouse } = await importBenchTool('lighthouse');

export function launchChrome() {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** One Lighthouse run; a trace that Chromium failed to record (NO_NAVSTART…) is retried twice. */
export async function audit(url, port, attemptsLeft = 3) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const { runtimeError } = result.lhr;
  if (!runtimeError) return result;
  if (attemptsLeft > 1) {
    console.log(`  ${url}: ${runtimeError.code}, run again`);
    return audit(url, port, attemptsLeft - 1);
  }
  throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
}
