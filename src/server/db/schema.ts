import type { Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';
import type { PurchaseStatut } from '#domain/einvoicing.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import type { CARD_REFUND_STATUTS, PAYMENT_SESSION_STATUTS, PROVIDER_EVENT_RESULTS } from '#domain/schemas/payments.ts';
import type { Role, Statut } from '#domain/statuses.ts';

/** Tables of the application; better-auth's own tables (user, session, …) are typed by it. */
export type Database = {
  devis: DevisTable;
  devis_counter: DevisCounterTable;
  devis_historique: DevisHistoriqueTable;
  devis_search: DevisSearchTable;
  utilisateurs: UtilisateursTable;
  user: AuthUserTable;
  account: AuthAccountTable;
  auth_throttle: AuthThrottleTable;
  outbox: OutboxTable;
  signatures: SignaturesTable;
  notification_preferences: NotificationPreferencesTable;
  firebase_import: FirebaseImportTable;
  inspections: InspectionsTable;
  inspection_photos: InspectionPhotosTable;
  planning_feed: PlanningFeedTable;
  factures: FacturesTable;
  facture_lignes: FactureLignesTable;
  facture_paiements: FacturePaiementsTable;
  facture_compteurs: FactureCompteursTable;
  session: AuthSessionTable;
  audit_log: AuditLogTable;
  audit_log_purge: AuditLogPurgeTable;
  totp_last_step: TotpLastStepTable;
  pa_flux: PaFluxTable;
  pa_statuts: PaStatutsTable;
  pa_achats: PaAchatsTable;
  pa_annuaire: PaAnnuaireTable;
  pa_sync: PaSyncTable;
  paiement_sessions: PaiementSessionsTable;
  paiement_evenements: PaiementEvenementsTable;
  remboursements_carte: RemboursementsCarteTable;
  releves: RelevesTable;
  releve_operations: ReleveOperationsTable;
  banque_correspondances: BanqueCorrespondancesTable;
  relances: RelancesTable;
  relance_arrets: RelanceArretsTable;
  cgv_versions: CgvVersionsTable;
  retractations: RetractationsTable;
  depenses: DepensesTable;
  tracking_links: TrackingLinksTable;
  tracking_positions: TrackingPositionsTable;
};

/** Every distinct text of the terms of sale ever in force (legal/); only ever added to. */
export type CgvVersionsTable = { version: number; sha256: string; date: string; texte: string };

/** A consumer's withdrawal from a signed quote (legal/), kept even if the quote is deleted later. */
export type RetractationsTable = { devisId: string; numeroDevis: number; userId: string; nom: string; at: string; ipAddress: string };

/**
 * Invoices and credit notes (invoices/). A draft (`brouillon`) has no number and no seller
 * columns yet; issuing (`émise`) sets them once and for all (triggers refuse later changes).
 */
export type FacturesTable = {
  id: string;
  type: 'facture' | 'avoir';
  statut: 'brouillon' | 'émise';
  numero: string | null;
  devisId: string;
  numeroDevis: number;
  /** The customer's account (who may fetch it). */
  uid: string | null;
  /** A credit note's invoice. */
  factureOrigineId: string | null;
  /** Why a credit note was issued. */
  motif: string | null;
  /** Calendar days (YYYY-MM-DD, France). */
  datePrestation: string;
  dateEmission: string | null;
  dateEcheance: string | null;
  /** The moment it was issued (ISO, UTC). */
  emiseLe: string | null;
  clientNom: string;
  clientAdresse: string;
  clientEmail: string | null;
  clientType: string;
  clientSiret: string | null;
  vendeurNom: string | null;
  vendeurEnseigne: string | null;
  vendeurAdresse: string | null;
  vendeurSiret: string | null;
  vendeurTva: string | null;
  iban: string | null;
  bic: string | null;
  delaiPaiementJours: number | null;
  tauxPenalites: string | null;
  totalCentimes: number;
  pdfKey: string | null;
  pdfSha256: string | null;
  derniereRelance: string | null;
  /** `acompte`: a deposit invoice (Factur-X type 386); null: an ordinary invoice or a credit note. */
  nature: 'acompte' | null;
  /** A final invoice: what the deposit invoices of its quote take off what is left to pay. */
  acomptesCentimes: number;
  /** JSON of those deposit invoices: [{ id, numero, dateEmission, montantCentimes }]. */
  acomptesDeduits: string | null;
  createdAt: string;
  updatedAt: string;
};

export type FactureLignesTable = {
  id: string;
  factureId: string;
  position: number;
  description: string;
  quantiteCentiemes: number;
  prixUnitaireCentimes: number;
  montantCentimes: number;
};

/** A payment received (positive) or money given back (negative), on an issued invoice. */
export type FacturePaiementsTable = {
  id: string;
  factureId: string;
  /** YYYY-MM-DD: the day the money came in, the one the revenue declaration counts. */
  date: string;
  montantCentimes: number;
  moyen: 'virement' | 'chèque' | 'espèces' | 'carte';
  byUserId: string | null;
  /** The provider's or the bank's reference (a PaymentIntent, a statement line). */
  reference: string | null;
  /** Idempotency key of a payment recorded on someone else's word (`stripe:cs_…`, `releve:…`): unique. */
  cle: string | null;
  createdAt: string;
};

/** One row per sequence (`F-2026`, `A-2026`): incremented in the transaction that issues. */
export type FactureCompteursTable = { name: string; value: number };

/** The nested objects of a quote (spec section 3), each in a JSON column named as there. */
export type DevisJson = { [K in JsonColumn]: NonNullable<Devis[K]> };
export type JsonColumn =
  'clientDetails' | 'contactDepart' | 'contactArrivee' | 'priseInfo' | 'livraisonInfo' | 'options' | 'infosVehicule' | 'clauses';

/**
 * A JSON column (jsonb on PostgreSQL, text on SQLite): read as the checked object (one parse,
 * db/json-columns.ts), written as JSON text by the repository.
 */
type Json<K extends JsonColumn> = JSONColumnType<DevisJson[K] | null, string | null, string | null>;

export type DevisTable = {
  id: string;
  uid: string | null;
  email: string | null;
  numeroDevis: number;
  statut: Statut;
  archive: number;
  dateSimulation: string;
  adresseDepart: string;
  adresseArrivee: string;
  typeVehicule: string;
  distanceKm: number;
  /** Money is integer cents; the API shows `prix` in euros. */
  prixCentimes: number;
  typeConvoyage: Devis['typeConvoyage'];
  clientType: Devis['clientType'];
  clientDetails: Json<'clientDetails'>;
  contactDepart: Json<'contactDepart'>;
  contactArrivee: Json<'contactArrivee'>;
  priseInfo: Json<'priseInfo'>;
  livraisonInfo: Json<'livraisonInfo'>;
  options: Json<'options'>;
  infosVehicule: Json<'infosVehicule'>;
  commentaire: string | null;
  clauses: Json<'clauses'>;
  signedFileKey: string | null;
  /** The quote PDF its e-mail for signature carries (file store key) and that file's SHA-256. */
  sentPdfKey: string | null;
  sentPdfSha256: string | null;
  createdAt: string;
  updatedAt: string;
  /** 1 at creation, one more at every write: what compare-and-set compares. */
  version: Generated<number>;
  /** The number the original Firebase app gave an imported quote (imports/firebase/); null otherwise. */
  numeroDevisOriginal: number | null;
  /** The deposit asked at signature, whole per cent of the final price, set at confirmation (payments/); null or 0: none. */
  acomptePourcent: number | null;
  /** The last day ("YYYY-MM-DD", in France) the quote sent may be signed (legal/); null before it is sent. */
  valableJusquAu: Generated<string | null>;
};

export type DevisCounterTable = { name: string; value: number };

export type DevisHistoriqueTable = {
  id: string;
  devisId: string;
  fromStatut: Statut | null;
  toStatut: Statut;
  byUserId: string | null;
  byRole: Role;
  at: string;
  /** An event that is not a status (« signé en ligne »…); its row keeps the status as it was. */
  event: string | null;
  /** Who the event names (the signer's name as typed), when it names someone. */
  byName: string | null;
};

/** Folded search text of a quote (admin list), refreshed when the quote's version changes. */
export type DevisSearchTable = { devisId: string; texte: string; sourceVersion: number };

/** The evidence of one online signature (signatures/); kept even if the quote is deleted later. */
export type SignaturesTable = {
  id: string;
  devisId: string;
  numeroDevis: number;
  userId: string;
  signerName: string;
  signerEmail: string;
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  consentText: string;
  /** The PDF sent for signature (file store key) and its SHA-256, as recorded when it was sent. */
  originalPdfKey: string;
  originalSha256: string;
  /** The sealed, signed PDF and its SHA-256. */
  signedPdfKey: string;
  signedSha256: string;
  /** SHA-256 of the DER of the certificate that sealed it. */
  sealCertificateSha256: string;
  /** The terms of sale accepted with it (legal/); null on signatures made before they existed. */
  cgvVersion: number | null;
  cgvSha256: string | null;
  /** The consumer's answer to the early-start question (L221-25): 1 asked, 0 declined, null not asked. */
  earlyStartRequested: number | null;
};

/** A completed inspection (missions/): its fields as JSON (read through the domain schema) and its report. */
export type InspectionsTable = {
  id: string;
  devisId: string;
  numeroDevis: number;
  etape: string;
  soumissionId: string;
  fields: string;
  completedAt: string;
  completedBy: string;
  pvKey: string;
  pvSha256: string;
};

/** A photo of an inspection, under the id the browser gave it; `completed` once its inspection is. */
export type InspectionPhotosTable = {
  id: string;
  devisId: string;
  etape: string;
  emplacement: string;
  dommageId: string | null;
  takenAt: string | null;
  storageKey: string;
  thumbKey: string;
  /** SHA-256 of the stored (re-encoded) JPEG, and of the bytes the browser sent. */
  sha256: string;
  sourceSha256: string;
  bytes: number;
  width: number;
  height: number;
  uploadedAt: string;
  completed: number;
};

/** An expense of a mission or a general one (expenses/), under the id the page made for it. */
export type DepensesTable = {
  id: string;
  devisId: string | null;
  categorie: string;
  montantCentimes: number;
  tvaCentimes: number;
  date: string;
  moyenPaiement: string;
  note: string;
  justificatifKey: string | null;
  justificatifType: string | null;
  /** SHA-256 of the stored receipt, and of the bytes the page sent (the same receipt sent again is stored once). */
  justificatifSha256: string | null;
  justificatifSourceSha256: string | null;
  /** The invoice it was re-billed on. */
  factureId: string | null;
  /** What another capability made it from (`releve:…`, `facture-fournisseur:…`), unique. */
  origine: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The calendar feed's token, as its SHA-256 only (one row, id 'planning'). */
export type PlanningFeedTable = { id: string; tokenSha256: string; createdAt: string };

/** The receiver's link of a mission picked up (tracking/): only its token's SHA-256. Times are ISO text (UTC). */
export type TrackingLinksTable = {
  devisId: string;
  tokenSha256: string;
  startedAt: string;
  /** The delivery (or the mission ended otherwise): positions are refused from then on, the link ends 24 h later. */
  endedAt: string | null;
  /** When the « about 30 minutes » news was queued: once per mission. */
  approachNotifiedAt: string | null;
};

/** A position the operator's phone sent during a mission, under the id the page made for it. */
export type TrackingPositionsTable = {
  id: string;
  devisId: string;
  lat: number;
  lon: number;
  /** Metres, as the phone reports it. */
  accuracy: number;
  takenAt: string;
  receivedAt: string;
};

/** A customer's choice about the e-mails that are not essential (no row: he gets them). */
export type NotificationPreferencesTable = {
  uid: string;
  statusUpdates: number;
  /** 1 unless the customer turned the tracking's text messages off. */
  smsUpdates: Generated<number>;
  updatedAt: string;
};

export type UtilisateursTable = {
  uid: string;
  nom: string;
  telephone: string;
  email: string;
  type: string;
  adresse: string;
  dateInscription: string;
};

/** The columns of better-auth's `user` table that the application reads. */
export type AuthUserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  createdAt: string | Date;
  updatedAt: string | Date;
};

/** The columns of better-auth's `session` table that the application reads (sessions/). */
export type AuthSessionTable = {
  id: string;
  token: string;
  userId: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  /** The administrator's last request (two-factor idle timeout; written at most once a minute). */
  lastActivityAt: string | Date | null;
};

/** The append-only audit journal (audit/); triggers refuse UPDATE and DELETE but the purge's. */
export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  kind: string;
  actorId: string | null;
  actorEmail: string | null;
  devisId: string | null;
  numeroDevis: number | null;
  compteId: string | null;
  ip: string | null;
  /** Small JSON object of strings, numbers and booleans (audit/repository.ts reads it). */
  details: string;
};

