import type { FastifyBaseLogger } from 'fastify';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { OutboxRow } from '#server/db/schema.ts';
import type { MailAttachment, Mailer } from '#server/mail/mailer.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { readAttachments } from './outbox.ts';
import { createLeaseWorker, nextAttemptAfter } from './lease-queue.ts';
import type { SmsSender } from './sms.ts';
import { claimDue, markAttemptFailed, markCancelled, markSent } from './repository.ts';

/** What a capability does around the sending of its messages (registered per kind). */
export type OutboxHooks = {
  /** Read just before sending: a reason string cancels the message (its cause is gone). */
  cancelReason?: (db: Db, message: OutboxRow) => Promise<string | null>;
  /** Runs in the transaction that marks the message sent (e.g. the quote becomes envoyé). */
  onSent?: (trx: Db, message: OutboxRow) => Promise<void>;
};

export type OutboxOptions = {
  /** How often an idle worker looks for due messages (ms; 0: only when kicked or drained). */
  pollMs: number;
  /** How long a claim holds before another worker may take the message over (ms). */
  leaseMs: number;
  /** Attempts before a message is given up (`failed`, retried only by the administrator). */
  maxAttempts: number;
  /** Delay before the second attempt (ms); it doubles at each attempt, up to an hour. */
  retryBaseMs: number;
  now?: () => Date;
};

export type OutboxWorker = {
  register(kind: string, hooks: OutboxHooks): void;
  start(): void;
  /** Stops polling and waits for the message being sent, if any. */
  stop(): Promise<void>;
  /** Looks for due messages now (after a transaction that enqueued one has committed). */
  kick(): void;
  /** Sends every message due now, then resolves (tests, and the admin's retry). */
  drain(): Promise<number>;
};

export function createOutboxWorker(deps: {
  database: DatabaseHandle;
  mailer: Mailer;
  /** The text messages' channel (SMS_PROVIDER). */
  sms: SmsSender;
  fileStore: FileStore;
  log: FastifyBaseLogger;
  options: OutboxOptions;
}): OutboxWorker {
  const { database, mailer, sms, fileStore, log, options } = deps;
  const now = options.now ?? (() => new Date());
  const hooks = new Map<string, OutboxHooks>();

  async function attachmentsOf(message: OutboxRow): Promise<MailAttachment[]> {
    return Promise.all(
      readAttachments(message).map(async (file) => {
        if ('contentBase64' in file)
          return { filename: file.filename, contentType: file.contentType, content: Buffer.from(file.contentBase64, 'base64') };
        const content = await fileStore.get(file.storageKey);
        if (!content) throw new Error(`attachment ${file.storageKey} is missing from the file store`);
        return { filename: file.filename, contentType: file.contentType, content };
      }),
    );
  }

  async function deliver(message: OutboxRow): Promise<void> {
    const kindHooks = hooks.get(message.kind) ?? {};
    const reason = await kindHooks.cancelReason?.(database.db, message);
    if (reason) {
      await markCancelled(database.db, message, reason);
      log.info({ outboxId: message.id, kind: message.kind, reason }, 'e-mail cancelled before sending');
      return;
    }
    try {
      if (message.channel === 'sms') {
        await sms.send({ id: message.id, to: message.recipient, text: message.textBody, tag: message.kind });
      } else {
        await mailer.send({
          to: message.recipient,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
          attachments: await attachmentsOf(message),
          messageId: message.id,
        });
      }
    } catch (error) {
      const nextAttemptAt = nextAttemptAfter(message.attempts, { baseMs: options.retryBaseMs, maxAttempts: options.maxAttempts }, now());
      await markAttemptFailed(database.db, message, { error: describe(error), nextAttemptAt });
      log.warn(
        { err: error, outboxId: message.id, kind: message.kind, attempts: message.attempts, nextAttemptAt },
        nextAttemptAt
          ? `${message.channel} not sent; it will be tried again`
          : `${message.channel} not sent; given up after the last attempt`,
      );
      return;
    }
    // Accepted by the transport. A crash before this commit sends it again after the lease:
    // the one window for a duplicate.
    const isStillOurs = await withWriteTransaction(database, async (trx) => {
      const marked = await markSent(trx, message, now());
      if (marked) await kindHooks.onSent?.(trx, message);
      return marked;
    });
    if (!isStillOurs) log.warn({ outboxId: message.id }, 'e-mail sent after its claim ran out: another worker may send it too');
  }

  const worker = createLeaseWorker({
    name: 'outbox',
    pollMs: options.pollMs,
    claim: (limit) => claimDue(database, { now: now(), leaseMs: options.leaseMs, limit }),
    process: deliver,
    log,
  });

  return {
    register(kind, kindHooks) {
      hooks.set(kind, kindHooks);
    },
    start: worker.start,
    stop: worker.stop,
    kick: worker.kick,
    drain: worker.drain,
  };
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}
