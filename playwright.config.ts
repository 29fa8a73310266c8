import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4319);
/** Two workers on two cores: the journeys wait on the browser and the server as much as they compute (docs/decisions/0057). */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const dataRoot = process.env.E2E_DATA_DIR ?? `/tmp/convoyage-e2e-${port}`;

/**
 * Each worker has a server of its own: port E2E_PORT + its parallel index, a DATA_DIR of its
 * own (so its SQLite database, e-mails and administrator), built by webServer below; the
 * fixtures (e2e/fixtures.ts) point the worker's pages, requests and commands at it.
 */
export function e2eServer(index: number) {
  return { baseURL: `http://localhost:${port + index}`, port: port + index, dataDir: `${dataRoot}/${index}` };
}

/**
 * Each worker's app takes card payments through a local server that speaks Stripe's documented
 * wire format (src/server/test/fake-stripe-main.ts), on port E2E_PORT + 100 + its index; it
 * delivers its signed notifications to that worker's app.
 */
const E2E_STRIPE = { secretKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e' };
const fakeStripePort = (index: number) => port + 100 + index;

function fakeStripe(index: number) {
  const { baseURL } = e2eServer(index);
  return {
    command: 'node --import tsx src/server/test/fake-stripe-main.ts',
    port: fakeStripePort(index),
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      FAKE_STRIPE_PORT: String(fakeStripePort(index)),
      STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      FAKE_STRIPE_WEBHOOK_URL: `${baseURL}/api/paiements/stripe/webhook`,
    },
  };
}

function webServer(index: number) {
  const { baseURL, port, dataDir } = e2eServer(index);
  return {
    command: `rm -rf ${dataDir} && node --enable-source-maps dist/node/main.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: 'admin@convoyage.test',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort(index)}`,
      BUSINESS_IBAN: 'FR7630006000011234567890189',
      BUSINESS_BIC: 'AGRIFRPP',
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Ceilings for a machine whose two cores other runs share, not a speed the journeys must keep
  // (docs/decisions/0078): a 45 s journey, and an expectation that waits on the server, are given
  // room to double before they count as broken. A passing test never waits for a ceiling.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // No trace: recording one (a screencast and a DOM snapshot at every step) cost a third of the
    // journeys' CPU even when it was thrown away after a pass, and CI keeps no files to read it
    // from. A failing journey is re-run with `--trace on` (README, decision 0079).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The phone's journeys first: the longest of all (a whole mission offline) then starts early
  // instead of running alone at the end while the other worker waits (decision 0085).
  projects: [
    {
      // A phone with a touch screen. Journeys opt in with the tag: test('…', { tag: '@phone-only' }, …)
      // runs on the phone alone; '@phone', on the desktop too, where that run takes another code
      // path (a mouse on the signature pad) or tours the back office at the desk's size (decision 0085).
      name: 'phone',
      grep: /@phone/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'desktop',
      // A journey written for the phone runs there alone (decisions 0082, 0085); the screenshots are taken on demand.
      grepInvert: /@phone-only|@screenshots/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } },
    },
    // Screenshots of every public page at both sizes, to look at (test-results/screenshots/), not
    // a test: `E2E_SCREENSHOTS=1 npx playwright test --project=screenshots` (README).
    ...(process.env.E2E_SCREENSHOTS
      ? [{ name: 'screenshots', grep: /@screenshots/, use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } } }]
      : []),
  ],
  webServer: Array.from({ length: workers }, (_, index) => [fakeStripe(index), webServer(index)]).flat(),
});
