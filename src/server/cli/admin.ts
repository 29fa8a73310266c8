import { parseArgs } from 'node:util';
import { createAuth } from '#server/accounts/auth.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/index.ts';
import { migrateAll } from '#server/db/migrate.ts';
import { PromptCancelled, promptHidden, readFirstLine } from './read-password.ts';
import { cliTexts } from '#domain/texts-server.ts';

/** `npm run admin -- --email E --password P`: creates or updates the verified administrator. */
export async function upsertAdmin(options: { email: string; password: string; env?: Record<string, string | undefined> }) {
  const config = loadConfig({ ...(options.env ?? process.env), ADMIN_EMAIL: options.email });
  const database = openDatabase(config.database);
  try {
    // Nothing here sends e-mail; a message queued would wait for the server's worker.
    const auth = createAuth({ config, database, outbox: { kick: () => undefined } });
    await migrateAll(database, auth);
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
  let values: { email?: string; password?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } }));
  } catch {
    console.error(USAGE);
    return 2;
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
