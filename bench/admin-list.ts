/**
 * Admin list with 10 000 quotes: seeds a fresh SQLite file, starts the real app on a port,
 * logs in as the administrator and measures GET /api/admin/devis over real HTTP requests
 * (first page, a search, a status filter). Prints a Markdown table; run with
 *   npx tsx bench/admin-list.ts [--quotes 10000] [--requests 300] [--port 4701]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { STATUTS } from '#domain/statuses.ts';
import { adminCookie, provisionAdmin } from './lib/admin.ts';
import { benchEnv, insertInBatches } from './lib/seed.ts';

const { values } = parseArgs({
  options: {
    quotes: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '300' },
    port: { type: 'string', default: '4701' },
  },
});
const QUOTES = Number(values.quotes);
const REQUESTS = Number(values.requests);
const PORT = Number(values.port);
const ADMIN = { email: 'admin@bench.test', password: 'bench-mot-de-passe' };

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-bench-admin-'));
const env = benchEnv(PORT, dataDir, ADMIN.email);
const config = loadConfig(env);
const app = await buildApp(config, { logger: false });

const firstNames = ['Hélène', 'Marc', 'Zoé', 'François', 'Amélie', 'Jérôme', 'Chloé', 'Noël', 'Inès', 'Loïc'];
const lastNames = ['Dupré', 'Martin', 'Lefèvre', 'Bernard', 'Gaël', 'Petit', 'Moreau', 'Rousseau', 'Fournier', 'Girard'];

async function seed() {
  const customers = Math.ceil(QUOTES / 5);
  const started = performance.now();
  await withWriteTransaction(app.database, async (trx) => {
    const rows = [];
    for (let i = 1; i <= QUOTES; i += 1) {
      const c = i % customers;
      const nom = `${firstNames[c % 10]} ${lastNames[Math.floor(c / 10) % 10]} ${c}`;
      const email = c % 97 === 0 ? null : `client${c}@exemple.fr`;
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      rows.push({
        id: randomUUID(),
        uid: null,
        email,
        numeroDevis: i,
        statut: STATUTS[i % STATUTS.length]!,
        archive: STATUTS[i % STATUTS.length] === 'archivé' ? 1 : 0,
        dateSimulation: at,
        adresseDepart: 'Lyon (69000)',
        adresseArrivee: 'Marseille (13000)',
        typeVehicule: 'Berline',
        distanceKm: 314,
        prixCentimes: 31_400,
        typeConvoyage: 'Livraison' as const,
        clientType: 'particulier' as const,
        clientDetails: JSON.stringify({
          nom,
          email: email ?? '',
          telephone: `06 ${String(c)
            .padStart(8, '0')
            .replace(/(\d{2})(?=\d)/g, '$1 ')}`,
        }),
        options: JSON.stringify({ documentation: true, lavage: '', sansCarburant: false, wGarage: false }),
        createdAt: at,
        updatedAt: at,
      });
    }
    await insertInBatches(trx, 'devis', rows);
    await trx.updateTable('devis_counter').set({ value: QUOTES }).where('name', '=', 'numeroDevis').execute();
  });
  return performance.now() - started;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(cookie: string, url: string) {
  for (let i = 0; i < 10; i += 1) await fetch(`${config.publicUrl}${url}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    const response = await fetch(`${config.publicUrl}${url}`, { headers: { cookie, 'accept-encoding': 'identity' } });
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1)!, bytes };
}

function cannon(cookie: string, url: string) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: `${config.publicUrl}${url}`, connections: 10, duration: 5, headers: { cookie } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

try {
  const seedMs = await seed();
  await provisionAdmin(ADMIN, env);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const cookie = await adminCookie(config.publicUrl, ADMIN, env);

  const searchStarted = performance.now();
  await fetch(`${config.publicUrl}/api/admin/devis?q=x`, { headers: { cookie } }).then((r) => r.arrayBuffer());
  const firstSearchMs = performance.now() - searchStarted;

  const scenarios = [
    ['first page (20 groups)', '/api/admin/devis'],
    ['search "helene" (accents folded)', '/api/admin/devis?q=helene'],
    ['search by phone "06 00 00 12"', `/api/admin/devis?q=${encodeURIComponent('06 00 00 12')}`],
    ['status filter "envoyé"', `/api/admin/devis?statut=${encodeURIComponent('envoyé')}`],
    ['page 50', '/api/admin/devis?page=50'],
    ['archives (all archived)', '/api/admin/devis-archives'],
  ] as const;
  const lines = [
    `Admin list, ${QUOTES} quotes in ${Math.ceil(QUOTES / 5)} client groups, SQLite file (WAL), ${REQUESTS} sequential HTTP requests per row after 10 warm-up requests, Node ${process.version}, ${os.cpus().length} CPU(s).`,
    '',
    `Seeding: ${seedMs.toFixed(0)} ms. First search after seeding (builds the search text of every quote): ${firstSearchMs.toFixed(0)} ms.`,
    '',
    '| Request | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | response (KiB) |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [name, url] of scenarios) {
    const r = await measure(cookie, url);
    lines.push(
      `| ${name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${(r.bytes / 1024).toFixed(0)} |`,
    );
  }
  const load = await cannon(cookie, '/api/admin/devis');
  lines.push(
    '',
    `Under load (autocannon, 10 connections, 5 s, first page): ${load.requests.average.toFixed(0)} req/s, latency p50 ${load.latency.p50} ms, p97.5 ${load.latency.p97_5} ms, p99 ${load.latency.p99} ms, ${load.non2xx} non-2xx.`,
  );
  console.log(lines.join('\n'));
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
