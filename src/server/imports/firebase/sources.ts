import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import secureJson from 'secure-json-parse';
import { importTexts as m } from '#domain/texts/import.ts';
import { isWithinScryptLimits, type FirebaseHashConfig } from '#server/accounts/password-hashing.ts';

/** A bad input file: the command stops before writing anything, with this French message. */
export class ImportInputError extends Error {}

/** A Firestore document with its timestamps already turned into `Date`s. */
export type FirestoreDoc = Record<string, unknown>;

export type FirestoreExport = {
  devis: Map<string, unknown>;
  utilisateurs: Map<string, unknown>;
  /** Collections the export holds beyond those two, with their size (reported, not imported). */
  others: Map<string, number>;
};

/** One account of `firebase auth:export --format=json`, fields as it writes them. */
export type AuthExportUser = {
  localId?: unknown;
  email?: unknown;
  emailVerified?: unknown;
  passwordHash?: unknown;
  salt?: unknown;
  displayName?: unknown;
  phoneNumber?: unknown;
  disabled?: unknown;
  createdAt?: unknown;
  lastSignedInAt?: unknown;
};

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new ImportInputError(m.unreadableFile(file, (error as Error).message));
  }
}

async function readJson(file: string): Promise<unknown> {
  const text = await readText(file);
  try {
    return secureJson.parse(text.replace(/^\uFEFF/, ''), undefined, { protoAction: 'remove', constructorAction: 'remove' });
  } catch {
    throw new ImportInputError(m.notJson(file));
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** {seconds, nanoseconds} in either spelling (`_seconds` is what Timestamp.toJSON writes). */
function timestampOf(value: Record<string, unknown>): Date | null {
  const keys = Object.keys(value).sort().join(',');
  if (keys === '_nanoseconds,_seconds' && isInteger(value._seconds) && isInteger(value._nanoseconds)) {
    return new Date(value._seconds * 1000 + Math.floor(value._nanoseconds / 1e6));
  }
  if (keys === 'nanoseconds,seconds' && isInteger(value.seconds) && isInteger(value.nanoseconds)) {
    return new Date(value.seconds * 1000 + Math.floor(value.nanoseconds / 1e6));
  }
  return null;
}

/**
 * A Firestore value as the export tools write it, decoded: timestamps (`{"__datatype__":
 * "timestamp", "value": {…}}`, `{_seconds, _nanoseconds}`, `{seconds, nanoseconds}`) become
 * `Date`s, a reference its path, a geopoint its coordinates; everything else as it is.
 */
export function decodeFirestoreValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeFirestoreValue);
  if (!isPlainObject(value)) return value;
  if (typeof value.__datatype__ === 'string') {
    const type = value.__datatype__.toLowerCase();
    const inner = value.value;
    if (type === 'timestamp') {
      if (isPlainObject(inner)) return timestampOf(inner) ?? inner;
      if (typeof inner === 'string' || typeof inner === 'number') {
        const date = new Date(inner);
        return Number.isNaN(date.getTime()) ? inner : date;
      }
      return inner;
    }
    return decodeFirestoreValue(inner);
  }
  const timestamp = timestampOf(value);
  if (timestamp) return timestamp;
  const decoded: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) decoded[key] = decodeFirestoreValue(item);
  return decoded;
}

/**
 * The Firestore export, in either form the usual tools write:
 * - plain: `{"devis": {"<id>": {…}}, "utilisateurs": {"<uid>": {…}}}` (firestore-export-import);
 * - `{"__collections__": {"devis": {"<id>": {…, "__collections__": {}}}}}`
 *   (node-firestore-import-export), whose documents carry their sub-collections.
 */
export function parseFirestoreExport(json: unknown, file: string): FirestoreExport {
  if (!isPlainObject(json)) throw new ImportInputError(m.firestoreShape(file));
  const root = isPlainObject(json.__collections__) ? json.__collections__ : json;
  const collections = Object.entries(root).filter(([name, docs]) => name !== '__collections__' && isPlainObject(docs));
  if (collections.length === 0 || (!('devis' in root) && !('utilisateurs' in root))) throw new ImportInputError(m.firestoreShape(file));
  const result: FirestoreExport = { devis: new Map(), utilisateurs: new Map(), others: new Map() };
  for (const [name, docs] of collections as [string, Record<string, unknown>][]) {
    if (name !== 'devis' && name !== 'utilisateurs') {
      result.others.set(name, Object.keys(docs).length);
      continue;
    }
    for (const [id, doc] of Object.entries(docs)) result[name].set(id, decodeFirestoreValue(doc));
  }
  return result;
}