/** The retention purge's permission, written and removed inside its own transaction. */
export type AuditLogPurgeTable = {
  id: string;
  cutoff: string;
};

/** The 30-second step of the last time-based code accepted for an account (two-factor/). */
export type TotpLastStepTable = {
  userId: string;
  step: number;
};

/** The columns of better-auth's `account` table that the application reads. */
export type AuthAccountTable = {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
};

/** Fixed-window counters for sign-in and sign-up limits (accounts/throttle.ts). */
export type AuthThrottleTable = {
  key: string;
  hits: number;
  /** Milliseconds since the epoch. */
  windowStart: number;
};

/** E-mails waiting to go out, or gone (outbox/). Times are ISO text (UTC). */
export type OutboxTable = {
  id: string;
  /** What the message is about (`quote-for-signature`, `verification`, …): the worker's hooks key on it. */
  kind: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** `email`, or `sms`: then `recipient` is an E.164 number, `textBody` the message, subject and HTML empty. */
  channel: Generated<OutboxChannel>;
  /** JSON: [{ filename, contentType, storageKey } | { filename, contentType, contentBase64 }]. */
  attachments: string;
  devisId: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  /** While `sending`: until when this claim holds; a worker that died is replaced after it. */
  leaseUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

export type OutboxChannel = 'email' | 'sms';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'cancelled';

export type DevisRow = Selectable<DevisTable>;
export type NewDevisRow = Insertable<DevisTable>;
export type DevisUpdate = Updateable<DevisTable>;
export type OutboxRow = Selectable<OutboxTable>;

/**
 * The journal of the Firebase import (imports/firebase/): one row per document of the
 * original app that was imported, or, for a quote, whose number is reserved (importedAt
 * still null). `collection` is `auth`, `utilisateurs`, `devis` or `devis-signes`.
 */
export type FirebaseImportTable = {
  collection: string;
  sourceId: string;
  /** What it became here: the user id, the quote id. */
  targetId: string | null;
  /** A quote's Firebase owner (uid), to attach it once that account is here. */
  sourceUid: string | null;
  numeroDevis: number | null;
  numeroOriginal: number | null;
  importedAt: string | null;
};
export type FactureRow = Selectable<FacturesTable>;
export type FactureLigneRow = Selectable<FactureLignesTable>;
export type FacturePaiementRow = Selectable<FacturePaiementsTable>;

/**
 * What the business sends to its approved platform (einvoicing/): an issued invoice or credit
 * note, a lifecycle status (CDAR), an e-reporting file. Recorded in the transaction of the change
 * that causes it and sent by a worker (the outbox's claim columns); `trackingId` is our reference,
 * `flowId` the platform's once it has the flow.
 */
export type PaFluxTable = {
  id: string;
  /** `facture` (an issued invoice or credit note), `statut` (a lifecycle status we send), `e-reporting`. */
  kind: 'facture' | 'statut' | 'e-reporting';
  factureId: string | null;
  /** A received supplier invoice a status is about. */
  achatId: string | null;
  /** An e-reporting period (`2027-09` is September–October 2027). */
  periode: string | null;
  trackingId: string;
  name: string;
  flowSyntax: string;
  processingRule: string | null;
  /** The file itself, when we make it at recording time (CDAR, e-reporting XML); an invoice's PDF is its own. */
  payload: string | null;
  /** An e-reporting file: the SHA-256 of the data it reports (a later change of them is sent as a correction). */
  contentDigest: string | null;
  /** pending → sending → sent; failed (given up, or refused by the platform); invalid (refused by our checks, never sent). */
  status: PaFluxStatus;
  attempts: number;
  nextAttemptAt: string;
  leaseUntil: string | null;
  lastError: string | null;
  flowId: string | null;
  submittedAt: string | null;
  /** The platform's acknowledgement: Pending, Ok, Error. */
  ackStatus: string | null;
  ackReason: string | null;
  createdAt: string;
  updatedAt: string;
};
export type PaFluxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'invalid';

/** Lifecycle statuses (200 Déposée … 213 Rejetée) of our invoices and of the invoices we received, oldest first. */
export type PaStatutsTable = {
  id: string;
  factureId: string | null;
  achatId: string | null;
  code: string;
  reasonCode: string | null;
  reason: string | null;
  /** Who said it: the platform (`plateforme`), the buyer or seller (`partenaire`), us (`nous`). */
  source: 'plateforme' | 'partenaire' | 'nous';
  /** The flow that carried it: each is read once. */
  flowId: string;
  at: string;
  createdAt: string;
};

/** Supplier invoices received through the platform (flows in the incoming direction). */
export type PaAchatsTable = {
  id: string;
  flowId: string;
  fournisseurNom: string;
  fournisseurSiren: string | null;
  /** The supplier's electronic address (BT-34): where our statuses about his invoice go. */
  fournisseurAdresse: string | null;
  numero: string;
  typeCode: string | null;
  dateFacture: string | null;
  totalHtCentimes: number | null;
  tvaCentimes: number | null;
  totalTtcCentimes: number | null;
  devise: string | null;
  fileKey: string;
  fileType: string;
  fileSha256: string;
  /** reçue → approuvée or refusée (the status sent back). */
  statut: PurchaseStatut;
  motifRefus: string | null;
  /** The expense it became (expenses/), and the mission it was charged to. */
  depenseId: string | null;
  devisId: string | null;
  recuLe: string;
  updatedAt: string;
  /** Its lines' labels (BT-153), one per line of text, and its payment means code (BT-81): null before 2026-11-28. */
  libellesLignes: string | null;
  codeMoyenPaiement: string | null;
};

/** The Directory Service's answer for a SIREN: does it receive e-invoices, through which platform; cached with its date. */
export type PaAnnuaireTable = {
  siren: string;
  receives: 'oui' | 'bientôt' | 'non' | 'inconnu';
  addressingIdentifier: string | null;
  platformType: string | null;
  checkedAt: string;
};

/** Where the polling of the platform left off (`updatedAfter` of each search). */
export type PaSyncTable = {
  key: string;
  value: string;
  updatedAt: string;
};

export type PaFluxRow = Selectable<PaFluxTable>;
export type PaStatutRow = Selectable<PaStatutsTable>;
export type PaAchatRow = Selectable<PaAchatsTable>;
export type PaAnnuaireRow = Selectable<PaAnnuaireTable>;
/** An online payment attempt (payments/): the provider's session opened for an invoice. */
export type PaiementSessionsTable = {
  id: string;
  factureId: string;
  fournisseur: 'stripe';
  /** The provider's session id, once it answered. */
  sessionId: string | null;
  url: string | null;
  montantCentimes: number;
  devise: string;
  statut: (typeof PAYMENT_SESSION_STATUTS)[number];
  expireLe: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A provider's notification already applied or refused for good (its id: never applied twice). */
export type PaiementEvenementsTable = {
  fournisseur: 'stripe';
  id: string;
  type: string;
  sessionId: string | null;
  resultat: (typeof PROVIDER_EVENT_RESULTS)[number];
  detail: string | null;
  recuLe: string;
};

/**
 * A refund by card made by the provider: one row per payment it is for, a withdrawal's negative
 * payment (decision 0089), or the card payment that money received in excess goes back on.
 */
export type RemboursementsCarteTable = {
  paiementId: string;
  fournisseur: 'stripe';
  /** The provider's id of the refund (Stripe: `re_…`): its notifications find the row by it. */
  remboursementId: string;
  statut: (typeof CARD_REFUND_STATUTS)[number];
  montantCentimes: number;
  createdAt: string;
  updatedAt: string;
};
export type RemboursementCarteRow = Selectable<RemboursementsCarteTable>;

/** A bank statement file imported on /admin/banque. */
export type RelevesTable = {
  id: string;
  format: 'camt.053' | 'csv';
  version: string;
  compte: string | null;
  nomFichier: string;
  sha256: string;
  nbOperations: number;
  nbNouvelles: number;
  byUserId: string | null;
  importeLe: string;
};

export type ReleveOperationStatut = 'rapprochée' | 'proposée' | 'à traiter' | 'ignorée' | 'débit';

/** One line of a statement, kept once whatever the number of imports (`cle`). */
export type ReleveOperationsTable = {
  id: string;
  releveId: string;
  cle: string;
  date: string;
  /** Positive: a credit; negative: a debit. */
  montantCentimes: number;
  contrepartie: string | null;
  libelle: string;
  referenceBanque: string | null;
  statut: ReleveOperationStatut;
  /** The invoice it pays (rapprochée) or may pay (proposée). */
  factureId: string | null;
  paiementId: string | null;
  /** The expense a debit became (the mission-costs capability). */
  depenseId: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The CSV column mapping the administrator saved (`id` = 'csv'). */
export type BanqueCorrespondancesTable = { id: string; correspondance: string; updatedAt: string };

/** A reminder sent for an invoice: one per step, for ever. */
export type RelancesTable = { factureId: string; etape: string; envoyeeLe: string; outboxId: string | null };
/** The invoices whose reminders the administrator stopped. */
export type RelanceArretsTable = { factureId: string; byUserId: string | null; arreteeLe: string };

export type PaiementSessionRow = Selectable<PaiementSessionsTable>;
export type ReleveOperationRow = Selectable<ReleveOperationsTable>;
export type ReleveRow = Selectable<RelevesTable>;
