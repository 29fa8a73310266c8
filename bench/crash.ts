// Crash test (run in CI): the app on SQLite takes concurrent writes and is killed with
// SIGKILL at random moments, 20 times. After each restart every write it acknowledged must
// be there, the numbers must stay unique and gap-free, and the database must pass
// PRAGMA integrity_check. Prints a summary line and exits non-zero on any loss.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '#server/db/sqlite-driver.ts';
import { startServer } from './lib/server.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
const WRITERS = 8;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-crash-'));
const dbFile = path.join(dataDir, 'convoyage.sqlite');
const acknowledged = new Map<string, number>();
let attempted = 0;

async function signUpCustomer(url: string): Promise<string> {
  const email = 'crash@exemple.fr';
  const password = 'mot-de-passe-crash';
  const headers = { 'content-type': 'application/json', origin: url };
  const signUp = await fetch(`${url}/api/comptes/inscription`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      nom: 'Crash',
      telephone: '06 12 34 56 78',
      email,
      adresse: '1 place Bellecour, 69002 Lyon',
      type: 'particulier',
      motDePasse: password,
      confirmation: password,
      resterConnecte: true,
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const db = new Database(dbFile);
  db.prepare('update "user" set "emailVerified" = 1 where email = ?').run(email);
  db.close();
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function writer(url: string, cookie: string, signal: AbortSignal) {
  while (!signal.aborted) {
    attempted += 1;
    try {
      const response = await fetch(`${url}/api/devis/simulation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: url },
        body: JSON.stringify({ adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Berline' }),
        signal,
      });
      if (response.ok) {
        const { devis } = (await response.json()) as { devis: { id: string; numeroDevis: number } };
        acknowledged.set(devis.id, devis.numeroDevis);
      }
    } catch {
      // The server died mid-request: that write was never acknowledged.
      return;
    }
  }
}

function check(round: number) {
  const db = new Database(dbFile, { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`round ${round}: integrity_check = ${integrity}`);
    const rows = db.prepare('select id, "numeroDevis" as n from devis order by "numeroDevis"').all() as { id: string; n: number }[];
    const present = new Map(rows.map((row) => [row.id, row.n]));
    const lost = [...acknowledged].filter(([id, n]) => present.get(id) !== n);
    if (lost.length > 0) throw new Error(`round ${round}: ${lost.length} acknowledged writes lost`);
    rows.forEach((row, index) => {
      if (row.n !== index + 1) throw new Error(`round ${round}: numbers not gap-free at ${index + 1} (found ${row.n})`);
    });
    const counter = (db.prepare("select value from devis_counter where name = 'numeroDevis'").get() as { value: number }).value;
    if (counter !== rows.length) throw new Error(`round ${round}: counter ${counter} but ${rows.length} quotes`);
    return rows.length;
  } finally {
    db.close();
  }
}

let cookie = '';
let rows = 0;
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    const server = await startServer({ DATA_DIR: dataDir });
    if (!cookie) {
      // A failed sign-up leaves no server behind.
      cookie = await signUpCustomer(server.url).catch(async (error: unknown) => {
        await server.kill();
        throw error;
      });
    }
    const controller = new AbortController();
    const writers = Array.from({ length: WRITERS }, () => writer(server.url, cookie, controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 1300));
    await server.kill();
    controller.abort();
    await Promise.all(writers);
    rows = check(round);
  }
  console.log(
    `| Crash rounds (SIGKILL) | ${ROUNDS} |\n| Writes attempted | ${attempted} |\n| Writes acknowledged | ${acknowledged.size} |\n| Quotes in the database | ${rows} |\n| Acknowledged writes lost | 0 |\n| integrity_check | ok after every round |`,
  );
  console.log(`crash test: ${ROUNDS} crashes survived, ${acknowledged.size} acknowledged writes, 0 lost`);
} catch (error) {
  console.error(`crash test FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
