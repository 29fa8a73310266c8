import { createCipheriv, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/**
 * The password hash parameters of a Firebase project, as its console shows them
 * (Authentication › Users › « Password hash parameters »).
 */
export type FirebaseHashConfig = {
  signerKey: Buffer;
  saltSeparator: Buffer;
  rounds: number;
  memCost: number;
};

/** One account's hash, as `firebase auth:export` writes it (both base64). */
export type FirebaseUserHash = { passwordHash: string; salt: string };

/** The largest scrypt memory a hash may ask for (128 · 2^mem_cost · rounds bytes): Firebase's own is 16 MiB. */
const MAX_SCRYPT_BYTES = 256 * 1024 * 1024;

export const scryptBytes = (config: Pick<FirebaseHashConfig, 'rounds' | 'memCost'>) => 128 * 2 ** config.memCost * config.rounds;

export function isWithinScryptLimits(config: Pick<FirebaseHashConfig, 'rounds' | 'memCost'>): boolean {
  return (
    Number.isInteger(config.rounds) &&
    Number.isInteger(config.memCost) &&
    config.rounds >= 1 &&
    config.memCost >= 1 &&
    scryptBytes(config) <= MAX_SCRYPT_BYTES
  );
}

/**
 * Firebase's modified scrypt (github.com/firebase/scrypt): the scrypt key of the password
 * with the user's salt followed by the project's salt separator (N = 2^mem_cost, r = rounds,
 * p = 1, 64 bytes), whose first 32 bytes are the AES-256-CTR key (zero IV) that encrypts the
 * project's signer key. The result, in base64, is the account's `passwordHash`.
 */
export async function firebaseScrypt(password: string, salt: Buffer, config: FirebaseHashConfig): Promise<Buffer> {
  const derived = await scryptAsync(password, Buffer.concat([salt, config.saltSeparator]), 64, {
    N: 2 ** config.memCost,
    r: config.rounds,
    p: 1,
    maxmem: scryptBytes(config) + 16 * 1024 * 1024,
  });
  const cipher = createCipheriv('aes-256-ctr', derived.subarray(0, 32), Buffer.alloc(16, 0));
  return Buffer.concat([cipher.update(config.signerKey), cipher.final()]);
}

/**
 * An imported account's password as it sits in better-auth's `account.password` until its
 * first sign-in: everything needed to check it, so that any instance can, with no setting
 * of its own. `$` never occurs in base64.
 */
const PREFIX = 'firebase-scrypt';

export function encodeFirebaseHash(user: FirebaseUserHash, config: FirebaseHashConfig): string {
  return [
    PREFIX,
    String(config.rounds),
    String(config.memCost),
    config.saltSeparator.toString('base64'),
    config.signerKey.toString('base64'),
    user.salt,
    user.passwordHash,
  ].join('$');
}

export const isFirebaseHash = (stored: string | null | undefined): stored is string => !!stored && stored.startsWith(`${PREFIX}$`);

function decodeFirebaseHash(stored: string): { config: FirebaseHashConfig; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 7 || parts[0] !== PREFIX) return null;
  const [, rounds, memCost, saltSeparator, signerKey, salt, hash] = parts as [string, string, string, string, string, string, string];
  const config = {
    rounds: Number(rounds),
    memCost: Number(memCost),
    saltSeparator: Buffer.from(saltSeparator, 'base64'),
    signerKey: Buffer.from(signerKey, 'base64'),
  };
  if (!isWithinScryptLimits(config) || config.signerKey.length === 0) return null;
  return { config, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

export async function verifyFirebaseHash(stored: string, password: string): Promise<boolean> {
  const decoded = decodeFirebaseHash(stored);
  if (!decoded) return false;
  const computed = await firebaseScrypt(password, decoded.salt, decoded.config);
  return computed.length === decoded.hash.length && timingSafeEqual(computed, decoded.hash);
}

/**
 * better-auth's `emailAndPassword.password`: our hash for every new password, and a check
 * that also knows the hashes imported from Firebase. Such a hash is replaced by ours at the
 * account's first successful sign-in (accounts/imported-sign-in.ts, from the after hook of accounts/sign-in-guard.ts).
 */
export const passwordHashing = {
  hash: (password: string) => hashPassword(password),
  // A stored hash of neither form (the tests' below, a damaged row) refuses the password
  // instead of throwing (a 500).
  verify: async ({ hash, password }: { hash: string; password: string }) =>
    isFirebaseHash(hash) ? verifyFirebaseHash(hash, password) : /^[0-9a-f]+:[0-9a-f]+$/.test(hash) && verifyPassword({ hash, password }),
};

/**
 * Under test only (NODE_ENV=test): scrypt at a token cost, so that the suites' thousands of
 * sign-ups and sign-ins do not spend minutes in better-auth's N=16384, r=16 (32 MiB, a third
 * of a second each on a loaded CI machine). Its hashes carry their own prefix, which the real
 * configuration never accepts (`passwordHashing` above), and it still checks real hashes
 * (made by `npm run admin` outside the test's config) and Firebase's.
 */
const TEST_PREFIX = 'test-scrypt';
const TEST_COST = { N: 16, r: 1, p: 1 };

export const testPasswordHashing = {
  async hash(password: string) {
    const salt = randomBytes(16);
    const key = await scryptAsync(password.normalize('NFKC'), salt, 32, TEST_COST);
    return `${TEST_PREFIX}$${salt.toString('hex')}$${key.toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }) {
    const [prefix, salt, key] = hash.split('$');
    if (prefix !== TEST_PREFIX || !salt || !key) return passwordHashing.verify({ hash, password });
    const expected = Buffer.from(key, 'hex');
    const computed = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'hex'), 32, TEST_COST);
    return computed.length === expected.length && timingSafeEqual(computed, expected);
  },
};
