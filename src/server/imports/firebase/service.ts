import { importTexts, type ImportCollection } from '#domain/texts/import.ts';
import { withAdvisoryLock, type DatabaseHandle } from '#server/db/index.ts';
import { signedFileKey } from '#server/quotes/service.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { encodeFirebaseHash, type FirebaseHashConfig } from '#server/accounts/password-hashing.ts';
import { decideAccounts, decideProfiles, type Owners } from './accounts.ts';
import { importedId, mapAuthUser, mapDevis, mapUtilisateur, type SourceQuote } from './mapping.ts';
import { planNumbers } from './numbering.ts';
import {
  attachQuotesToImportedAccounts,
  emptyJournal,
  importAccount,
  importProfile,
  importQuote,
  journalKey,
  readImportState,
  readQuoteCounter,
  reserveNumbers,
  type ImportState,
  type JournalRow,
} from './repository.ts';
import { emptyReport, ReportBuilder, type ImportReport } from './report.ts';
import { checkedPdf, importRemainingFiles } from './signed-files.ts';
import type { AuthExportUser, FirestoreExport, SignedFile } from './sources.ts';

const { warnings: w } = importTexts;

export type ImportSources = {
  firestore: FirestoreExport | null;
  auth: AuthExportUser[] | null;
  hashConfig: FirebaseHashConfig | null;
  files: SignedFile[] | null;
  paths: ImportReport['sources'];
};

export type ImportDeps = {
  /** Null only for a dry run on a database that does not exist yet (nothing to read). */
  database: DatabaseHandle | null;
  fileStore: FileStore;
  adminEmail: string;
};

export type ImportOptions = {
  dryRun: boolean;
  onProgress?: (collection: ImportCollection, done: number, total: number) => void;
};

const EMPTY_STATE: ImportState = {
  journal: new Map(),
  takenNumbers: new Set(),
  counter: 0,
  usersByEmail: new Map(),
  userIds: new Set(),
  profileIds: new Set(),
  quotes: new Map(),
};

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/**
 * Imports what the sources hold, or with `dryRun` only decides it: both produce the same
 * report. Decisions first (what each document becomes, which numbers the quotes get), then,
 * unless it is a dry run, one transaction per account, per quote and per signed PDF, in a
 * fixed order, each recorded in the journal: a run stopped anywhere leaves only whole
 * records, and the same command run again completes it.
 */
