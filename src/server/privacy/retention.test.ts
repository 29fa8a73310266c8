import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { OutboxStatus } from '#server/db/schema.ts';
import { buildTestAppForThisTest, createCustomer, ENGINES, useTestApp } from '#server/test/helpers.ts';
import { recordAudit } from '#server/audit/service.ts';
import { pruneExpiredData } from './retention.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-23T10:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

const PERIODS = { intervalMinutes: 60, sentMailDays: 30, expiredSessionDays: 7, verificationDays: 1, throttleHours: 24, auditDays: 400 };

async function addMail(db: Db, status: OutboxStatus, createdAt: string, sentAt: string | null) {
  const id = randomUUID();
  await db
    .insertInto('outbox')
    .values({
      id,
      kind: 'test',
      recipient: 'client@exemple.fr',
      subject: 'Sujet',
      textBody: 'texte',
      htmlBody: '<p>texte</p>',
      attachments: '[]',
      devisId: null,
      status,
      attempts: 1,
      nextAttemptAt: createdAt,
      leaseUntil: null,
      lastError: null,
      createdAt,
      sentAt,
    })
    .execute();
  return id;
}

async function addSession(db: Db, userId: string, expiresAt: string) {
  const id = randomUUID();
  await sql`insert into ${sql.table('session')} (${sql.ref('id')}, ${sql.ref('token')}, ${sql.ref('userId')}, ${sql.ref('expiresAt')}, ${sql.ref(
    'createdAt',
  )}, ${sql.ref('updatedAt')}) values (${id}, ${randomUUID()}, ${userId}, ${expiresAt}, ${ago(40 * DAY)}, ${ago(40 * DAY)})`.execute(db);
  return id;
}

async function addVerification(db: Db, expiresAt: string) {
  const id = randomUUID();
  await sql`insert into ${sql.table('verification')} (${sql.ref('id')}, ${sql.ref('identifier')}, ${sql.ref('value')}, ${sql.ref(
    'expiresAt',
  )}, ${sql.ref('createdAt')}, ${sql.ref('updatedAt')}) values (${id}, ${`reset-password:${id}`}, ${'u'}, ${expiresAt}, ${ago(3 * DAY)}, ${ago(
    3 * DAY,
  )})`.execute(db);
  return id;
}

async function addRateLimit(db: Db, lastRequest: number) {
  const id = randomUUID();
  await sql`insert into ${sql.table('rateLimit')} (${sql.ref('id')}, ${sql.ref('key')}, ${sql.ref('count')}, ${sql.ref(
    'lastRequest',
  )}) values (${id}, ${`198.51.100.1|/sign-in/email|${id}`}, ${1}, ${lastRequest})`.execute(db);
  return id;
}

const idsIn = async (db: Db, table: string, ids: string[]) => {
  const { rows } = await sql<{
    id: string;
  }>`select ${sql.ref('id')} from ${sql.table(table)} where ${sql.ref('id')} in (${sql.join(ids)})`.execute(db);
  return rows.map((row) => row.id).sort();
};

describe('retention periods', () => {
  it('have documented defaults and read the RETENTION_* variables', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/convoyage-retention-config' }).retention).toEqual({
      intervalMinutes: 60,
      sentMailDays: 30,
      expiredSessionDays: 7,
      verificationDays: 1,
      throttleHours: 24,
      auditDays: 400,
    });
    const config = loadConfig({
      DATA_DIR: '/tmp/convoyage-retention-config',
      RETENTION_INTERVAL_MINUTES: '0',
      RETENTION_SENT_MAIL_DAYS: '90',
      RETENTION_EXPIRED_SESSION_DAYS: '0',
      RETENTION_VERIFICATION_DAYS: '2',
      RETENTION_THROTTLE_HOURS: '48',
      AUDIT_RETENTION_DAYS: '3650',
    });
    expect(config.retention).toEqual({
      intervalMinutes: 0,
      sentMailDays: 90,
      expiredSessionDays: 0,
      verificationDays: 2,
      throttleHours: 48,
      auditDays: 3650,
    });
    expect(() => loadConfig({ DATA_DIR: '/tmp/convoyage-retention-config', RETENTION_SENT_MAIL_DAYS: '0' })).toThrow(
      /RETENTION_SENT_MAIL_DAYS/,
    );
  });
});

