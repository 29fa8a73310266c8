import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '#server/db/index.ts';
import { buildTestApp, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { startSmtpReceiver } from '#server/test/smtp-receiver.ts';
import { enqueueMail } from './outbox.ts';
import { claimDue } from './repository.ts';

const mail = (to: string, extra: object = {}) => ({ kind: 'test', to, subject: 'Sujet', text: 'Texte', html: '<p>Texte</p>', ...extra });
const statusOf = async (t: TestApp, id: string) =>
  (await t.app.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).status;

describe.each(ENGINES)('the e-mail outbox on %s', (engine) => {
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await buildTestApp(engine, { env: { SMTP_URL: receiver.url, OUTBOX_RETRY_BASE_MS: '0' } });
    // Only the tests' drains send here.
    await t.app.outbox.stop();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('writes nothing when the transaction that enqueued the message rolls back', async () => {
    const failing = withWriteTransaction(t.app.database, async (trx) => {
      await enqueueMail(trx, mail('annule@exemple.fr'));
      throw new Error('the change failed');
    });
    await expect(failing).rejects.toThrow('the change failed');
    await t.app.outbox.drain();
    expect(receiver.messages.filter((m) => m.to && JSON.stringify(m.to).includes('annule@exemple.fr'))).toHaveLength(0);
  });

  it('takes over a message whose worker died while sending it, once its claim has run out', async () => {
    const anHourAgo = new Date(Date.now() - 3_600_000);
    const id = await enqueueMail(t.app.database.db, mail('repris@exemple.fr'), anHourAgo);
    // A worker claimed it an hour ago for a minute, then died.
    const claimed = await claimDue(t.app.database, { now: anHourAgo, leaseMs: 60_000, limit: 100 });
    expect(claimed.map((row) => row.id)).toContain(id);
    expect(await statusOf(t, id)).toBe('sending');

    await t.app.outbox.drain();
    expect(await statusOf(t, id)).toBe('sent');
    const row = await t.app.database.db.selectFrom('outbox').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
  });

  it('does not take a message another worker is still sending', async () => {
    const id = await enqueueMail(t.app.database.db, mail('en-cours@exemple.fr'));
    await claimDue(t.app.database, { now: new Date(), leaseMs: 60_000, limit: 100 });
    await t.app.outbox.drain();
    expect(await statusOf(t, id)).toBe('sending');
    expect(receiver.messages.some((m) => JSON.stringify(m.to).includes('en-cours@exemple.fr'))).toBe(false);
  });

  it('keeps a message whose attachment is missing from the store for a later try, with the reason', async () => {
    const id = await enqueueMail(
      t.app.database.db,
      mail('piece@exemple.fr', {
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', storageKey: 'devis-envoyes/absent/a.pdf' }],
      }),
    );
    await t.app.outbox.drain();
    const row = await t.app.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('missing from the file store');
  });

  // Several instances share one PostgreSQL database; SQLite serves one process (ARCHITECTURE.md).
  if (engine === 'postgres') {
    it('sends each message once when two instances drain the same database at the same moment (FOR UPDATE SKIP LOCKED)', async () => {
      // The same DATA_DIR and database (t.env names them).
      const second = await buildTestApp(engine, { env: t.env });
      await second.app.outbox.stop();
      try {
        const ids: string[] = [];
        for (let i = 0; i < 40; i += 1) ids.push(await enqueueMail(t.app.database.db, mail(`lot${i}@exemple.fr`)));
        const before = receiver.messages.length;
        await Promise.all([t.app.outbox.drain(), second.app.outbox.drain(), t.app.outbox.drain(), second.app.outbox.drain()]);
        const received = receiver.messages.slice(before).map((m) => m.messageId?.replace(/^<|@.*$/g, ''));
        expect(received.sort()).toEqual([...ids].sort());
        for (const id of ids) expect(await statusOf(t, id)).toBe('sent');
      } finally {
        await second.app.close();
      }
    });
  }
});
