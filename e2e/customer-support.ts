import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { apiHeaders, E2E_DATA_DIR } from './support.ts';

const origin = `http://localhost:${process.env.E2E_PORT ?? 4319}`;
const dbFile = () => path.join(E2E_DATA_DIR, 'convoyage.sqlite');

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(dbFile());
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

export type E2eCustomer = { id: string; name: string; email: string; password: string };

/**
 * A verified customer logged in in the page's browser context: signed up through the app's
 * sign-up API, marked verified in the app's SQLite file (the verification e-mail journey
 * belongs to the accounts tests), then signed in from page.request so the browser holds the
 * session cookie. Each customer comes from its own client address (the app trusts
 * X-Forwarded-For from loopback), so the per-IP sign-up limits of other journeys don't apply.
 */
export async function loginNewCustomer(page: Page, name: string): Promise<E2eCustomer> {
  const email = `client-${randomUUID().slice(0, 8)}@exemple.fr`;
  const password = 'mot-de-passe-solide';
  const headers = apiHeaders(origin);
  const signUp = await page.request.post('/api/comptes/inscription', {
    headers,
    data: {
      nom: name,
      telephone: '06 12 34 56 78',
      email,
      adresse: '10 rue de la Paix, 75002 Paris',
      type: 'particulier',
      motDePasse: password,
      confirmation: password,
      resterConnecte: true,
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const id = withDb((db) => {
    db.prepare('UPDATE "user" SET emailVerified = 1 WHERE email = ?').run(email);
    return (db.prepare('SELECT id FROM "user" WHERE email = ?').get(email) as { id: string }).id;
  });
  const signIn = await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password, rememberMe: true } });
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()} ${await signIn.text()}`);
  return { id, name, email, password };
}

export type E2eQuote = { id: string; numeroDevis: number };

/**
 * A quote of `owner` (simulated, or already signed when a status and file are given), written as the app writes one: the counter row incremented
 * in the same transaction as the insert, plus the first history entry.
 */
export function insertQuote(
  owner: E2eCustomer,
  quote: { adresseDepart: string; adresseArrivee: string; typeVehicule: string; distanceKm: number; prix: number; dateSimulation: string },
  { statut = 'en attente', signedFileKey = null }: { statut?: string; signedFileKey?: string | null } = {},
): E2eQuote {
  return withDb((db) =>
    db.transaction(() => {
      const { value } = db.prepare(`UPDATE devis_counter SET value = value + 1 WHERE name = 'numeroDevis' RETURNING value`).get() as {
        value: number;
      };
      const id = randomUUID();
      const now = new Date().toISOString();
      db.prepare(
        `INSERT INTO devis (id, uid, email, numeroDevis, statut, archive, signedFileKey, dateSimulation, adresseDepart, adresseArrivee, typeVehicule, distanceKm, prixCentimes, createdAt, updatedAt)
         VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        owner.id,
        owner.email,
        value,
        statut,
        signedFileKey,
        quote.dateSimulation,
        quote.adresseDepart,
        quote.adresseArrivee,
        quote.typeVehicule,
        quote.distanceKm,
        Math.round(quote.prix * 100),
        now,
        now,
      );
      db.prepare(
        `INSERT INTO devis_historique (id, devisId, fromStatut, toStatut, byUserId, byRole, at) VALUES (?, ?, NULL, ?, ?, 'customer', ?)`,
      ).run(randomUUID(), id, statut, owner.id, now);
      return { id, numeroDevis: value };
    })(),
  );
}

/** A date `days` after today in France, YYYY-MM-DD (what an <input type="date"> takes). */
export function parisDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export const frDate = (isoDay: string) => isoDay.split('-').reverse().join('/');
