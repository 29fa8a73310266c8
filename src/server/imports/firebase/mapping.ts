import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Utilisateur } from '#domain/schemas/accounts.ts';
import {
  CLIENT_TYPES,
  clausesSchema,
  clientDetailsSchema,
  contactSchema,
  infosVehiculeSchema,
  LAVAGES,
  livraisonInfoSchema,
  MOTORISATIONS,
  optionsSchema,
  priseInfoSchema,
  TYPES_CONVOYAGE,
  type Devis,
} from '#domain/schemas/devis.ts';
import { isEmailAddress, isStorableText, toStorableText } from '#domain/schemas/text.ts';
import { INITIAL_STATUT, STATUTS, type Statut } from '#domain/statuses.ts';
import { foldAccents } from '#domain/text-fold.ts';
import { importTexts } from '#domain/texts/import.ts';
import { parisClock, parisToday } from '#domain/format.ts';
import type { DevisTable } from '#server/db/schema.ts';

const { reasons, warnings: w } = importTexts;

/** Ids we keep as they are; any other (rare: Firestore allows nearly anything) gets a stable one derived from it. */
const USABLE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const importedId = (sourceId: string) =>
  USABLE_ID.test(sourceId) ? sourceId : `fb-${createHash('sha256').update(sourceId).digest('hex').slice(0, 40)}`;

/** A document that could not be mapped, and why (French, for the report). */
export type Unmapped = { ok: false; reason: string };
export type Mapped<T> = { ok: true; value: T; warnings: string[]; unknownFields: string[] };

/** The nested objects of a quote, as the domain types them. */
type QuoteJson = {
  clientDetails: Devis['clientDetails'];
  contactDepart: Devis['contactDepart'];
  contactArrivee: Devis['contactArrivee'];
  priseInfo: Devis['priseInfo'];
  livraisonInfo: Devis['livraisonInfo'];
  options: Devis['options'];
  infosVehicule: Devis['infosVehicule'];
  clauses: Devis['clauses'];
};

/** The columns of our quotes that a quote of the original app fills as they are. */
type CopiedColumns = Pick<
  DevisTable,
  | 'email'
  | 'statut'
  | 'dateSimulation'
  | 'adresseDepart'
  | 'adresseArrivee'
  | 'typeVehicule'
  | 'distanceKm'
  | 'prixCentimes'
  | 'typeConvoyage'
  | 'clientType'
  | 'commentaire'
>;

/** A quote of the original app, mapped onto ours; its number and owner are decided later. */
export type SourceQuote = CopiedColumns & {
  sourceId: string;
  /** The Firebase uid it belonged to, if any. */
  sourceUid: string | null;
  /** numeroDevis as the original app gave it, when it reads as a whole number above 0. */
  numeroOriginal: number | null;
  archive: boolean;
  /** The instant it was made, when its date reads as one (ISO). */
  createdAt: string | null;
  /** Whether the document links to a signed PDF (`devisSigneURL` or `signedDevisUrl`). */
  hasSignedUrl: boolean;
} & QuoteJson;

