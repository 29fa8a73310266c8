/**
 * « À faire » with 10 000 quotes and 5 000 invoices (issue 34): seeds a fresh database of each
 * engine (a SQLite file, then a throwaway PostgreSQL cluster when its binaries are installed),
 * starts the real app, signs the administrator in and measures GET /api/admin/a-faire at the
 * server (app.inject: guard, session, every provider's query, zod serialisation; no network).
 * Prints a Markdown table; run with
 *   npx tsx bench/a-faire.ts [--quotes 10000] [--invoices 5000] [--requests 300] [--port 4791] [--providers]
 * --providers also times each provider of « À faire » alone (p50 of 40 calls), to see where the time goes.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import { STATUTS } from '#domain/statuses.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { findPgBin, startPostgres } from '../scripts/lib/postgres.mjs';
import { aFaireProviders } from '#server/admin-home/service.ts';
import { revenueOfYear } from '#server/invoices/service.ts';
import { adminCookie, provisionAdmin } from './lib/admin.ts';
import { benchEnv, insertInBatches } from './lib/seed.ts';

const { values } = parseArgs({
  options: {
    quotes: { type: 'string', default: '10000' },
    invoices: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '300' },
    port: { type: 'string', default: '4791' },
    providers: { type: 'boolean', default: false },
  },
});
const QUOTES = Number(values.quotes);
const INVOICES = Number(values.invoices);
const REQUESTS = Number(values.requests);
const PORT = Number(values.port);
const ADMIN = { email: 'admin@bench.test', password: 'bench-mot-de-passe' };
const today = parisToday();

async function seed(app: Awaited<ReturnType<typeof buildApp>>) {
  const started = performance.now();
  await withWriteTransaction(app.database, async (trx) => {
    const quotes = [];
    for (let i = 1; i <= QUOTES; i += 1) {
      const statut = STATUTS[i % STATUTS.length]!;
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
      // Missions en cours spread over 60 days around today: a few fall today and tomorrow.
      const day = addDays(today, (i % 60) - 30);
      quotes.push({
        id: randomUUID(),
        uid: null,
        email: `client${i % 2000}@exemple.fr`,
        numeroDevis: i,
        statut,
        archive: statut === 'archivé' ? 1 : 0,
        dateSimulation: at,
        adresseDepart: '10 rue de Rivoli, 75001 Paris',
        adresseArrivee: '5 place Bellecour, 69002 Lyon',
        typeVehicule: 'Berline',
        distanceKm: 465,
        prixCentimes: 41_850,
        typeConvoyage: 'Livraison' as const,
        clientType: 'particulier' as const,
        clientDetails: JSON.stringify({ nom: `Client ${i}`, email: `client${i % 2000}@exemple.fr`, telephone: '06 12 34 56 78' }),
        contactDepart: JSON.stringify({ nom: 'Élodie Martin', email: '', telephone: '06 11 22 33 44' }),
        priseInfo: i % 50 === 0 ? null : JSON.stringify({ datePriseEnCharge: day, debut: '08:00', fin: '10:30' }),
        livraisonInfo: JSON.stringify({ dateLivraisonSouhaitee: addDays(day, 1), debut: '14:00', fin: '18:00' }),
        createdAt: at,
        updatedAt: at,
      });
    }
    await insertInBatches(trx, 'devis', quotes);
    await trx.updateTable('devis_counter').set({ value: QUOTES }).where('name', '=', 'numeroDevis').execute();

    // Issued invoices due over the last year and the next month; three in four paid, some in part.
    const invoices = [];
    const payments = [];
    for (let i = 1; i <= INVOICES; i += 1) {
      const quote = quotes[i % quotes.length]!;
      const issued = addDays(today, -(i % 400));
      const id = randomUUID();
      invoices.push({
        id,
        type: 'facture' as const,
        statut: 'émise' as const,
        numero: `F-B-${String(i).padStart(5, '0')}`,
        devisId: quote.id,
        numeroDevis: quote.numeroDevis,
        uid: null,
        factureOrigineId: null,
        motif: null,
        datePrestation: issued,
        dateEmission: issued,
        dateEcheance: addDays(issued, 30),
        emiseLe: `${issued}T10:00:00.000Z`,
        clientNom: `Client ${i}`,
        clientAdresse: '3 place Bellecour, 69002 Lyon',
        clientEmail: null,
        clientType: 'particulier',
        clientSiret: null,
        vendeurNom: 'Convoyage Pro',
        vendeurEnseigne: null,
        vendeurAdresse: '1 rue de la Paix, 75002 Paris',
        vendeurSiret: '12345678900012',
        vendeurTva: null,
        iban: null,
        bic: null,
        delaiPaiementJours: 30,
        tauxPenalites: '10',
        totalCentimes: 45_050,
        // A PDF on record: the start-up sweep of issued invoices without one leaves them alone.
        pdfKey: `factures/bench-${i}.pdf`,
        pdfSha256: '0'.repeat(64),
        derniereRelance: null,
        nature: null,
        acomptesCentimes: 0,
        acomptesDeduits: null,
        createdAt: `${issued}T10:00:00.000Z`,
        updatedAt: `${issued}T10:00:00.000Z`,
      });
      if (i % 4 !== 0) {
        const montant = i % 8 === 1 ? 20_000 : 45_050;
        payments.push({
          id: randomUUID(),
          factureId: id,
          date: addDays(issued, 10),
          montantCentimes: montant,
          moyen: 'virement' as const,
          byUserId: null,
          reference: null,
          cle: null,
          createdAt: `${issued}T11:00:00.000Z`,
        });
      }
    }
    await insertInBatches(trx, 'factures', invoices, 200);
    await insertInBatches(trx, 'facture_paiements', payments);
  });
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The p50 of 40 calls of `work`, after 5 unmeasured ones. */
async function median(work: () => Promise<unknown>) {
  for (let i = 0; i < 5; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/** Each provider of « À faire » alone, and the year's revenue: where the request's time goes. */
async function timeProviders(engine: string, deps: Parameters<(typeof aFaireProviders)[number]>[0]) {
  const now = new Date();
  const at = { now, today: parisToday(now) };
  const parts = [
    ...aFaireProviders.map((provider) => [provider.name, () => provider(deps, at)] as const),
    ['revenueOfYear', () => revenueOfYear(deps, Number(at.today.slice(0, 4)))] as const,
  ];
  for (const [name, work] of parts) console.log(`${engine} ${name}: p50 ${(await median(work)).toFixed(2)} ms`);
}

async function run(engine: 'sqlite' | 'postgres', databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-bench-a-faire-'));
  const env = { ...benchEnv(PORT, dataDir, ADMIN.email), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const config = loadConfig(env);
  const app = await buildApp(config, { logger: false });
  try {
    const seedMs = await seed(app);
    await provisionAdmin(ADMIN, env);
    await app.listen({ port: PORT, host: '127.0.0.1' });
    const cookie = await adminCookie(config.publicUrl, ADMIN, env);
    const ask = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/admin/a-faire', headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`a-faire: ${response.statusCode} ${response.body}`);
      return response;
    };
    for (let i = 0; i < 20; i += 1) await ask();
    if (values.providers) await timeProviders(engine, { database: app.database, config });
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      body = (await ask()).body;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const answer = JSON.parse(body) as { elements: { type: string; nombre: number }[] };
    return {
      engine,
      seedMs,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      max: times.at(-1)!,
      kinds: answer.elements.map((item) => `${item.type} ${item.nombre}`).join(', '),
      bytes: body.length,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pg = findPgBin() ? await startPostgres() : null;
try {
  const results = [await run('sqlite'), ...(pg ? [await run('postgres', pg.url)] : [])];
  const lines = [
    `« À faire », ${QUOTES} quotes (the 7 statuses in turn) and ${INVOICES} issued invoices (three in four paid), ${REQUESTS} sequential requests through app.inject after 20 warm-up requests, Node ${process.version}, ${os.cpus().length} CPU(s).`,
    '',
    '| Engine | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | answer (KiB) | seeding (ms) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${(r.bytes / 1024).toFixed(1)} | ${r.seedMs.toFixed(0)} |`,
    ),
    '',
    ...results.map((r) => `Items on ${r.engine}: ${r.kinds}.`),
  ];
  console.log(lines.join('\n'));
} finally {
  pg?.stop();
}
