/**
 * The Firebase import (issue 17) at the size of a real business: writes a made-up export
 * (N quotes, one in ten with a number repeated as the original app's « count + 1 » did, a
 * customer per five quotes, PDFs for one quote in fifty), then runs `npm run import:firebase`
 * in a child process against a fresh DATA_DIR (or DATABASE_URL when set), first with --dry-run,
 * then for real, then again (nothing to do). Prints a Markdown table; run with
 *   npx tsx bench/firebase-import.ts [--quotes 10000]
 * Account hashes are made-up base64: the import stores them, it does not check them (the check
 * is at sign-in, one scrypt per customer, measured by the tests' timings, not here).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const { values } = parseArgs({ options: { quotes: { type: 'string', default: '10000' } } });
const QUOTES = Number(values.quotes);
const CUSTOMERS = Math.ceil(QUOTES / 5);
const PDFS = Math.ceil(QUOTES / 50);

const dir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-bench-firebase-'));
const dataDir = path.join(dir, 'data');
const filesDir = path.join(dir, 'devis-signes');
mkdirSync(filesDir, { recursive: true });

const uid = (c: number) => `uid${String(c).padStart(25, '0')}`;
const statuts = ['', 'en attente', 'Confirmé', 'envoyé', 'en cours', 'terminé', 'archivé', 'en attente de confirmation'];
const devis: Record<string, unknown> = {};
for (let i = 1; i <= QUOTES; i += 1) {
  const c = i % CUSTOMERS;
  devis[`devis${String(i).padStart(15, '0')}`] = {
    uid: uid(c),
    email: `client${c}@exemple.fr`,
    numeroDevis: i % 10 === 0 ? i - 1 : i,
    statut: statuts[i % statuts.length],
    ...(i % 3 === 0 ? { archive: i % 2 === 0 } : {}),
    dateSimulation: { _seconds: 1_704_067_200 + i * 3600, _nanoseconds: 0 },
    adresseDepart: 'Lyon (69000)',
    adresseArrivee: 'Paris (75000)',
    typeVehicule: 'Berline',
    distanceKm: 465,
    prix: i % 2 === 0 ? 540 + (i % 100) : `${540 + (i % 100)},50`,
    [i % 2 === 0 ? 'client' : 'clientDetails']: { nom: `Client ${c}`, email: `client${c}@exemple.fr`, telephone: '06 12 34 56 78' },
    options: { documentation: true, lavage: 'Extérieur', sansCarburant: false, wGarage: 'false' },
    ...(i % 50 === 0 ? { devisSigneURL: `https://firebasestorage.googleapis.com/devis-signes%2Fdevis${i}.pdf` } : {}),
  };
}
const utilisateurs: Record<string, unknown> = {};
const users = [];
for (let c = 0; c < CUSTOMERS; c += 1) {
  utilisateurs[uid(c)] = {
    uid: uid(c),
    nom: `Client ${c}`,
    email: `client${c}@exemple.fr`,
    telephone: '06 12 34 56 78',
    type: 'particulier',
  };
  users.push({
    localId: uid(c),
    email: `client${c}@exemple.fr`,
    emailVerified: true,
    passwordHash: randomBytes(64).toString('base64'),
    salt: randomBytes(12).toString('base64'),
    createdAt: '1700000000000',
  });
}
writeFileSync(path.join(dir, 'firestore.json'), JSON.stringify({ devis, utilisateurs }));
writeFileSync(path.join(dir, 'users.json'), JSON.stringify({ users }));
writeFileSync(
  path.join(dir, 'hash-config.json'),
  JSON.stringify({ base64_signer_key: randomBytes(64).toString('base64'), base64_salt_separator: 'Bw==', rounds: 8, mem_cost: 14 }),
);
const pdf = await PDFDocument.create();
pdf.addPage().drawText('Devis signé', { x: 50, y: 700, font: await pdf.embedFont(StandardFonts.Helvetica) });
const pdfBytes = await pdf.save();
for (let i = 50; i <= QUOTES; i += 50) writeFileSync(path.join(filesDir, `devis${String(i).padStart(15, '0')}.pdf`), pdfBytes);

const at = (name: string) => path.join(dir, name);
const args = [
  '--firestore',
  at('firestore.json'),
  '--auth',
  at('users.json'),
  '--hash-config',
  at('hash-config.json'),
  '--files',
  filesDir,
];
const env = { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@bench.test', LOG_LEVEL: 'silent' };
const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'src/server/imports/firebase/cli.ts');

function run(extra: string[]): { seconds: number; summary: string } {
  const started = performance.now();
  const out = execFileSync(process.execPath, ['--import', 'tsx', cli, ...args, ...extra], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const seconds = (performance.now() - started) / 1000;
  const lines = out.split('\n');
  const renumbered = lines.filter((line) => / : n° \d+ → n° \d+$/.test(line)).length;
  const summary = [...lines.filter((line) => line.startsWith('Devis :') || line.startsWith('Comptes')), `${renumbered} renumérotés`].join(
    ' ; ',
  );
  return { seconds, summary };
}

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const rows = [
  ['--dry-run', run(['--dry-run'])],
  ['import', run([])],
  ['second run (nothing to do)', run([])],
] as const;
console.log(`Firebase import, ${QUOTES} quotes, ${CUSTOMERS} accounts and profiles, ${PDFS} signed PDFs, ${engine}\n`);
console.log('| run | seconds | quotes per second | report |');
console.log('| --- | ---: | ---: | --- |');
for (const [name, { seconds, summary }] of rows)
  console.log(`| ${name} | ${seconds.toFixed(1)} | ${Math.round(QUOTES / seconds)} | ${summary} |`);
rmSync(dir, { recursive: true, force: true });
