// Outbox crash test (run in CI): 50 confirmations and a stream of sign-ups while the server
// is killed with SIGKILL at random moments, on SQLite and (when its binaries are here) on a
// throwaway PostgreSQL, both at once. Mail goes to a real SMTP receiver in this process, which outlives
// the server. After a last restart drains the outbox: every quote confirmed is envoyé with
// its e-mail received, every account has its verification e-mail, nothing is left waiting;
// a message may arrive twice only if a crash fell between the receiver's acceptance and the
// mark-as-sent (counted). Prints a Markdown table and exits non-zero on any loss.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/index.ts';
import { createQuote } from '#server/quotes/repository.ts';
import { startSmtpReceiver } from '#server/test/smtp-receiver.ts';
import { findPgBin, startPostgres } from '../scripts/lib/postgres.mjs';
import { adminCookie, provisionAdmin } from './lib/admin.ts';
import { startServer } from './lib/server.ts';

const QUOTES = Number(process.env.OUTBOX_CRASH_QUOTES ?? 50);
const ADMIN_EMAIL = 'admin@crash.test';
const ADMIN_PASSWORD = 'mot-de-passe-admin';

type Result = {
  engine: string;
  kills: number;
  confirmationsAcknowledged: number;
  signUpsAcknowledged: number;
  accounts: number;
  messages: number;
  received: number;
  duplicates: number;
  lost: number;
};

async function seedQuotes(handle: DatabaseHandle): Promise<{ id: string; email: string }[]> {
  const quotes = [];
  for (let i = 0; i < QUOTES; i += 1) {
    const email = `client${i}@crash.test`;
    const row = await createQuote(
      handle,
      {
        uid: null,
        email,
        dateSimulation: new Date().toISOString(),
        adresseDepart: 'Lyon (69000)',
        adresseArrivee: 'Marseille (13000)',
        typeVehicule: 'Berline',
        distanceKm: 314,
        prixCentimes: 31_400,
        typeConvoyage: 'Livraison',
        clientType: 'particulier',
        clientDetails: { nom: `Client ${i}`, email, telephone: '06 11 22 33 44' },
        contactDepart: null,
        contactArrivee: null,
        priseInfo: null,
        livraisonInfo: null,
        options: null,
        infosVehicule: null,
        commentaire: null,
        clauses: null,
        signedFileKey: null,
      },
      { userId: null, role: 'customer' },
    );
    await handle.db.updateTable('devis').set({ statut: 'en attente de confirmation' }).where('id', '=', row.id).execute();
    quotes.push({ id: row.id, email });
  }
  return quotes;
}

let signIns = 0;

const signIn = (url: string, env: Record<string, string>) => {
  signIns += 1;
  return adminCookie(url, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, env, `198.51.100.${signIns % 250}`);
};

