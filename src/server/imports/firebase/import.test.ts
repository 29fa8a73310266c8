import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTexts } from '#domain/texts/import.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { findActiveContent } from '#server/documents/pdf-check.ts';
import { simulateQuote } from '#server/quotes/test-factories.ts';
import {
  addressOf,
  buildTestApp,
  createAdmin,
  ENGINES,
  PUBLIC_URL,
  resetPasswordByMail,
  signIn,
  type TestApp,
} from '#server/test/helpers.ts';
import { main, parseImportArgs, readSources } from './cli.ts';
import { isFirebaseHash } from '#server/accounts/password-hashing.ts';
import type { ImportReport } from './report.ts';
import { runImport } from './service.ts';
import { ADMIN, PASSWORDS, writeProject, type WrittenProject } from './test-fixtures.ts';

const { reasons, warnings } = importTexts;

/** Runs `npm run import:firebase -- …` in this process, against the test app's database and files. */
export async function runCommand(t: TestApp, args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, t.env, {
    out: { write: (chunk: string) => ((out += chunk), true) },
    err: { write: (chunk: string) => ((err += chunk), true), isTTY: false },
  } as never);
  return { code, out, err };
}

/** The JSON report the last run wrote beside the data. */
function writtenReport(dir: string): ImportReport {
  const files = readdirSync(dir)
    .filter((name) => name.startsWith('rapport-import-firebase-'))
    .sort();
  return JSON.parse(readFileSync(path.join(dir, files.at(-1)!), 'utf8')) as ImportReport;
}

const origin = { origin: PUBLIC_URL };
const LEA = 'uidLea0000000000000000000001';

