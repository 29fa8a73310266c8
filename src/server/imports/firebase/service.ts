import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Utilisateur } from '#domain/schemas/accounts.ts';
import { importTexts, type ImportCollection } from '#domain/texts/import.ts';
import { withAdvisoryLock, type DatabaseHandle } from '#server/db/index.ts';
import { signedFileKey } from '#server/quotes/service.ts';
import { AppError } from '#server/errors.ts';
import { cleanPdf, MAX_UPLOAD_BYTES } from '#server/documents/pdf-check.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { mapAuthUser, mapDevis, mapUtilisateur, type SourceAccount, type SourceProfile, type SourceQuote } from './mapping.ts';
import { planNumbers } from './numbering.ts';
import { encodeFirebaseHash, type FirebaseHashConfig } from '#server/accounts/password-hashing.ts';
import {
  attachQuotesToImportedAccounts,
  attachSignedFile,
  emptyJournal,
  importAccount,
  importProfile,
  importQuote,
  journalKey,
  readImportState,
  readQuoteCounter,
  reserveNumbers,
  type AccountToImport,
  type ImportState,
  type JournalRow,
} from './repository.ts';
import { emptyReport, ReportBuilder, type ImportReport } from './report.ts';
import type { AuthExportUser, FirestoreExport, SignedFile } from './sources.ts';

const { reasons, warnings: w } = importTexts;

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

/** Ids we keep as they are; any other (rare: Firestore allows nearly anything) gets a stable one derived from it. */
const USABLE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const importedId = (sourceId: string) =>
  USABLE_ID.test(sourceId) ? sourceId : `fb-${createHash('sha256').update(sourceId).digest('hex').slice(0, 40)}`;

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

type Owners = {
  toCreate: AccountToImport[];
  /** Firebase uid → our user id, for the accounts here after the import. */
  byUid: Map<string, string>;
  /** Imported accounts by e-mail, and existing verified ones. */
  byEmail: Map<string, string>;
  /** Firebase uids of accounts left aside because the address is the administrator's, or already taken here. */
  adminUids: Set<string>;
  takenUids: Set<string>;
  ownerOf: (quote: SourceQuote) => string | null;
};

function decideAccounts(
  report: ReportBuilder,
  state: ImportState,
  accounts: { id: string; mapped: ReturnType<typeof mapAuthUser> }[],
  adminEmail: string,
): Owners {
  const toCreate: AccountToImport[] = [];
  const byUid = new Map<string, string>();
  const byEmail = new Map<string, string>();
  const adminUids = new Set<string>();
  const takenUids = new Set<string>();
  const seenEmails = new Map<string, string>();
  const seenUids = new Set<string>();

  // A Firebase account already imported, or attached to an existing verified account, is
  // found back by its uid from the journal; one of those appears in no export any more.
  for (const row of state.journal.values()) if (row.collection === 'auth' && row.targetId) byUid.set(row.sourceId, row.targetId);

  for (const { id, mapped } of accounts) {
    if (!mapped.ok) {
      report.skipped('auth', id, mapped.reason);
      continue;
    }
    const account: SourceAccount = mapped.value;
    if (seenUids.has(account.sourceUid)) {
      report.skipped('auth', id, reasons.invalidId(account.sourceUid));
      continue;
    }
    seenUids.add(account.sourceUid);
    if (account.email === adminEmail) {
      adminUids.add(account.sourceUid);
      report.skipped('auth', id, reasons.adminAccount);
      continue;
    }
    const other = seenEmails.get(account.email);
    if (other) {
      report.skipped('auth', id, reasons.duplicateEmail(other));
      continue;
    }
    seenEmails.set(account.email, account.sourceUid);
    const targetId = importedId(account.sourceUid);
    const existing = state.usersByEmail.get(account.email);
    if (state.journal.has(journalKey('auth', account.sourceUid)) || existing?.id === targetId) {
      byUid.set(account.sourceUid, existing?.id ?? targetId);
      byEmail.set(account.email, existing?.id ?? targetId);
      report.alreadyImported('auth');
      continue;
    }
    if (existing) {
      takenUids.add(account.sourceUid);
      // Only a verified account is known to belong to the person: its quotes follow it.
      if (existing.emailVerified) {
        byUid.set(account.sourceUid, existing.id);
        byEmail.set(account.email, existing.id);
      }
      report.skipped('auth', id, reasons.emailTaken);
      continue;
    }
    report.warn('auth', id, mapped.warnings);
    if (targetId !== account.sourceUid) report.warn('auth', id, w.newId(targetId));
    const createdAt = account.createdAt ?? new Date();
    toCreate.push({
      id: targetId,
      sourceUid: account.sourceUid,
      email: account.email,
      name: account.name || account.email,
      emailVerified: account.emailVerified,
      passwordHash: account.passwordHash,
      createdAt,
      hasProfileDoc: false,
      profile: {
        uid: targetId,
        nom: account.name,
        telephone: account.phoneNumber,
        email: account.email,
        type: 'particulier',
        adresse: '',
        dateInscription: createdAt.toISOString(),
      },
    });
    byUid.set(account.sourceUid, targetId);
    byEmail.set(account.email, targetId);
    report.imported('auth');
  }
  for (const [email, user] of state.usersByEmail)
    if (user.emailVerified && !byEmail.has(email) && email !== adminEmail) byEmail.set(email, user.id);

  return {
    toCreate,
    byUid,
    byEmail,
    adminUids,
    takenUids,
    ownerOf(quote) {
      if (quote.sourceUid && byUid.has(quote.sourceUid)) return byUid.get(quote.sourceUid)!;
      if (quote.email && byEmail.has(quote.email)) return byEmail.get(quote.email)!;
      return null;
    },
  };
}