/** The fields of section 3 of the specification, read by the mapping (others are reported). */
const DEVIS_FIELDS = new Set([
  'uid',
  'email',
  'numeroDevis',
  'statut',
  'archive',
  'dateSimulation',
  'adresseDepart',
  'adresseArrivee',
  'typeVehicule',
  'distanceKm',
  'prix',
  'typeConvoyage',
  'clientType',
  'clientDetails',
  'client',
  'contactDepart',
  'contactArrivee',
  'datePriseEnCharge',
  'dateLivraisonSouhaitee',
  'priseInfo',
  'livraisonInfo',
  'options',
  'infosVehicule',
  'commentaire',
  'clauses',
  'signedDevisUrl',
  'devisSigneURL',
  // Written by the export tools, not by the app.
  '__collections__',
  'id',
]);
const UTILISATEUR_FIELDS = new Set(['uid', 'nom', 'telephone', 'email', 'type', 'adresse', 'dateInscription', '__collections__', 'id']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Reads one document, collecting remarks and the fields it leaves aside. */
class DocReader {
  readonly warnings: string[] = [];
  readonly unknownFields: string[] = [];

  constructor(readonly doc: Record<string, unknown>) {}

  /** Text as stored: control characters (which our fields refuse) become spaces, with a remark. */
  text(value: unknown, field: string, kind: 'single-line' | 'multi-line' = 'single-line'): string {
    if (value === null || value === undefined) return '';
    const raw = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
    if (isStorableText(raw, kind)) return raw;
    this.warnings.push(w.controlCharacters(field));
    return toStorableText(raw, kind);
  }

  email(value: unknown, field: string): string {
    const text = this.text(value, field).trim().toLowerCase();
    if (text === '' || isEmailAddress(text)) return text;
    this.warnings.push(w.invalidEmail(field, value));
    return '';
  }

  bool(value: unknown, field: string): boolean {
    if (value === undefined || value === null || value === '') return false;
    if (typeof value === 'boolean') return value;
    const folded = typeof value === 'string' ? foldAccents(value.trim()) : value;
    if (folded === 1 || folded === 'true' || folded === 'oui' || folded === '1' || folded === 'on') return true;
    if (folded === 0 || folded === 'false' || folded === 'non' || folded === '0' || folded === 'off') return false;
    this.warnings.push(w.invalidValue(field, value));
    return false;
  }

  /** One of `values`, compared without case or accents ('' when absent or unknown). */
  choice<T extends string>(value: unknown, values: readonly T[], field: string, aliases: Record<string, T> = {}): T | null {
    if (value === undefined || value === null || value === '') return null;
    const folded = typeof value === 'string' ? foldAccents(value.trim()).replace(/\s+/g, ' ') : '';
    const found = values.find((candidate) => foldAccents(candidate) === folded) ?? aliases[folded];
    if (found !== undefined) return found;
    this.warnings.push(w.invalidValue(field, value));
    return null;
  }

  unknown(object: Record<string, unknown>, known: readonly string[], prefix: string): void {
    for (const key of Object.keys(object)) if (!known.includes(key)) this.unknownFields.push(`${prefix}${key}`);
  }
}

/** "1 234,50 €", "1234.5", 1234.5 → 1234.5; anything else → null. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(€|eur|euros|km)$/i, '')
    .replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** Whole cents of a price in euros, without binary rounding for what has two decimals. */
function toCentimes(euros: number): number {
  return Math.round(Number((euros * 100).toFixed(6)));
}

/** "14:05": the time in France at an instant. */
function parisTime(instant: Date): string {
  const { hour, minute } = parisClock(instant);
  return `${hour}:${minute}`;
}

/** A date of the original as text: a Firestore timestamp becomes ISO, a string stays as written. */
function dateText(reader: DocReader, value: unknown, field: string): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  const text = reader.text(value, field).trim();
  if (text !== '' && Number.isNaN(Date.parse(text))) reader.warnings.push(w.invalidDate(field, value));
  return text;
}

/** The instant a date names, or null. */
function instantOf(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "YYYY-MM-DD" as the original wrote it; an instant (timestamp, ISO with time) as its day in France. */
function dayText(reader: DocReader, value: unknown, field: string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return value.trim();
  const instant = instantOf(value);
  if (instant) return parisToday(instant);
  const text = reader.text(value, field).trim();
  if (text !== '') reader.warnings.push(w.invalidDate(field, value));
  return text;
}

/** "08:30" as written; an instant as its time in France. */
function timeText(reader: DocReader, value: unknown, field: string): string {
  if (value instanceof Date) return parisTime(value);
  return reader.text(value, field).trim();
}

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  // The mapping builds values of the right shape; this is the backstop that the stored
  // column will read back as the domain type.
  return schema.parse(value);
}

function mapContact(reader: DocReader, value: unknown, field: string): Devis['contactDepart'] {
  if (!isObject(value)) return null;
  reader.unknown(value, ['nom', 'email', 'telephone'], `${field}.`);
  return checked(contactSchema, {
    nom: reader.text(value.nom, `${field}.nom`),
    email: reader.email(value.email, `${field}.email`),
    telephone: reader.text(value.telephone, `${field}.telephone`),
  });
}

