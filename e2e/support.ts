import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/convoyage-e2e-${process.env.E2E_PORT ?? 4319}`;

/** The e-mails the running app wrote to its outbox, newest last. */
export async function readOutbox() {
  const dir = path.join(E2E_DATA_DIR, 'mails');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(files.map((file) => simpleParser(readFileSync(path.join(dir, file)))));
}

import Database from 'better-sqlite3';
import type { APIRequestContext } from '@playwright/test';

/**
 * A verified customer with a browser session: signs up through the API, marks the e-mail
 * verified in the app's SQLite file (the e-mail journey itself is tested in accounts.spec.ts),
 * then signs in with the page's request context so the browser holds the cookie.
 */
export async function signUpVerifiedCustomer(request: APIRequestContext, baseURL: string, name = 'Client E2E') {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
  const password = 'mot-de-passe-e2e';
  const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password, name }, headers: { origin: baseURL } });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const db = new Database(path.join(E2E_DATA_DIR, 'convoyage.sqlite'));
  try {
    db.prepare('update "user" set "emailVerified" = 1 where email = ?').run(email);
  } finally {
    db.close();
  }
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseURL } });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  return { email, password, name };
}