describe.each(ENGINES)('importing the original Firebase app on %s', (engine) => {
  let t: TestApp;
  let project: WrittenProject;
  let first: Awaited<ReturnType<typeof runCommand>>;
  let admin: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_EMAIL: ADMIN } });
    admin = (await createAdmin(t)).headers;
    project = await writeProject(mkdtempSync(path.join(os.tmpdir(), 'firebase-export-')));
    first = await runCommand(t, project.args);
  });
  afterAll(async () => {
    await t.close();
    rmSync(project.dir, { recursive: true, force: true });
  });

  it('accounts for every document in the report, printed in French and written as JSON beside the data', () => {
    expect(first.code).toBe(0);
    const report = writtenReport(project.dir);
    expect(report.dryRun).toBe(false);
    expect(report.collections).toEqual({
      auth: { read: 6, imported: 3, alreadyImported: 0, skipped: 3 },
      utilisateurs: { read: 3, imported: 1, alreadyImported: 0, skipped: 2 },
      devis: { read: 8, imported: 7, alreadyImported: 0, skipped: 1 },
      'devis-signes': { read: 6, imported: 2, alreadyImported: 0, skipped: 4 },
    });
    expect(report.unmapped).toEqual(
      expect.arrayContaining([
        { collection: 'auth', id: 'uidAdmin00000000000000000004', reason: reasons.adminAccount },
        { collection: 'auth', id: 'uidOff00000000000000000000005', reason: reasons.disabled },
        { collection: 'auth', id: 'uidPhone000000000000000000006', reason: reasons.noEmail },
        { collection: 'utilisateurs', id: 'uidAdmin00000000000000000004', reason: reasons.adminProfile },
        { collection: 'utilisateurs', id: 'uidGone0000000000000000000007', reason: reasons.profileWithoutAccount },
        { collection: 'devis', id: 'devisBroken1ggggggggggg', reason: reasons.missingField('adresseDepart') },
        { collection: 'devis-signes', id: 'devisInconnu0000000000.pdf', reason: reasons.fileWithoutQuote('devisInconnu0000000000') },
        { collection: 'devis-signes', id: 'devisBroken1ggggggggggg.pdf', reason: reasons.fileQuoteNotImported },
        { collection: 'devis-signes', id: 'devisPaul1fffffffffffff.pdf', reason: reasons.fileRefused(adminTexts.uploadNotPdf) },
        { collection: 'devis-signes', id: 'LISEZMOI.txt', reason: reasons.fileNotPdfName },
      ]),
    );
    expect(report.unmapped).toHaveLength(10);
    expect(report.renumbered).toEqual([{ id: 'devisLea4ddddddddddddd', numeroOriginal: 3, numeroDevis: 8 }]);
    expect(report.warnings).toEqual(
      expect.arrayContaining([
        { collection: 'auth', id: 'uidZoe0000000000000000000003', message: warnings.noPassword },
        { collection: 'auth', id: 'uidMarc000000000000000000002', message: warnings.profileFromAccount },
        { collection: 'devis', id: 'devisZoe1hhhhhhhhhhhhh', message: warnings.signedUrlWithoutFile },
        { collection: 'devis', id: 'devisPaul1fffffffffffff', message: warnings.accountPending },
      ]),
    );
    expect(report.unknownFields).toEqual({ devis: { codePromo: 1 } });
    expect(report.counter).toEqual({ before: 0, after: 8 });

    expect(first.out).toContain(importTexts.reportLine('Devis', report.collections.devis));
    expect(first.out).toContain(importTexts.reportRenumbered('devisLea4ddddddddddddd', 3, 8));
    expect(first.out).toContain(`devis devisBroken1ggggggggggg : ${reasons.missingField('adresseDepart')}`);
    expect(first.out).toContain(importTexts.done(false));
    expect(first.err).toContain(importTexts.progress('Devis', 7, 7));
  });

  it('lets a customer sign in with his old password through the real sign-in route; his Firebase hash is then replaced by ours', async () => {
    const before = await t.app.database.db.selectFrom('account').select('password').where('userId', '=', LEA).executeTakeFirstOrThrow();
    expect(isFirebaseHash(before.password)).toBe(true);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: origin,
      payload: { email: 'lea@exemple.fr', password: 'pas-le-bon' },
    });
    expect(wrong.statusCode).toBe(401);

    const session = await signIn(t, 'lea@exemple.fr', PASSWORDS.lea);
    const me = await t.app.inject({ url: '/api/me', headers: session });
    expect(me.json().user).toMatchObject({ id: LEA, email: 'lea@exemple.fr', role: 'customer', emailVerified: true });

    const after = await t.app.database.db.selectFrom('account').select('password').where('userId', '=', LEA).executeTakeFirstOrThrow();
    expect(isFirebaseHash(after.password)).toBe(false);
    expect(after.password).not.toContain(PASSWORDS.lea);
    // The same password still opens the account, now against our hash.
    await signIn(t, 'lea@exemple.fr', PASSWORDS.lea);
    // An address typed in capitals is the same account (Firebase lower-cases them as we do).
    await signIn(t, 'Marc.Roux@Transports-Roux.fr'.toLowerCase(), PASSWORDS.marc);
  });

  it('shows the customer his quotes with their statuses, his archives, and his signed PDF stripped of its script', async () => {
    const session = await signIn(t, 'lea@exemple.fr', PASSWORDS.lea);
    const active = (await t.app.inject({ url: '/api/devis', headers: session })).json().devis as Record<string, unknown>[];
    expect(active.map((devis) => [devis.numeroDevis, devis.statut])).toEqual([
      [3, 'en cours'],
      [2, 'confirmé'],
      [1, 'en attente'],
    ]);
    const [signed, confirmed, waiting] = active;
    expect(waiting).toMatchObject({ archive: false, prix: 140, dateSimulation: '2024-03-02T09:15:00.000Z', devisSigneURL: null });
    expect(confirmed).toMatchObject({
      prix: 1234.5,
      distanceKm: 465,
      dateSimulation: '2024-04-10T14:00:00.000Z',
      clientDetails: { nom: 'Léa Fontaine', email: 'lea@exemple.fr', telephone: '06 12 34 56 78' },
      clauses: { km: true, longDistance: false },
      typeConvoyage: 'Livraison',
      options: { documentation: true, lavage: 'exterieur', sansCarburant: false, wGarage: true },
      infosVehicule: { immatriculation: 'AB-123-CD', marque: 'Peugeot', modele: '308', motorisation: 'electrique' },
      datePriseEnCharge: { start: '2024-05-02T08:30', end: '2024-05-02T10:00' },
      commentaire: 'Clés à l’accueil.\nMerci !',
    });
    expect(signed!.devisSigneURL).toBe('/api/devis/devisLea3ccccccccccccc/devis-signe');

    const archives = (await t.app.inject({ url: '/api/devis/archives', headers: session })).json().devis as Record<string, unknown>[];
    expect(archives.map((devis) => [devis.id, devis.numeroDevis, devis.statut, devis.archive])).toEqual([
      ['devisLea4ddddddddddddd', 8, 'archivé', true],
    ]);

    const pdf = await t.app.inject({ url: signed!.devisSigneURL as string, headers: session });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(findActiveContent(document)).toBeNull();

    // Another customer's quote stays out of reach.
    const marc = await signIn(t, 'marc.roux@transports-roux.fr', PASSWORDS.marc);
    expect((await t.app.inject({ url: signed!.devisSigneURL as string, headers: marc })).statusCode).toBe(404);
  });

  it('shows the administrator the quotes grouped by client e-mail, with the original number of each', async () => {
    const list = (await t.app.inject({ url: '/api/admin/devis', headers: admin })).json();
    const groups = Object.fromEntries(
      (list.groups as { email: string; devis: { id: string; numeroDevisOriginal: number | null }[] }[]).map((g) => [g.email, g.devis]),
    );
    expect(Object.keys(groups).sort()).toEqual(['lea@exemple.fr', 'marc.roux@transports-roux.fr', 'paul@exemple.fr', 'zoe@exemple.fr']);
    expect(groups['lea@exemple.fr']!.map((devis) => devis.id).sort()).toEqual([
      'devisLea1aaaaaaaaaaaaa',
      'devisLea2bbbbbbbbbbbbb',
      'devisLea3ccccccccccccc',
      'devisLea4ddddddddddddd',
    ]);
    const renumbered = (await t.app.inject({ url: '/api/admin/devis/devisLea4ddddddddddddd', headers: admin })).json();
    expect(renumbered).toMatchObject({ numeroDevis: 8, numeroDevisOriginal: 3, statut: 'archivé' });
    expect(renumbered.historique).toEqual([expect.objectContaining({ event: 'importé', toStatut: 'archivé' })]);
    const company = (await t.app.inject({ url: '/api/admin/devis/devisMarc1eeeeeeeeeeee', headers: admin })).json();
    expect(company).toMatchObject({
      numeroDevis: 4,
      numeroDevisOriginal: 4,
      statut: 'terminé',
      clientType: 'entreprise',
      clientDetails: { siret: '12345678900012' },
      // The detail view's range, in France's time (UTC+1 in February).
      priseInfo: { datePriseEnCharge: '2024-02-10', debut: '08:00', fin: '10:00' },
      devisSigneURL: '/api/devis/devisMarc1eeeeeeeeeeee/devis-signe',
    });
    const pdf = await t.app.inject({ url: company.devisSigneURL, headers: admin });
    expect(pdf.statusCode).toBe(200);
  });

  it('keeps numbers unique, and the counter continues after the highest: the next simulation takes 9', async () => {
    const numbers = (await t.app.database.db.selectFrom('devis').select('numeroDevis').execute())
      .map((row) => row.numeroDevis)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 7, 8]);
    const session = await signIn(t, 'lea@exemple.fr', PASSWORDS.lea);
    const route = { adresseDepart: '10 rue de Rivoli, 75001 Paris', adresseArrivee: '69002 Lyon', typeVehicule: 'Citadine' };
    const simulated = await simulateQuote(t, route, session);
    expect(simulated.statusCode).toBe(200);
    expect(simulated.json().devis.numeroDevis).toBe(9);
  });

  it('keeps the administrator out of the customers, and the customers without account unattached until they come', async () => {
    const adminUsers = await t.app.database.db.selectFrom('user').select('id').where('email', '=', ADMIN).execute();
    expect(adminUsers.map((user) => user.id)).not.toContain('uidAdmin00000000000000000004');
    expect(await t.app.database.db.selectFrom('utilisateurs').select('uid').where('email', '=', ADMIN).execute()).toEqual([]);

    const orphan = await t.app.database.db
      .selectFrom('devis')
      .select(['uid', 'email'])
      .where('id', '=', 'devisPaul1fffffffffffff')
      .executeTakeFirstOrThrow();
    expect(orphan).toEqual({ uid: null, email: 'paul@exemple.fr' });

    // Paul signs up in the new app, confirms his address and signs in: his quote is his.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/comptes/inscription',
      headers: origin,
      payload: {
        nom: 'Paul Girard',
        telephone: '06 99 88 77 66',
        email: 'paul@exemple.fr',
        adresse: '1 cours de l’Intendance, 33000 Bordeaux',
        type: 'particulier',
        motDePasse: 'nouveau-mot-de-passe',
        confirmation: 'nouveau-mot-de-passe',
        resterConnecte: true,
      },
    });
    expect(signUp.statusCode).toBe(201);
    const mail = (await t.outbox()).filter((message) => addressOf(message) === 'paul@exemple.fr').at(-1);
    const link = new URL(mail!.text!.match(/https?:\/\/\S+/)![0]);
    await t.app.inject({ url: `${link.pathname}${link.search}` });
    const session = await signIn(t, 'paul@exemple.fr', 'nouveau-mot-de-passe');
    const quotes = (await t.app.inject({ url: '/api/devis', headers: session })).json().devis as { id: string; statut: string }[];
    expect(quotes.map((devis) => [devis.id, devis.statut])).toEqual([['devisPaul1fffffffffffff', 'en attente de confirmation']]);
  });

  it('changes nothing when run a second time: everything is reported as imported already', async () => {
    const before = await snapshot(t);
    const second = await runCommand(t, project.args);
    expect(second.code).toBe(0);
    expect(await snapshot(t)).toEqual(before);
    const report = writtenReport(project.dir);
    expect(report.collections).toEqual({
      auth: { read: 6, imported: 0, alreadyImported: 3, skipped: 3 },
      utilisateurs: { read: 3, imported: 0, alreadyImported: 1, skipped: 2 },
      devis: { read: 8, imported: 0, alreadyImported: 7, skipped: 1 },
      'devis-signes': { read: 6, imported: 0, alreadyImported: 2, skipped: 4 },
    });
    expect(report.renumbered).toEqual([]);
  });

  it('lets a customer who had no Firebase password (Google sign-in) choose one with « Mot de passe oublié »', async () => {
    expect((await resetPasswordByMail(t, 'zoe@exemple.fr', 'mot-de-passe-de-zoé')).statusCode).toBe(200);
    const session = await signIn(t, 'zoe@exemple.fr', 'mot-de-passe-de-zoé');
    const quotes = (await t.app.inject({ url: '/api/devis', headers: session })).json().devis as { id: string; statut: string }[];
    expect(quotes.map((devis) => [devis.id, devis.statut])).toEqual([['devisZoe1hhhhhhhhhhhhh', 'envoyé']]);
  });
});