export async function runImport(deps: ImportDeps, sources: ImportSources, options: ImportOptions): Promise<ImportReport> {
  const report = new ReportBuilder(emptyReport(options.dryRun, sources.paths));
  const progress = options.onProgress ?? (() => undefined);
  const write = !options.dryRun && deps.database !== null;
  const adminEmail = deps.adminEmail.trim().toLowerCase();

  // 1. Map every document (pure).
  const encode = sources.hashConfig
    ? (hash: { passwordHash: string; salt: string }) => encodeFirebaseHash(hash, sources.hashConfig!)
    : null;
  const accounts = (sources.auth ?? [])
    .map((user, index) => ({ user, id: typeof user.localId === 'string' ? user.localId : `#${index + 1}` }))
    .sort(byKey((item) => item.id))
    .map(({ user, id }) => ({ id, mapped: mapAuthUser(user as Record<string, unknown>, encode) }));
  const profiles = [...(sources.firestore?.utilisateurs ?? new Map<string, unknown>())]
    .sort(byKey(([id]) => id))
    .map(([id, doc]) => ({ id, mapped: mapUtilisateur(id, doc) }));
  const quotes = [...(sources.firestore?.devis ?? new Map<string, unknown>())].map(([id, doc]) => ({ id, mapped: mapDevis(id, doc) }));
  const files = sources.files ?? [];
  report.read('auth', accounts.length);
  report.read('utilisateurs', profiles.length);
  report.read('devis', quotes.length);
  report.read('devis-signes', files.length);
  for (const [name, count] of sources.firestore?.others ?? []) report.warn('firestore', null, w.otherCollection(name, count));

  // 2. What the database holds already.
  const emails = new Set<string>();
  for (const { mapped } of accounts) if (mapped.ok) emails.add(mapped.value.email);
  for (const { mapped } of quotes) if (mapped.ok && mapped.value.email) emails.add(mapped.value.email);
  const state = deps.database
    ? await readImportState(deps.database.db, {
        emails: [...emails],
        userIds: accounts.flatMap(({ mapped }) => (mapped.ok ? [importedId(mapped.value.sourceUid)] : [])),
        quoteSourceIds: [...quotes.map(({ id }) => id), ...files.flatMap((file) => (file.id ? [file.id] : []))],
        importedId,
      })
    : EMPTY_STATE;
  report.report.counter = { before: state.counter, after: state.counter };

  // 3. Accounts and profiles.
  const owners = decideAccounts(report, state, accounts, adminEmail);
  const profileUpdates = decideProfiles(report, state, profiles, owners, adminEmail);
  const importedAt = new Date().toISOString();
  if (write) {
    let done = 0;
    for (const account of owners.toCreate) {
      const created = await importAccount(deps.database!, account, importedAt);
      if (!created) {
        report.report.collections.auth.imported -= 1;
        report.alreadyImported('auth');
      }
      progress('auth', (done += 1), owners.toCreate.length);
    }
    for (const { sourceUid, profile } of profileUpdates) await importProfile(deps.database!, sourceUid, profile, importedAt);
  }

  // 4. Quotes, numbered, each with its signed PDF when the folder has it.
  const filesById = new Map(files.flatMap((file) => (file.id ? [[file.id, file] as const] : [])));
  const consumed = new Set<SignedFile>();
  const toImport = await decideQuotes(deps, report, state, quotes, owners, { write, adminEmail });
  let done = 0;
  for (const { quote, numero } of toImport) {
    const file = filesById.get(quote.sourceId);
    if (file) consumed.add(file);
    const signed = file ? await checkedPdf(report, file) : null;
    if (!file && quote.hasSignedUrl) report.warn('devis', quote.sourceId, w.signedUrlWithoutFile);
    if (signed && !quote.hasSignedUrl) report.warn('devis', quote.sourceId, w.signedFileWithoutUrl);
    const id = state.journal.get(journalKey('devis', quote.sourceId))?.targetId ?? importedId(quote.sourceId);
    if (write) {
      if (signed) await deps.fileStore.put(signedFileKey(id), signed, 'application/pdf');
      const created = await importQuote(deps.database!, {
        sourceId: quote.sourceId,
        quote: quoteRow(quote, id, numero, owners.ownerOf(quote), signed ? signedFileKey(id) : null, importedAt),
        signedFile: signed !== null,
        importedAt,
      });
      if (!created) {
        report.report.collections.devis.imported -= 1;
        report.alreadyImported('devis');
        continue;
      }
    }
    if (signed) report.imported('devis-signes');
    progress('devis', (done += 1), toImport.length);
  }

  // 5. The other signed PDFs: for quotes imported by an earlier run, or for none.
  await importRemainingFiles(deps, report, state, { files, consumed, quotes, write, importedAt, progress });
  if (write) await attachQuotesToImportedAccounts(deps.database!);
  if (write) {
    report.report.counter.after = (await readQuoteCounter(deps.database!.db)) ?? report.report.counter.after;
  }
  return report.report;
}

/**
 * The quotes to import, in numbering order, each with its number: reserved now for those
 * seen for the first time (in the database unless it is a dry run), or as an interrupted run
 * reserved it. Those already imported or that cannot be mapped are counted here.
 */
