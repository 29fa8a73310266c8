import { parseArgs } from 'node:util';
import { authMigrations, createAuth } from '#server/accounts/auth.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { sql } from 'kysely';
import { openDatabase, withWriteTransaction, type Db } from '#server/db/index.ts';
import { migrateAll } from '#server/db/migrate.ts';
import { PromptCancelled, promptHidden, readFirstLine } from './read-password.ts';
import { cliTexts } from '#domain/texts/server.ts';
import { twoFactorServerTexts } from '#domain/texts/security.ts';
import { recordTwoFactorChange } from '#server/sessions/auth-events.ts';
import { forgetLastStepIn, removeTwoFactorIn, storeVerifiedTwoFactorIn } from '#server/two-factor/repository.ts';
import { newBackupCodes, normaliseBase32, sealTwoFactor } from '#server/two-factor/totp.ts';

/** `npm run admin -- --email E --password P`: creates or updates the verified administrator. */
export async function upsertAdmin(options: { email: string; password: string; env?: Record<string, string | undefined> }) {
  const config = loadConfig({ ...(options.env ?? process.env), ADMIN_EMAIL: options.email });
  const database = openDatabase(config.database);
  try {
    // Nothing here sends e-mail; a message queued would wait for the server's worker.
    const auth = createAuth({ config, database, outbox: { kick: () => undefined } });
    await migrateAll(database, authMigrations(auth));
    const ctx = await auth.$context;
    if (options.password.length < 8) throw new ConfigError(cliTexts.passwordTooShort);
    const hash = await ctx.password.hash(options.password);
    const existing = await ctx.internalAdapter.findUserByEmail(config.adminEmail, { includeAccounts: true });
    if (existing) {
      await ctx.internalAdapter.updateUser(existing.user.id, { emailVerified: true });
      const hasCredential = existing.accounts.some((account) => account.providerId === 'credential');
      if (hasCredential) await ctx.internalAdapter.updatePassword(existing.user.id, hash);
      else
        await ctx.internalAdapter.linkAccount({
          userId: existing.user.id,
          providerId: 'credential',
          accountId: existing.user.id,
          password: hash,
        });
      return { created: false, email: config.adminEmail };
    }
    const user = await ctx.internalAdapter.createUser(
      { email: config.adminEmail, name: cliTexts.adminName, emailVerified: true },
      { method: 'admin' },
    );
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
    return { created: true, email: config.adminEmail };
  } finally {
    await database.close();
  }
}

/** Ends every session of the account (the command has none of its own). */
async function endSessionsOf(trx: Db, userId: string): Promise<void> {
  await sql`delete from ${sql.table('session')} where ${sql.ref('userId')} = ${userId}`.execute(trx);
}

/**
 * `--reset-2fa`: the account's second factor is removed (the way back when the phone is lost;
 * an administrator sets a new one up at his next login) and its sessions end. `--totp-secret`:
 * the second factor is set, in force, to a given base32 secret (provisioning, and the tests
 * that log in from outside with codes computed from it), its sessions end too, so that one
 * opened with the password alone cannot go on as a full one; ten backup codes are returned.
 */