/**
 * The rows an import writes, without what only says when it ran (import time, history ids
 * and times, the accounts' last change), to compare two databases that imported the same.
 */
async function importedRows(t: TestApp) {
  const { devis, historique, journal, users, accounts, profiles, counter } = await snapshot(t);
  const without = <T extends object>(rows: T[], keys: string[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key))));
  return {
    devis,
    historique: without(historique, ['id', 'at']),
    journal: without(journal, ['importedAt']),
    users: without(users, ['updatedAt']),
    accounts: without(accounts, ['updatedAt']),
    profiles,
    counter,
  };
}

describe.each(ENGINES)('running the import safely on %s', (engine) => {
  let project: WrittenProject;
  const apps: TestApp[] = [];
  const app = async () => {
    const t = await buildTestApp(engine, { env: { ADMIN_EMAIL: ADMIN } });
    apps.push(t);
    return t;
  };
  beforeAll(async () => {
    project = await writeProject(mkdtempSync(path.join(os.tmpdir(), 'firebase-export-')));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    rmSync(project.dir, { recursive: true, force: true });
  });

  it('imports the __collections__ form of the export, timestamps as {__datatype__: "timestamp"}, exactly as the plain form', async () => {
    const collections = await writeProject(mkdtempSync(path.join(os.tmpdir(), 'firebase-export-')), { form: 'collections' });
    try {
      const [plain, other] = [await app(), await app()];
      // The same accounts' file for both, so that the hashes (random salts) are the same.
      expect((await runCommand(plain, project.args)).code).toBe(0);
      const args = [
        '--firestore',
        collections.firestore,
        '--auth',
        project.auth,
        '--hash-config',
        project.hashConfig,
        '--files',
        project.files,
      ];
      expect((await runCommand(other, args)).code).toBe(0);
      const rows = await importedRows(other);
      expect(rows).toEqual(await importedRows(plain));
      expect(rows.devis.find((row) => row.id === 'devisLea2bbbbbbbbbbbbb')).toMatchObject({ dateSimulation: '2024-04-10T14:00:00.000Z' });
    } finally {
      rmSync(collections.dir, { recursive: true, force: true });
    }
  });

  it('with --dry-run reads everything and prints the same report, but writes nothing: no row, no file, no report file', async () => {
    const t = await app();
    const empty = await snapshot(t);
    const reports = () => readdirSync(project.dir).filter((name) => name.startsWith('rapport-import-firebase-'));
    const reportsBefore = reports();
    const dry = await runCommand(t, [...project.args, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(await snapshot(t)).toEqual(empty);
    const pdfs = () => readdirSync(t.dataDir, { recursive: true }).filter((name) => String(name).endsWith('.pdf'));
    expect(pdfs()).toEqual([]);
    expect(reports()).toEqual(reportsBefore);
    expect(dry.out).toContain(importTexts.reportTitle(true));
    expect(dry.out).toContain(importTexts.done(true));

    const real = await runCommand(t, project.args);
    expect(real.code).toBe(0);
    expect(pdfs()).toHaveLength(2);
    // The same report, line for line, but for its title and last line.
    const body = (out: string) =>
      out
        .split('\n')
        .filter(
          (line) => line.trim() !== '' && !line.startsWith('Rapport') && !line.startsWith('Essai') && !line.startsWith('Import terminé'),
        );
    expect(body(dry.out)).toEqual(body(real.out));
  });

  it('completes a run stopped half-way when run again: the same database as an uninterrupted run, no half quote meanwhile', async () => {
    const reference = await app();
    expect((await runCommand(reference, project.args)).code).toBe(0);

    const t = await app();
    const sources = await readSources(parseImportArgs(project.args));
    const deps = { database: t.app.database, fileStore: t.app.fileStore, adminEmail: ADMIN };
    const stop = new Error('arrêt brutal');
    const stopped = runImport(deps, sources, {
      dryRun: false,
      onProgress: (collection, done) => {
        if (collection === 'devis' && done === 3) throw stop;
      },
    });
    await expect(stopped).rejects.toBe(stop);
    // Three whole quotes, each with its history entry; the others not begun.
    const halfway = await snapshot(t);
    expect(halfway.devis).toHaveLength(3);
    expect(halfway.historique.map((row) => row.devisId).sort()).toEqual(halfway.devis.map((row) => row.id).sort());
    expect(halfway.journal.filter((row) => row.collection === 'devis' && row.importedAt !== null)).toHaveLength(3);

    const resumed = await runCommand(t, project.args);
    expect(resumed.code).toBe(0);
    expect(writtenReport(project.dir).collections.devis).toEqual({ read: 8, imported: 4, alreadyImported: 3, skipped: 1 });
    expect(await importedRows(t)).toEqual(await importedRows(reference));
    for (const id of ['devisLea3ccccccccccccc', 'devisMarc1eeeeeeeeeeee']) {
      expect(await t.app.fileStore.get(`devis-signes/${id}.pdf`)).toEqual(await reference.app.fileStore.get(`devis-signes/${id}.pdf`));
    }
  });

  it('completes an import whose process was killed (SIGKILL) half-way, when run again', async () => {
    const reference = await app();
    expect((await runCommand(reference, project.args)).code).toBe(0);

    const t = await app();
    // `npm run import:firebase` as its own process, killed as soon as it says it has written its first quote.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cli.ts'), ...project.args], {
      env: { ...process.env, ...t.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      if (err.includes(importTexts.progress(importTexts.stage.devis, 1, 7))) child.kill('SIGKILL');
    });
    expect(await exited).toBe('SIGKILL');
    // Whatever it had done is whole: every quote with its history entry and its journal row.
    const halfway = await snapshot(t);
    // The line is printed once the first quote is written; the kill lands before the last.
    expect(halfway.devis.length).toBeGreaterThanOrEqual(1);
    expect(halfway.devis.length).toBeLessThan(7);
    expect(halfway.historique.map((row) => row.devisId).sort()).toEqual(halfway.devis.map((row) => row.id).sort());
    expect(
      halfway.journal
        .filter((row) => row.collection === 'devis' && row.importedAt !== null)
        .map((row) => row.targetId)
        .sort(),
    ).toEqual(halfway.devis.map((row) => row.id).sort());

    expect((await runCommand(t, project.args)).code).toBe(0);
    expect(await importedRows(t)).toEqual(await importedRows(reference));
  });

  it('refuses bad input in French before writing anything, with the usage', async () => {
    const t = await app();
    const before = await snapshot(t);
    const none = await runCommand(t, []);
    expect(none.code).toBe(2);
    expect(none.err).toContain(importTexts.noSource);
    expect(none.err).toContain(importTexts.usage);
    const noConfig = await runCommand(t, ['--auth', project.auth]);
    expect(noConfig.err).toContain(importTexts.authWithoutHashConfig);
    const notJson = await runCommand(t, ['--firestore', project.hashConfig.replace('hash-config.json', 'devis-signes/LISEZMOI.txt')]);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain('n’est pas un fichier JSON valide');
    const wrongShape = await runCommand(t, ['--firestore', project.auth]);
    expect(wrongShape.err).toContain(importTexts.firestoreShape(project.auth));
    const missing = await runCommand(t, ['--files', path.join(project.dir, 'absent')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(importTexts.filesDirMissing(path.join(project.dir, 'absent')));
    expect(await snapshot(t)).toEqual(before);
  });
});

/** Every row the import writes or the app changed since, in a stable order. */
export async function snapshot(t: TestApp) {
  const db = t.app.database.db;
  return {
    devis: await db.selectFrom('devis').selectAll().orderBy('id').execute(),
    historique: await db.selectFrom('devis_historique').selectAll().orderBy('id').execute(),
    journal: await db.selectFrom('firebase_import').selectAll().orderBy('collection').orderBy('sourceId').execute(),
    users: await db.selectFrom('user').selectAll().orderBy('id').execute(),
    accounts: await db.selectFrom('account').selectAll().orderBy('id').execute(),
    profiles: await db.selectFrom('utilisateurs').selectAll().orderBy('uid').execute(),
    counter: await db.selectFrom('devis_counter').selectAll().execute(),
  };
}