async function run(engine: 'sqlite' | 'postgres', databaseUrl?: string): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-outbox-crash-'));
  const servers = new Set<Awaited<ReturnType<typeof startServer>>>();
  const receiver = await startSmtpReceiver();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    SMTP_URL: receiver.url,
    // A killed worker's claim runs out quickly, so the next start takes its messages over.
    OUTBOX_LEASE_MS: '1500',
    OUTBOX_RETRY_BASE_MS: '200',
    OUTBOX_POLL_MS: '200',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  try {
    await provisionAdmin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, env);
    const handle = openDatabase(loadConfig(env).database);
    const quotes = await seedQuotes(handle);
    const confirmed = new Set<string>();
    const signedUp = new Set<string>();
    let kills = 0;
    let signUpCount = 0;

    while (confirmed.size < quotes.length && kills < 100) {
      const server = await startServer(env);
      servers.add(server);
      const cookie = await signIn(server.url, env);
      const headers = { 'content-type': 'application/json', origin: server.url, cookie };
      let alive = true;
      // The kill falls at a random moment after the round's first acknowledged request, so
      // every round makes progress however slow the machine is.
      let acknowledge = () => {};
      const firstAck = new Promise<void>((resolve) => (acknowledge = resolve));
      const confirmer = async () => {
        for (const quote of quotes) {
          if (!alive) return;
          if (confirmed.has(quote.id)) continue;
          try {
            const response = await fetch(`${server.url}/api/admin/devis/${quote.id}/confirmer`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ prixFinal: '450,00', clauses: { km: true, longDistance: false } }),
            });
            // 409: confirmed in an earlier round whose answer the crash swallowed.
            if (response.status === 200 || response.status === 409) confirmed.add(quote.id);
            if (response.status === 200) acknowledge();
            else if (process.env.VERBOSE) console.log(`confirm: ${response.status} ${await response.text()}`);
          } catch {
            return;
          }
        }
      };
      const signer = async () => {
        while (alive) {
          signUpCount += 1;
          const email = `inscrit${signUpCount}@crash.test`;
          try {
            const response = await fetch(`${server.url}/api/comptes/inscription`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `203.0.113.${signUpCount % 250}` },
              body: JSON.stringify({
                nom: 'Inscrit Crash',
                telephone: '06 12 34 56 78',
                email,
                adresse: '1 place Bellecour, 69002 Lyon',
                type: 'particulier',
                motDePasse: 'mot-de-passe-crash',
                confirmation: 'mot-de-passe-crash',
                resterConnecte: true,
              }),
            });
            if (response.status === 201) signedUp.add(email);
            if (response.status === 201) acknowledge();
            else if (process.env.VERBOSE) console.log(`sign-up: ${response.status} ${await response.text()}`);
          } catch {
            return;
          }
        }
      };
      const work = [confirmer(), confirmer(), signer()];
      await Promise.race([firstAck, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 600));
      await server.kill();
      servers.delete(server);
      kills += 1;
      alive = false;
      await Promise.all(work);
      if (process.env.VERBOSE) console.log(`${engine} round ${kills}: ${confirmed.size} confirmed, ${signedUp.size} signed up`);
    }

    // A last start sends what the crashes left waiting.
    const server = await startServer(env);
    servers.add(server);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const waiting = await handle.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow();
      if (Number(waiting.n) === 0) break;
      if (Date.now() > deadline) throw new Error(`${engine}: ${waiting.n} messages still waiting after a minute`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await server.stop();
    servers.delete(server);

    const messages = await handle.db.selectFrom('outbox').select(['id', 'status', 'recipient', 'kind', 'devisId']).execute();
    const receivedIds = receiver.messages.map((mail) => mail.messageId?.replace(/^<|@.*$/g, '') ?? '');
    const receivedCount = new Map<string, number>();
    for (const id of receivedIds) receivedCount.set(id, (receivedCount.get(id) ?? 0) + 1);
    const recipients = new Set(
      receiver.messages.flatMap((mail) => [mail.to].flat().flatMap((to) => to?.value.map((v) => v.address) ?? [])),
    );

    const problems: string[] = [];
    for (const message of messages) {
      if (message.status !== 'sent') problems.push(`message ${message.id} (${message.kind}) is ${message.status}`);
      if (!receivedCount.has(message.id)) problems.push(`message ${message.id} (${message.kind}) never reached the receiver`);
    }
    const quoteRows = await handle.db.selectFrom('devis').select(['id', 'statut', 'email']).execute();
    for (const quote of quoteRows) {
      if (confirmed.has(quote.id) && quote.statut !== 'envoyé') problems.push(`quote ${quote.id} acknowledged but ${quote.statut}`);
      if (quote.statut === 'confirmé') problems.push(`quote ${quote.id} left confirmé`);
      if (quote.statut === 'envoyé' && !recipients.has(quote.email!)) problems.push(`quote ${quote.id} envoyé without its e-mail`);
    }
    const accounts = await handle.db.selectFrom('utilisateurs').select('email').execute();
    for (const account of accounts)
      if (!recipients.has(account.email)) problems.push(`account ${account.email} without its verification e-mail`);
    for (const email of signedUp)
      if (!accounts.some((account) => account.email === email)) problems.push(`sign-up ${email} acknowledged but missing`);
    await handle.close();

    if (problems.length > 0) throw new Error(`${engine}: ${problems.length} problems, first: ${problems.slice(0, 5).join('; ')}`);
    const duplicates = receivedIds.length - receivedCount.size;
    if (duplicates > kills) throw new Error(`${engine}: ${duplicates} duplicates for ${kills} crashes`);
    return {
      engine,
      kills,
      confirmationsAcknowledged: confirmed.size,
      signUpsAcknowledged: signedUp.size,
      accounts: accounts.length,
      messages: messages.length,
      received: receivedIds.length,
      duplicates,
      lost: 0,
    };
  } finally {
    // A round that failed leaves no server behind (it would go on sending to a closed receiver).
    for (const server of servers) await server.kill();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
try {
  // The two engines side by side: each has its own data, receiver and servers.
  const pg = findPgBin() ? await startPostgres() : null;
  try {
    const runs = await Promise.allSettled([run('sqlite'), ...(pg ? [run('postgres', pg.url)] : [])]);
    for (const outcome of runs) {
      if (outcome.status === 'rejected') throw outcome.reason;
      results.push(outcome.value);
    }
  } finally {
    pg?.stop();
  }
  console.log(
    '| Engine | SIGKILLs | Confirmations acknowledged | Sign-ups acknowledged | Messages queued | Received | Duplicates | Lost |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${r.kills} | ${r.confirmationsAcknowledged} of ${QUOTES} | ${r.signUpsAcknowledged} (${r.accounts} accounts) | ${r.messages} | ${r.received} | ${r.duplicates} | ${r.lost} |`,
    );
  }
  console.log(`outbox crash test: ${results.map((r) => `${r.engine} ${r.kills} crashes, ${r.messages} messages, 0 lost`).join('; ')}`);
} catch (error) {
  console.error(`outbox crash test FAILED: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