export async function setAccountTwoFactor(options: {
  email: string;
  action: { reset: true } | { secret: string };
  env?: Record<string, string | undefined>;
}): Promise<{ email: string; backupCodes: string[] }> {
  const base32 = 'secret' in options.action ? normaliseBase32(options.action.secret) : null;
  if ('secret' in options.action && !base32) throw new ConfigError(twoFactorServerTexts.cliInvalidSecret);
  const config = loadConfig(options.env ?? process.env);
  const database = openDatabase(config.database);
  try {
    const auth = createAuth({ config, database, outbox: { kick: () => undefined } });
    await migrateAll(database, authMigrations(auth));
    const ctx = await auth.$context;
    const email = options.email.trim().toLowerCase();
    const found = await ctx.internalAdapter.findUserByEmail(email);
    if (!found) throw new ConfigError(twoFactorServerTexts.cliNoAccount(email));
    await database.db.deleteFrom('auth_throttle').where('key', '=', `two-factor:email:${email}`).execute();
    const user = { id: found.user.id, email: found.user.email, name: found.user.name };
    // The owner is e-mailed when a second factor in force is removed or replaced; a first key
    // set from the shell (provisioning, before the first login) is journalled only.
    const notify = Boolean((found.user as { twoFactorEnabled?: unknown }).twoFactorEnabled);
    // The change, its journal entry and the e-mail to the account together; the e-mail leaves
    // with the server's outbox worker.
    if (!base32) {
      await withWriteTransaction(database, async (trx) => {
        await removeTwoFactorIn(trx, database.engine, user.id);
        await endSessionsOf(trx, user.id);
        await recordTwoFactorChange(trx, config, { user, kind: 'auth.two_factor_reset', ip: null, notify });
      });
      return { email, backupCodes: [] };
    }
    const backupCodes = newBackupCodes();
    const sealed = await sealTwoFactor(ctx, { base32, backupCodes });
    await withWriteTransaction(database, async (trx) => {
      await storeVerifiedTwoFactorIn(trx, database.engine, user.id, sealed);
      await forgetLastStepIn(trx, user.id);
      // No session opened before it, with the password alone or with the former secret, goes on.
      await endSessionsOf(trx, user.id);
      await recordTwoFactorChange(trx, config, { user, kind: 'auth.two_factor_secret_set', ip: null, notify });
    });
    return { email, backupCodes };
  } finally {
    await database.close();
  }
}

const USAGE = cliTexts.adminUsage;

/**
 * The password, from the first of: --password (kept as it was, but it lands in the shell
 * history and the process list), ADMIN_PASSWORD, the first line of a piped stdin, or a
 * prompt without echo on a terminal.
 */
async function passwordFrom(flag: string | undefined): Promise<string | undefined> {
  if (flag !== undefined) return flag;
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return readFirstLine(process.stdin);
  const password = await promptHidden(cliTexts.passwordPrompt);
  if (password && (await promptHidden(cliTexts.passwordConfirmPrompt)) !== password) {
    throw new ConfigError(cliTexts.passwordMismatch);
  }
  return password;
}

async function main(): Promise<number> {
  let values: { email?: string; password?: string; 'reset-2fa'?: boolean; 'totp-secret'?: string };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'reset-2fa': { type: 'boolean' },
        'totp-secret': { type: 'string' },
      },
    }));
  } catch {
    console.error(USAGE);
    return 2;
  }
  const twoFactorAction = values['reset-2fa'] ? { reset: true as const } : values['totp-secret'] ? { secret: values['totp-secret'] } : null;
  if (twoFactorAction && values.email) {
    if (values['reset-2fa'] && values['totp-secret']) {
      console.error(USAGE);
      return 2;
    }
    // With --password as well, the account is created or updated first.
    if (values.password !== undefined) await upsertAdmin({ email: values.email, password: values.password });
    const { email, backupCodes } = await setAccountTwoFactor({ email: values.email, action: twoFactorAction });
    console.log('reset' in twoFactorAction ? twoFactorServerTexts.cliResetDone(email) : twoFactorServerTexts.cliSecretDone(email));
    if (backupCodes.length > 0) console.log(backupCodes.join('\n'));
    return 0;
  }
  const password = values.email ? await passwordFrom(values.password) : undefined;
  if (!values.email || !password) {
    console.error(USAGE);
    return 2;
  }
  const { created, email } = await upsertAdmin({ email: values.email, password });
  console.log(cliTexts.adminSaved(created, email));
  if (process.env.ADMIN_EMAIL && process.env.ADMIN_EMAIL.trim().toLowerCase() !== email)
    console.warn(cliTexts.adminEmailDiffers(process.env.ADMIN_EMAIL));
  return 0;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  main()
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      if (error instanceof PromptCancelled) {
        console.error(cliTexts.cancelled);
        process.exitCode = 130;
        return;
      }
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