/** `clientDetails`, completed field by field from the legacy `client`. */
function mapClientDetails(reader: DocReader, details: unknown, legacy: unknown): Devis['clientDetails'] {
  const sources = [details, legacy].filter(isObject);
  if (sources.length === 0) return null;
  const pick = (key: string) => sources.map((source) => source[key]).find((value) => value !== undefined && value !== null && value !== '');
  for (const [index, source] of sources.entries()) {
    reader.unknown(source, ['nom', 'email', 'telephone', 'siret'], isObject(details) && index === 0 ? 'clientDetails.' : 'client.');
  }
  const siret = reader.text(pick('siret'), 'clientDetails.siret').trim();
  return checked(clientDetailsSchema, {
    nom: reader.text(pick('nom'), 'clientDetails.nom'),
    email: reader.email(pick('email'), 'clientDetails.email'),
    telephone: reader.text(pick('telephone'), 'clientDetails.telephone'),
    ...(siret ? { siret } : {}),
  });
}

type Slot = { day: string; debut: string; fin: string; nom?: string; telephone?: string };

/**
 * `priseInfo` (`livraisonInfo`) as the completion form wrote it; a quote that only has the
 * detail view's `datePriseEnCharge: {start, end}` gets it from those two instants.
 */
function mapSlot(reader: DocReader, info: unknown, range: unknown, field: string, dayKey: string): Slot | null {
  if (isObject(info)) {
    reader.unknown(info, [dayKey, 'debut', 'fin', 'nom', 'telephone'], `${field}.`);
    const slot: Slot = {
      day: dayText(reader, info[dayKey], `${field}.${dayKey}`),
      debut: timeText(reader, info.debut, `${field}.debut`),
      fin: timeText(reader, info.fin, `${field}.fin`),
    };
    if (info.nom !== undefined) slot.nom = reader.text(info.nom, `${field}.nom`);
    if (info.telephone !== undefined) slot.telephone = reader.text(info.telephone, `${field}.telephone`);
    return slot;
  }
  if (isObject(range)) {
    const start = instantOf(range.start);
    const end = instantOf(range.end);
    if (!start) return null;
    return { day: parisToday(start), debut: parisTime(start), fin: end ? parisTime(end) : '' };
  }
  return null;
}

function mapOptions(reader: DocReader, value: unknown): Devis['options'] {
  if (!isObject(value)) return null;
  reader.unknown(value, ['documentation', 'lavage', 'sansCarburant', 'wGarage'], 'options.');
  return checked(optionsSchema, {
    documentation: reader.bool(value.documentation, 'options.documentation'),
    lavage: reader.choice(value.lavage, LAVAGES, 'options.lavage', { aucun: '', none: '', non: '' }) ?? '',
    sansCarburant: reader.bool(value.sansCarburant, 'options.sansCarburant'),
    wGarage: reader.bool(value.wGarage, 'options.wGarage'),
  });
}

function mapVehicle(reader: DocReader, value: unknown): Devis['infosVehicule'] {
  if (!isObject(value)) return null;
  reader.unknown(value, ['immatriculation', 'marque', 'modele', 'chassis', 'motorisation'], 'infosVehicule.');
  const chassis = reader.text(value.chassis, 'infosVehicule.chassis').trim();
  const motorisation = reader.choice(value.motorisation, MOTORISATIONS, 'infosVehicule.motorisation', { electricite: 'electrique' });
  return checked(infosVehiculeSchema, {
    immatriculation: reader.text(value.immatriculation, 'infosVehicule.immatriculation'),
    marque: reader.text(value.marque, 'infosVehicule.marque'),
    modele: reader.text(value.modele, 'infosVehicule.modele'),
    ...(chassis ? { chassis } : {}),
    ...(motorisation ? { motorisation } : {}),
  });
}

function mapClauses(reader: DocReader, value: unknown): Devis['clauses'] {
  if (!isObject(value)) return null;
  reader.unknown(value, ['km', 'longDistance'], 'clauses.');
  return checked(clausesSchema, {
    km: reader.bool(value.km, 'clauses.km'),
    longDistance: reader.bool(value.longDistance, 'clauses.longDistance'),
  });
}

/** « confirme », « Confirmé », « CONFIRMÉ » are « confirmé »; empty is « en attente » (spec section 4). */
function mapStatut(reader: DocReader, value: unknown): Statut {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return INITIAL_STATUT;
  const folded = typeof value === 'string' ? foldAccents(value.trim()).replace(/\s+/g, ' ') : null;
  const found = STATUTS.find((statut) => foldAccents(statut) === folded);
  if (found) return found;
  reader.warnings.push(w.unknownStatut(value));
  return INITIAL_STATUT;
}

function requiredText(reader: DocReader, doc: Record<string, unknown>, field: string): string | Unmapped {
  const value = reader.text(doc[field], field).trim();
  return value === '' ? { ok: false, reason: reasons.missingField(field) } : value;
}

