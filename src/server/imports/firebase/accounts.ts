import type { Utilisateur } from '#domain/schemas/accounts.ts';
import { importTexts } from '#domain/texts/import.ts';
import { importedId, type mapAuthUser, type mapUtilisateur, type SourceAccount, type SourceProfile, type SourceQuote } from './mapping.ts';
import { journalKey, type AccountToImport, type ImportState } from './repository.ts';
import type { ReportBuilder } from './report.ts';

/**
 * What the import does with the Firebase accounts and their `utilisateurs` profiles: which
 * accounts are created, which are found back (journal, verified account of the same e-mail),
 * which are left aside, and who owns each quote afterwards. Pure decisions: the service writes.
 */

const { reasons, warnings: w } = importTexts;

export type Owners = {
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

export function decideAccounts(
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
export function decideProfiles(
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
