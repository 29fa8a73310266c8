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

let customerCount = 0;

/**
 * A verified customer with a browser session: signs up through the API, marks the e-mail
 * verified in the app's SQLite file (the e-mail journey itself is tested in accounts.spec.ts),
 * then signs in with the page's request context so the browser holds the cookie. Each
 * customer comes from its own forwarded client address (the app trusts the loopback proxy),
 * so the per-IP sign-up limit applies to each as it would to real visitors.
 */
export async function signUpVerifiedCustomer(request: APIRequestContext, baseURL: string, nom = 'Client E2E') {
  customerCount += 1;
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;
  const password = 'mot-de-passe-e2e';
  const headers = { origin: baseURL, 'x-forwarded-for': `203.0.113.${(customerCount % 250) + 1}` };
  const signUp = await request.post('/api/comptes/inscription', {
    headers,
    data: { nom, telephone: '06 12 34 56 78', email, adresse: '1 place Bellecour, 69002 Lyon', type: 'particulier', motDePasse: password, confirmation: password, resterConnecte: true },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const db = new Database(path.join(E2E_DATA_DIR, 'convoyage.sqlite'));
  try {
    db.prepare('update "user" set "emailVerified" = 1 where email = ?').run(email);
  } finally {
    db.close();
  }
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email, password, rememberMe: true }, headers });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  return { email, password, nom };
}
