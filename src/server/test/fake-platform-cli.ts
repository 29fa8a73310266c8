// `npm run fake-platform`: the fake approved platform on its own, for a manual check of the
// e-invoicing with the app (`npm start` with the PA_* it prints) and for the Playwright journey.
import { startFakePlatform } from './fake-platform.ts';

const port = Number(process.env.FAKE_PLATFORM_PORT ?? 4590);
const fake = await startFakePlatform({ port, autoSettleMs: Number(process.env.FAKE_PLATFORM_SETTLE_MS ?? 2000), controlRoutes: true });
const env = fake.env();
console.log(`Fake approved platform on ${fake.url}. Start the app with:`);
console.log(
  Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join(' '),
);
console.log(`Tell it what to do: POST ${fake.url}/_fake/status {"trackingId":"F-2026-0001","code":"205"},`);
console.log(`  /_fake/reject {"trackingId","reasonCode","reasonMessage"}, /_fake/supplier-invoice (a Factur-X PDF as body),`);
console.log(`  /_fake/directory {"siren","status":"Enabled"}; GET /_fake/flows lists what it holds.`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