/**
 * The profiles: written with their account when it is created now; replacing the one made
 * from the account when the account came in an earlier run without them.
 */
function decideProfiles(
  report: ReportBuilder,
  state: ImportState,
  profiles: { id: string; mapped: ReturnType<typeof mapUtilisateur> }[],
  owners: Owners,
  adminEmail: string,
): { sourceUid: string; profile: Utilisateur }[] {
  const creating = new Map(owners.toCreate.map((account) => [account.sourceUid, account]));
  const updates: { sourceUid: string; profile: Utilisateur }[] = [];
  for (const { id, mapped } of profiles) {
    if (!mapped.ok) {
      report.skipped('utilisateurs', id, mapped.reason);
      continue;
    }
    const profile: SourceProfile = mapped.value;
    report.unknownFields('utilisateurs', mapped.unknownFields);
    const account = creating.get(id);
    if (account) {
      account.hasProfileDoc = true;
      account.profile = mergeProfile(account.profile, profile);
      if (profile.nom) account.name = profile.nom;
      report.warn('utilisateurs', id, mapped.warnings);
      report.imported('utilisateurs');
      continue;
    }
    if (state.journal.get(journalKey('utilisateurs', id))?.importedAt) {
      report.alreadyImported('utilisateurs');
      continue;
    }
    const earlier = state.journal.get(journalKey('auth', id));
    if (earlier?.targetId) {
      const base: Utilisateur = {
        uid: earlier.targetId,
        nom: '',
        telephone: '',
        email: profile.email,
        type: 'particulier',
        adresse: '',
        dateInscription: '',
      };
      updates.push({ sourceUid: id, profile: mergeProfile(base, profile) });
      report.warn('utilisateurs', id, mapped.warnings);
      report.imported('utilisateurs');
      continue;
    }
    if (owners.adminUids.has(id) || profile.email === adminEmail) report.skipped('utilisateurs', id, reasons.adminProfile);
    else if (owners.takenUids.has(id)) report.skipped('utilisateurs', id, reasons.profileOfExistingAccount);
    else report.skipped('utilisateurs', id, reasons.profileWithoutAccount);
  }
  for (const account of owners.toCreate) if (!account.hasProfileDoc) report.warn('auth', account.sourceUid, w.profileFromAccount);
  return updates;
}

/** The original profile over the one made from the account; the account's e-mail (its login) stays. */
function mergeProfile(base: Utilisateur, profile: SourceProfile): Utilisateur {
  return {
    uid: base.uid,
    nom: profile.nom || base.nom,
    telephone: profile.telephone || base.telephone,
    email: base.email || profile.email,
    type: profile.type,
    adresse: profile.adresse || base.adresse,
    dateInscription: profile.dateInscription || base.dateInscription,
  };
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

/** A signed PDF through the upload's checks (size, content, active content stripped), or null with the reason reported. */
async function checkedPdf(report: ReportBuilder, file: SignedFile): Promise<Buffer | null> {
  const content = await readFile(file.file);
  if (content.length > MAX_UPLOAD_BYTES) {
    report.skipped('devis-signes', file.name, reasons.fileTooLarge);
    return null;
  }
  try {
    return await cleanPdf(content);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    report.skipped('devis-signes', file.name, reasons.fileRefused(error.message));
    return null;
  }
}

async function importRemainingFiles(
  deps: ImportDeps,
  report: ReportBuilder,
  state: ImportState,
  run: {
    files: SignedFile[];
    consumed: Set<SignedFile>;
    quotes: { id: string; mapped: ReturnType<typeof mapDevis> }[];
    write: boolean;
    importedAt: string;
    progress: NonNullable<ImportOptions['onProgress']>;
  },
): Promise<void> {
  const unmappedQuotes = new Set(run.quotes.filter(({ mapped }) => !mapped.ok).map(({ id }) => id));
  const remaining = run.files.filter((file) => !run.consumed.has(file));
  let done = 0;
  for (const file of remaining) {
    run.progress('devis-signes', (done += 1), remaining.length);
    if (!file.id) {
      report.skipped('devis-signes', file.name, reasons.fileNotPdfName);
      continue;
    }
    if (state.journal.get(journalKey('devis-signes', file.id))?.importedAt) {
      report.alreadyImported('devis-signes');
      continue;
    }
    if (unmappedQuotes.has(file.id)) {
      report.skipped('devis-signes', file.name, reasons.fileQuoteNotImported);
      continue;
    }
    const devisId = state.journal.get(journalKey('devis', file.id))?.targetId ?? importedId(file.id);
    const quote = state.quotes.get(devisId);
    if (!quote || !state.journal.has(journalKey('devis', file.id))) {
      report.skipped('devis-signes', file.name, reasons.fileWithoutQuote(file.id));
      continue;
    }
    if (quote.hasSignedFile) {
      report.skipped('devis-signes', file.name, reasons.fileAlreadySigned);
      continue;
    }
    const signed = await checkedPdf(report, file);
    if (!signed) continue;
    if (run.write) {
      await deps.fileStore.put(signedFileKey(devisId), signed, 'application/pdf');
      if (
        !(await attachSignedFile(deps.database!, { sourceId: file.id, devisId, key: signedFileKey(devisId), importedAt: run.importedAt }))
      ) {
        report.skipped('devis-signes', file.name, reasons.fileAlreadySigned);
        continue;
      }
    }
    report.imported('devis-signes');
  }
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
