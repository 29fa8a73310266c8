import path from 'node:path';
import Database from 'better-sqlite3';
import { readOutbox as readDataDirOutbox } from '#server/test/outbox.ts';

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/convoyage-e2e-${process.env.E2E_PORT ?? 4319}`;

/**
 * The e-mails the running app has sent (its mailer writes them to DATA_DIR/mails), oldest
 * first, once its outbox has nothing left waiting: the worker sends each message just after
 * the request that queued it, so a journey waits for that instead of guessing a delay.
 */
export async function readOutbox() {
  const db = new Database(path.join(E2E_DATA_DIR, 'convoyage.sqlite'), { readonly: true });
  try {
    const deadline = Date.now() + 15_000;
    const waiting = db.prepare("select count(*) as n from outbox where status in ('pending', 'sending') and \"nextAttemptAt\" <= ?");
    while ((waiting.get(new Date().toISOString()) as { n: number }).n > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
  return readDataDirOutbox(E2E_DATA_DIR);
}

/**
 * Headers for a sign-in from the test: the app's origin and a client address of its own
 * (the app trusts X-Forwarded-For from loopback), so the per-IP sign-in limit, which the
 * whole suite would otherwise share from 127.0.0.1, only applies where a test is about it.
 */
export function apiHeaders(baseURL: string) {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return { origin: baseURL, 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` };
}