describe.each(ENGINES)('pruning expired data on %s', (engine) => {
  const t = useTestApp(engine);

  it('deletes what is older than its period and keeps what is newer', async () => {
    const db = t.app.database.db;
    const customer = await createCustomer(t);

    const oldSent = await addMail(db, 'sent', ago(40 * DAY), ago(31 * DAY));
    const recentSent = await addMail(db, 'sent', ago(40 * DAY), ago(29 * DAY));
    const oldCancelled = await addMail(db, 'cancelled', ago(31 * DAY), null);
    const oldFailed = await addMail(db, 'failed', ago(60 * DAY), null);
    const oldPending = await addMail(db, 'pending', ago(60 * DAY), null);

    const longExpired = await addSession(db, customer.id, ago(8 * DAY));
    const justExpired = await addSession(db, customer.id, ago(6 * DAY));
    const valid = await addSession(db, customer.id, new Date(NOW.getTime() + DAY).toISOString());

    const oldLink = await addVerification(db, ago(2 * DAY));
    const recentLink = await addVerification(db, ago(DAY / 2));

    await db
      .insertInto('auth_throttle')
      .values([
        { key: `old-${engine}`, hits: 3, windowStart: NOW.getTime() - 25 * 60 * 60 * 1000 },
        { key: `new-${engine}`, hits: 3, windowStart: NOW.getTime() - 23 * 60 * 60 * 1000 },
      ])
      .execute();
    const oldLimit = await addRateLimit(db, NOW.getTime() - 25 * 60 * 60 * 1000);
    const newLimit = await addRateLimit(db, NOW.getTime() - 60 * 1000);

    const signInAt = (days: number) => new Date(NOW.getTime() - days * DAY);
    await recordAudit(db, { kind: 'auth.sign_in', actorEmail: `old-${engine}@exemple.fr`, at: signInAt(401) });
    await recordAudit(db, { kind: 'auth.sign_in', actorEmail: `new-${engine}@exemple.fr`, at: signInAt(399) });

    const report = await pruneExpiredData(t.app.database, PERIODS, NOW);
    expect(report).toMatchObject({ sentMails: 2, sessions: 1, verifications: 1, throttles: 1, rateLimits: 1, auditEntries: 1 });

    expect(await idsIn(db, 'outbox', [oldSent, recentSent, oldCancelled, oldFailed, oldPending])).toEqual(
      [recentSent, oldFailed, oldPending].sort(),
    );
    expect(await idsIn(db, 'session', [longExpired, justExpired, valid])).toEqual([justExpired, valid].sort());
    expect(await idsIn(db, 'verification', [oldLink, recentLink])).toEqual([recentLink]);
    const throttles = await db
      .selectFrom('auth_throttle')
      .select('key')
      .where('key', 'in', [`old-${engine}`, `new-${engine}`])
      .execute();
    expect(throttles).toEqual([{ key: `new-${engine}` }]);
    expect(await idsIn(db, 'rateLimit', [oldLimit, newLimit])).toEqual([newLimit]);
    const journal = await db
      .selectFrom('audit_log')
      .select('actorEmail')
      .where('actorEmail', 'in', [`old-${engine}@exemple.fr`, `new-${engine}@exemple.fr`])
      .execute();
    expect(journal).toEqual([{ actorEmail: `new-${engine}@exemple.fr` }]);

    // Running it again finds nothing more: every delete is idempotent.
    expect(await pruneExpiredData(t.app.database, PERIODS, NOW)).toEqual({
      sentMails: 0,
      sessions: 0,
      verifications: 0,
      throttles: 0,
      rateLimits: 0,
      auditEntries: 0,
    });
  });

  it('runs as the declared task « retention », at the time it is given', async () => {
    const withRetention = await buildTestAppForThisTest(engine, { env: { RETENTION_INTERVAL_MINUTES: '60' } });
    const db = withRetention.app.database.db;
    const oldSent = await addMail(db, 'sent', ago(31 * DAY), ago(31 * DAY));
    const recentSent = await addMail(db, 'sent', ago(29 * DAY), ago(29 * DAY));
    // Pruned as of NOW (a frozen clock): the mail sent 31 days before it goes, the other stays.
    expect(await withRetention.app.tasks.runNow('retention', NOW)).toMatchObject({ sentMails: 1 });
    expect(await idsIn(db, 'outbox', [oldSent, recentSent])).toEqual([recentSent]);
  });

  it('is not declared when RETENTION_INTERVAL_MINUTES is 0 (as the test helpers set it)', () => {
    expect(() => t.app.tasks.runNow('retention', NOW)).toThrow(/no task declared as retention/);
  });
});