async function decideQuotes(
  deps: ImportDeps,
  report: ReportBuilder,
  state: ImportState,
  quotes: { id: string; mapped: ReturnType<typeof mapDevis> }[],
  owners: Owners,
  { write, adminEmail }: { write: boolean; adminEmail: string },
): Promise<{ quote: SourceQuote; numero: number }[]> {
  const pending: SourceQuote[] = [];
  for (const { id, mapped } of [...quotes].sort(byKey((item) => item.id))) {
    if (!mapped.ok) {
      report.skipped('devis', id, mapped.reason);
      continue;
    }
    report.unknownFields('devis', mapped.unknownFields);
    const journal = state.journal.get(journalKey('devis', id));
    if (journal?.importedAt || (!journal && state.quotes.has(importedId(id)))) {
      report.alreadyImported('devis');
      continue;
    }
    report.warn('devis', id, mapped.warnings);
    if (importedId(id) !== id && !journal) report.warn('devis', id, w.newId(importedId(id)));
    if (!owners.ownerOf(mapped.value) && mapped.value.email && mapped.value.email !== adminEmail)
      report.warn('devis', id, w.accountPending);
    report.imported('devis');
    pending.push(mapped.value);
  }

  const fresh = pending.filter((quote) => !state.journal.has(journalKey('devis', quote.sourceId)));
  const plan = (taken: Set<number>, counter: number) => {
    const planned = planNumbers(fresh, taken, counter);
    const rows: JournalRow[] = fresh.map((quote) => ({
      ...emptyJournal('devis', quote.sourceId),
      targetId: importedId(quote.sourceId),
      sourceUid: quote.sourceUid,
      numeroDevis: planned.numbers.get(quote.sourceId)!,
      numeroOriginal: quote.numeroOriginal,
    }));
    return { rows, counter: planned.counter };
  };
  const reserved = write && fresh.length > 0 ? await reserveNumbers(deps.database!, plan) : plan(state.takenNumbers, state.counter);
  if (!write) report.report.counter.after = Math.max(state.counter, reserved.counter);

  const numbers = new Map<string, number>();
  for (const row of [...state.journal.values(), ...reserved.rows]) {
    if (row.collection === 'devis' && row.numeroDevis !== null) numbers.set(row.sourceId, row.numeroDevis);
  }
  const ordered = pending.map((quote) => ({ quote, numero: numbers.get(quote.sourceId)! })).sort((a, b) => a.numero - b.numero);
  for (const { quote, numero } of ordered) {
    if (quote.numeroOriginal !== numero)
      report.report.renumbered.push({ id: quote.sourceId, numeroOriginal: quote.numeroOriginal, numeroDevis: numero });
  }
  return ordered;
}

/** The row of an imported quote. Its dates are the original's: an import is not activity. */
function quoteRow(quote: SourceQuote, id: string, numero: number, uid: string | null, signedKey: string | null, importedAt: string) {
  const createdAt = quote.createdAt ?? importedAt;
  return {
    id,
    uid,
    email: quote.email,
    numeroDevis: numero,
    numeroDevisOriginal: quote.numeroOriginal,
    statut: quote.statut,
    archive: quote.archive ? 1 : 0,
    dateSimulation: quote.dateSimulation || createdAt,
    adresseDepart: quote.adresseDepart,
    adresseArrivee: quote.adresseArrivee,
    typeVehicule: quote.typeVehicule,
    distanceKm: quote.distanceKm,
    prixCentimes: quote.prixCentimes,
    typeConvoyage: quote.typeConvoyage,
    clientType: quote.clientType,
    clientDetails: quote.clientDetails,
    contactDepart: quote.contactDepart,
    contactArrivee: quote.contactArrivee,
    priseInfo: quote.priseInfo,
    livraisonInfo: quote.livraisonInfo,
    options: quote.options,
    infosVehicule: quote.infosVehicule,
    commentaire: quote.commentaire,
    clauses: quote.clauses,
    signedFileKey: signedKey,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Holds PostgreSQL's advisory lock of the import for `fn`: two imports never run at once on one database. */
export const withImportLock = <T>(handle: DatabaseHandle, fn: () => Promise<T>) => withAdvisoryLock(handle, IMPORT_LOCK_KEY, fn);

const IMPORT_LOCK_KEY = 7_461_317;
