import { parseArgs } from 'node:util';
import { createAuth } from '../accounts/auth.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { getMigrations } from 'better-auth/db/migration';
import { createMailer } from '../mail/mailer.ts';
import path from 'node:path';
import pino from 'pino';

/** `npm run admin -- --email E --password P`: creates or updates the verified administrator. */
export async function upsertAdmin(options: { email: string; password: string; env?: Record<string, string | undefined> }) {
  const config = loadConfig({ ...(options.env ?? process.env), ADMIN_EMAIL: options.email });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const mailer = createMailer({ from: config.mail.from, outboxDir: path.join(config.dataDir, 'mails'), logger: pino({ level: 'silent' }) });
    const auth = createAuth({ config, database, mailer });
    await (await getMigrations(auth.options)).runMigrations();
    const ctx = await auth.$context;
    if (options.password.length < 8) throw new ConfigError('--password: at least 8 characters');
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
      { email: config.adminEmail, name: 'Administrateur', emailVerified: true },
      { method: 'admin' },
    );
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
    return { created: true, email: config.adminEmail };
  } finally {
    await database.close();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.email || !values.password) {
    console.error('Usage : npm run admin -- --email admin@exemple.fr --password "mot de passe"');
    process.exit(2);
  }
  upsertAdmin({ email: values.email, password: values.password })
    .then(({ created, email }) => {
      console.log(`${created ? 'Administrateur créé' : 'Administrateur mis à jour'} : ${email}`);
      if (process.env.ADMIN_EMAIL && process.env.ADMIN_EMAIL.trim().toLowerCase() !== email)
        console.warn(`Attention : ADMIN_EMAIL vaut ${process.env.ADMIN_EMAIL} ; l'application reconnaît l'administrateur par cette variable.`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
