// The fake Stripe as a process of its own, for the Playwright journeys (playwright.config.ts
// starts it beside the app): FAKE_STRIPE_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and
// FAKE_STRIPE_WEBHOOK_URL (the app's webhook address).
import { startFakeStripe } from './fake-stripe.ts';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const fake = await startFakeStripe({
  port: Number(required('FAKE_STRIPE_PORT')),
  secretKey: required('STRIPE_SECRET_KEY'),
  webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
  webhookUrl: required('FAKE_STRIPE_WEBHOOK_URL'),
});
console.log(`fake Stripe listening on ${fake.baseUrl}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