/** One document of the original `devis` collection, or why it cannot be imported. */
export function mapDevis(sourceId: string, doc: unknown): Mapped<SourceQuote> | Unmapped {
  if (!isObject(doc)) return { ok: false, reason: reasons.notAnObject };
  const reader = new DocReader(doc);
  const adresseDepart = requiredText(reader, doc, 'adresseDepart');
  if (typeof adresseDepart !== 'string') return adresseDepart;
  const adresseArrivee = requiredText(reader, doc, 'adresseArrivee');
  if (typeof adresseArrivee !== 'string') return adresseArrivee;
  const typeVehicule = requiredText(reader, doc, 'typeVehicule');
  if (typeof typeVehicule !== 'string') return typeVehicule;
  const prix = readNumber(doc.prix);
  if (prix === null || prix < 0) {
    return { ok: false, reason: doc.prix === undefined || doc.prix === '' ? reasons.missingField('prix') : reasons.invalidPrice(doc.prix) };
  }

  for (const key of Object.keys(doc)) if (!DEVIS_FIELDS.has(key)) reader.unknownFields.push(key);
  if (isObject(doc.__collections__) && Object.keys(doc.__collections__).length > 0) {
    reader.warnings.push(w.subcollections(Object.keys(doc.__collections__)));
  }

  const numero = doc.numeroDevis === undefined || doc.numeroDevis === null || doc.numeroDevis === '' ? null : readNumber(doc.numeroDevis);
  const numeroOriginal = numero !== null && Number.isInteger(numero) && numero >= 1 && numero <= 2_000_000_000 ? numero : null;
  if (numeroOriginal === null && doc.numeroDevis !== undefined) reader.warnings.push(w.invalidNumero(doc.numeroDevis));

  const distance = doc.distanceKm === undefined ? null : readNumber(doc.distanceKm);
  if (distance === null || distance < 0) reader.warnings.push(w.invalidDistance(doc.distanceKm));

  const clientDetails = mapClientDetails(reader, doc.clientDetails, doc.client);
  const email = reader.email(doc.email, 'email') || clientDetails?.email || null;
  const uid = reader.text(doc.uid, 'uid').trim();
  const dateSimulation = dateText(reader, doc.dateSimulation, 'dateSimulation');
  const prise = mapSlot(reader, doc.priseInfo, doc.datePriseEnCharge, 'priseInfo', 'datePriseEnCharge');
  const livraison = mapSlot(reader, doc.livraisonInfo, doc.dateLivraisonSouhaitee, 'livraisonInfo', 'dateLivraisonSouhaitee');
  const commentaire = reader.text(doc.commentaire, 'commentaire', 'multi-line');

  const quote: SourceQuote = {
    sourceId,
    sourceUid: uid || null,
    numeroOriginal,
    email,
    statut: mapStatut(reader, doc.statut),
    archive: reader.bool(doc.archive, 'archive'),
    dateSimulation,
    createdAt: instantOf(doc.dateSimulation)?.toISOString() ?? null,
    adresseDepart,
    adresseArrivee,
    typeVehicule,
    distanceKm: distance !== null && distance >= 0 ? distance : 0,
    prixCentimes: toCentimes(prix),
    typeConvoyage: reader.choice(doc.typeConvoyage, TYPES_CONVOYAGE, 'typeConvoyage'),
    clientType: reader.choice(doc.clientType, CLIENT_TYPES, 'clientType'),
    clientDetails,
    contactDepart: mapContact(reader, doc.contactDepart, 'contactDepart'),
    contactArrivee: mapContact(reader, doc.contactArrivee, 'contactArrivee'),
    priseInfo: prise
      ? checked(priseInfoSchema, { datePriseEnCharge: prise.day, debut: prise.debut, fin: prise.fin, ...optionalPerson(prise) })
      : null,
    livraisonInfo: livraison
      ? checked(livraisonInfoSchema, {
          dateLivraisonSouhaitee: livraison.day,
          debut: livraison.debut,
          fin: livraison.fin,
          ...optionalPerson(livraison),
        })
      : null,
    options: mapOptions(reader, doc.options),
    infosVehicule: mapVehicle(reader, doc.infosVehicule),
    commentaire: commentaire.trim() === '' ? null : commentaire,
    clauses: mapClauses(reader, doc.clauses),
    hasSignedUrl: [doc.devisSigneURL, doc.signedDevisUrl].some((url) => typeof url === 'string' && url.trim() !== ''),
  };
  return { ok: true, value: quote, warnings: reader.warnings, unknownFields: reader.unknownFields };
}

