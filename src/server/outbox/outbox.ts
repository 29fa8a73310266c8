import { z } from 'zod';
import type { Db } from '#server/db/index.ts';
import type { OutboxRow } from '#server/db/schema.ts';
import { insertMessage } from './repository.ts';

export { cancelMail, countInFlight, findLatestForQuote, listFailedSince, releaseMail, retryNow } from './repository.ts';

/** A file of the message: bytes kept with it, or a key of the file store read when sending. */
export type OutboxAttachment = { filename: string; contentType: string } & ({ content: Buffer } | { storageKey: string });

export type OutboxMail = {
  /** What the message is about; the worker's hooks for that kind run before and after sending. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
  /** The quote the message is about, if any (its state is shown to the administrator). */
  devisId?: string | null;
  /**
   * Held until then: for a change whose last step (writing a file) comes after its commit. The
   * caller releases it with `releaseMail` once that step is done, or cancels it with
   * `cancelMail` in the transaction that takes the change back; a crash in between sends it
   * when the hold ends.
   */
  heldUntil?: Date;
};

const storedAttachmentSchema = z.array(
  z.union([
    z.object({ filename: z.string(), contentType: z.string(), storageKey: z.string() }),
    z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() }),
  ]),
);
export type StoredAttachment = z.infer<typeof storedAttachmentSchema>[number];

/**
 * Records an e-mail to send. Call it with the transaction that makes the change the e-mail
 * tells of: both are written, or neither. The worker sends it after the commit (at once
 * when the caller then calls `kick()`, else at its next poll).
 */
export async function enqueueMail(trx: Db, mail: OutboxMail, now = new Date()): Promise<string> {
  const attachments: StoredAttachment[] = (mail.attachments ?? []).map((file) =>
    'content' in file
      ? { filename: file.filename, contentType: file.contentType, contentBase64: file.content.toString('base64') }
      : { filename: file.filename, contentType: file.contentType, storageKey: file.storageKey },
  );
  return insertMessage(
    trx,
    {
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: JSON.stringify(attachments),
      devisId: mail.devisId ?? null,
    },
    now,
    mail.heldUntil,
  );
}

/** A text message: to an E.164 number (sms.ts › mobileE164), about a quote or not. */
export type OutboxSms = { kind: string; to: string; text: string; devisId?: string | null };

/**
 * Records a text message to send, like `enqueueMail`: in the transaction of the change it
 * tells of; the same worker sends it through the SMS provider, with the same retries and claim.
 */
export async function enqueueSms(trx: Db, sms: OutboxSms, now = new Date()): Promise<string> {
  return insertMessage(
    trx,
    {
      kind: sms.kind,
      channel: 'sms',
      recipient: sms.to,
      subject: '',
      textBody: sms.text,
      htmlBody: '',
      attachments: '[]',
      devisId: sms.devisId ?? null,
    },
    now,
  );
}

/** The attachments of a stored message; a row that does not parse is an error of ours, not of the input. */
export function readAttachments(row: Pick<OutboxRow, 'id' | 'attachments'>): StoredAttachment[] {
  const parsed = storedAttachmentSchema.safeParse(JSON.parse(row.attachments));
  if (!parsed.success) throw new Error(`outbox message ${row.id} has malformed attachments`);
  return parsed.data;
}
