// Load and soak against the production server on SQLite (issue "Proof under pressure").
//   npm run bench:load             (about 1 min: throughput of the main routes)
//   SOAK_SECONDS=300 npm run bench:load   (adds the steady-rate soak with memory before/after)
// Prints markdown tables for BENCHMARKS.md. Ratios to a trivial route measured in the same
// run are what compares across these shared, noisy machines.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from '#server/db/sqlite-driver.ts';
import { adminCookie, provisionAdmin } from './lib/admin.ts';
import { startServer } from './lib/server.ts';

const QUOTES = Number(process.env.LOAD_QUOTES ?? 10_000);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 0);
const ADMIN = { email: 'admin@convoyage.test', password: 'admin-bench-mot-de-passe' };

const server = await startServer({ ADMIN_EMAIL: ADMIN.email });
const json = { 'content-type': 'application/json', origin: server.url };

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function signIn(email: string, password: string, ip: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { ...json, 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password, rememberMe: true }),
  });
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function customerCookie(): Promise<{ cookie: string; uid: string; email: string }> {
  const email = `charge-${randomUUID().slice(0, 8)}@exemple.fr`;
  const password = 'mot-de-passe-charge';
  const response = await fetch(`${server.url}/api/comptes/inscription`, {
    method: 'POST',
    headers: { ...json, 'x-forwarded-for': '198.51.100.7' },
    body: JSON.stringify({
      nom: 'Client Charge',
      telephone: '06 12 34 56 78',
      email,
      adresse: 'Lyon',
      type: 'particulier',
      motDePasse: password,
      confirmation: password,
      resterConnecte: true,
    }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const db = new Database(path.join(server.dataDir, 'convoyage.sqlite'));
  db.prepare('update "user" set "emailVerified" = 1 where email = ?').run(email);
  const uid = (db.prepare('select id from "user" where email = ?').get(email) as { id: string }).id;
  db.close();
  return { cookie: await signIn(email, password, '198.51.100.8'), uid, email };
}

/** QUOTES quotes over 500 customers (50 for the measured customer), in every status. */
function seed(customer: { uid: string; email: string }) {
  const db = new Database(path.join(server.dataDir, 'convoyage.sqlite'));
  const statuts = ['en attente', 'en attente de confirmation', 'confirmé', 'envoyé', 'en cours', 'terminé', 'archivé'];
  const insert =
    db.prepare(`insert into devis (id, uid, email, "numeroDevis", statut, archive, "dateSimulation", "adresseDepart", "adresseArrivee",
    "typeVehicule", "distanceKm", "prixCentimes", "clientDetails", "createdAt", "updatedAt") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    const start = (db.prepare("select value from devis_counter where name = 'numeroDevis'").get() as { value: number }).value;
    for (let i = 1; i <= QUOTES; i += 1) {
      const isMeasured = i <= 50;
      const uid = isMeasured ? customer.uid : `seed-${i % 500}`;
      const email = isMeasured ? customer.email : `client${i % 500}@exemple.fr`;
      const statut = statuts[i % statuts.length]!;
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      insert.run(
        randomUUID(),
        uid,
        email,
        start + i,
        statut,
        statut === 'archivé' ? 1 : 0,
        at,
        `${i} rue de Paris, 75001 Paris`,
        'Lyon',
        'Berline',
        465,
        41_850,
        JSON.stringify({ nom: `Client ${i % 500}`, email, telephone: `06 00 00 ${String(i % 500).padStart(3, '0')}` }),
        at,
        at,
      );
    }
    db.prepare("update devis_counter set value = ? where name = 'numeroDevis'").run(start + QUOTES);
  })();
  db.close();
}

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };
async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ duration: 10, connections: 20, ...options });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

try {
  const customer = await customerCookie();
  await provisionAdmin(ADMIN, { DATA_DIR: server.dataDir });
  const adminSession = await adminCookie(server.url, ADMIN, { DATA_DIR: server.dataDir }, '198.51.100.9');
  seed(customer);
  await autocannon({ url: `${server.url}/api/config`, duration: 2, connections: 10 }); // warm-up

  const rows = [
    await measure('GET /api/config (trivial route)', { url: `${server.url}/api/config` }),
    await measure('POST /api/devis/simulation (estimate, visitor)', {
      url: `${server.url}/api/devis/simulation`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ adresseDepart: 'Paris', adresseArrivee: 'Lyon', typeVehicule: 'Berline' }),
    }),
    await measure('GET /api/devis (customer list, 50 quotes)', { url: `${server.url}/api/devis`, headers: { cookie: customer.cookie } }),
    await measure(`GET /api/admin/devis (admin list, ${QUOTES} quotes)`, {
      url: `${server.url}/api/admin/devis`,
      headers: { cookie: adminSession },
    }),
  ];
  const trivial = rows[0]!.rps;
  console.log(
    `\n| Route (20 connections, 10 s) | req/s | p50 (ms) | p99 (ms) | ratio to trivial | errors |\n|---|---:|---:|---:|---:|---:|`,
  );
  for (const row of rows)
    console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} | ${(row.rps / trivial).toFixed(2)} | ${row.errors} |`);

  if (SOAK_SECONDS > 0) {
    const before = rssMb(server.pid);
    const soak = await autocannon({
      url: `${server.url}/api/devis/simulation`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ adresseDepart: 'Nantes', adresseArrivee: 'Rennes', typeVehicule: 'Citadine' }),
      connections: 10,
      overallRate: 200,
      duration: SOAK_SECONDS,
      requests: [
        { method: 'POST', path: '/api/devis/simulation' },
        { method: 'GET', path: '/api/devis', headers: { cookie: customer.cookie } },
        { method: 'GET', path: '/api/admin/devis', headers: { cookie: adminSession } },
      ],
    });
    const after = rssMb(server.pid);
    console.log(
      `\n| Soak (${SOAK_SECONDS} s at 200 req/s, mixed) | value |\n|---|---:|\n| requests | ${soak.requests.total} |\n| errors / non-2xx | ${soak.errors} / ${soak.non2xx} |\n| p50 / p99 (ms) | ${soak.latency.p50} / ${soak.latency.p99} |\n| server RSS before → after | ${before} MB → ${after} MB |`,
    );
  }
} finally {
  await server.stop();
}