const optionalPerson = (slot: Slot) => ({
  ...(slot.nom !== undefined ? { nom: slot.nom } : {}),
  ...(slot.telephone !== undefined ? { telephone: slot.telephone } : {}),
});

/** A profile of the original `utilisateurs` collection (its document id is the uid). */
export type SourceProfile = Omit<Utilisateur, 'uid'> & { sourceUid: string };

export function mapUtilisateur(sourceUid: string, doc: unknown): Mapped<SourceProfile> | Unmapped {
  if (!isObject(doc)) return { ok: false, reason: reasons.notAnObject };
  const reader = new DocReader(doc);
  for (const key of Object.keys(doc)) if (!UTILISATEUR_FIELDS.has(key)) reader.unknownFields.push(key);
  const email = reader.text(doc.email, 'email').trim().toLowerCase();
  if (email !== '' && !isEmailAddress(email)) return { ok: false, reason: reasons.invalidEmail(doc.email) };
  const profile: SourceProfile = {
    sourceUid,
    nom: reader.text(doc.nom, 'nom').trim(),
    telephone: reader.text(doc.telephone, 'telephone').trim(),
    email,
    type: reader.choice(doc.type, CLIENT_TYPES, 'type') ?? 'particulier',
    adresse: reader.text(doc.adresse, 'adresse').trim(),
    dateInscription: dateText(reader, doc.dateInscription, 'dateInscription'),
  };
  return { ok: true, value: profile, warnings: reader.warnings, unknownFields: reader.unknownFields };
}

/** An account of Firebase Authentication, as it will be created here. */
export type SourceAccount = {
  sourceUid: string;
  email: string;
  emailVerified: boolean;
  name: string;
  phoneNumber: string;
  /** The Firebase hash with what checks it (password.ts), or null: no password to keep. */
  passwordHash: string | null;
  /** When it was created in Firebase, when the export says. */
  createdAt: Date | null;
};

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Milliseconds as `auth:export` writes them ("1508893925000"), or an ISO text. */
function exportDate(value: unknown): Date | null {
  if (typeof value === 'string' && /^\d+$/.test(value)) return new Date(Number(value));
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  return instantOf(value);
}

/**
 * One user of `firebase auth:export`. `encodeHash` turns its hash and salt into the stored
 * form (password.ts); an account without a usable hash keeps no password and is reported.
 */
export function mapAuthUser(
  user: Record<string, unknown>,
  encodeHash: ((hash: { passwordHash: string; salt: string }) => string) | null,
): Mapped<SourceAccount> | Unmapped {
  const reader = new DocReader(user);
  const sourceUid = typeof user.localId === 'string' ? user.localId.trim() : '';
  if (sourceUid === '') return { ok: false, reason: reasons.missingField('localId') };
  if (user.email === undefined || user.email === null || user.email === '') return { ok: false, reason: reasons.noEmail };
  const email = typeof user.email === 'string' ? user.email.trim().toLowerCase() : '';
  if (!isEmailAddress(email)) return { ok: false, reason: reasons.invalidEmail(user.email) };
  if (user.disabled === true) return { ok: false, reason: reasons.disabled };

  let passwordHash: string | null = null;
  const hash = typeof user.passwordHash === 'string' ? user.passwordHash.trim() : '';
  const salt = typeof user.salt === 'string' ? user.salt.trim() : '';
  if (hash === '') reader.warnings.push(w.noPassword);
  else if (!BASE64.test(hash) || (salt !== '' && !BASE64.test(salt)) || !encodeHash) reader.warnings.push(w.badPasswordHash);
  else passwordHash = encodeHash({ passwordHash: hash, salt });

  const name = reader.text(user.displayName, 'displayName').trim();
  return {
    ok: true,
    value: {
      sourceUid,
      email,
      emailVerified: user.emailVerified === true || user.emailVerified === 'true',
      name,
      phoneNumber: reader.text(user.phoneNumber, 'phoneNumber').trim(),
      passwordHash,
      createdAt: exportDate(user.createdAt),
    },
    warnings: reader.warnings,
    unknownFields: [],
  };
}