export async function readFirestoreExport(file: string): Promise<FirestoreExport> {
  return parseFirestoreExport(await readJson(file), file);
}

export function parseAuthExport(json: unknown, file: string): AuthExportUser[] {
  if (!isPlainObject(json) || !Array.isArray(json.users)) throw new ImportInputError(m.authShape(file));
  return json.users.map((user) => (isPlainObject(user) ? (user as AuthExportUser) : {}));
}

export async function readAuthExport(file: string): Promise<AuthExportUser[]> {
  return parseAuthExport(await readJson(file), file);
}

const HASH_KEYS = ['base64_signer_key', 'base64_salt_separator', 'rounds', 'mem_cost'] as const;

/**
 * The project's password hash parameters: JSON with the console's names (also accepted
 * wrapped in `hash_config`, or in camelCase as the Admin SDK names them), or the console's
 * block pasted as it is (`hash_config { algorithm: SCRYPT, base64_signer_key: …, … }`).
 */
export function parseHashConfig(text: string, file: string): FirebaseHashConfig {
  let values: Record<string, unknown> = {};
  try {
    const json: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    if (isPlainObject(json)) values = isPlainObject(json.hash_config) ? json.hash_config : json;
  } catch {
    for (const match of text.matchAll(/([A-Za-z0-9_]+)\s*[:=]\s*"?([^",\n}]+)"?/g)) values[match[1]!] = match[2]!.trim();
  }
  const pick = (snake: (typeof HASH_KEYS)[number]) => {
    const camel = snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/^base64/, '');
    const alternatives = [snake, camel, camel.charAt(0).toLowerCase() + camel.slice(1)];
    for (const key of alternatives) if (values[key] !== undefined && values[key] !== '') return values[key];
    return undefined;
  };
  const [signerKey, saltSeparator, rounds, memCost] = HASH_KEYS.map(pick);
  if (typeof signerKey !== 'string' || typeof saltSeparator !== 'string' || rounds === undefined || memCost === undefined) {
    throw new ImportInputError(m.hashConfigShape(file));
  }
  if (typeof values.algorithm === 'string' && values.algorithm.toUpperCase() !== 'SCRYPT')
    throw new ImportInputError(m.hashConfigShape(file));
  const config: FirebaseHashConfig = {
    signerKey: Buffer.from(signerKey, 'base64'),
    saltSeparator: Buffer.from(saltSeparator, 'base64'),
    rounds: Number(rounds),
    memCost: Number(memCost),
  };
  if (config.signerKey.length === 0) throw new ImportInputError(m.hashConfigShape(file));
  if (!isWithinScryptLimits(config)) throw new ImportInputError(m.hashConfigLimits(file));
  return config;
}

export async function readHashConfig(file: string): Promise<FirebaseHashConfig> {
  return parseHashConfig(await readText(file), file);
}

/** A file of the signed-quotes folder: `{id}.pdf`, or anything else found there (reported). */
export type SignedFile = { name: string; file: string; id: string | null; size: number };

/**
 * The folder `gsutil cp -r gs://<bucket>/devis-signes .` leaves: given either that
 * `devis-signes` folder or the one holding it. Sorted by name, so runs read in one order.
 */
export async function listSignedFiles(dir: string): Promise<SignedFile[]> {
  let root = path.resolve(dir);
  try {
    if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
    const inner = path.join(root, 'devis-signes');
    if (
      await stat(inner).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      root = inner;
    const entries = await readdir(root, { withFileTypes: true });
    const files: SignedFile[] = [];
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.isDirectory() || entry.name.startsWith('.')) continue;
      const file = path.join(root, entry.name);
      const match = /^(.+)\.pdf$/i.exec(entry.name);
      const size = entry.isFile() ? (await stat(file)).size : 0;
      files.push({ name: entry.name, file, id: match ? match[1]! : null, size });
    }
    return files;
  } catch {
    throw new ImportInputError(m.filesDirMissing(dir));
  }
}
