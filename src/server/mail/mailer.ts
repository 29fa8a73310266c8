import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Made into the Message-ID: the outbox passes its message id, so a duplicate is recognisable. */
  messageId?: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
};

type MailerOptions = { smtpUrl?: string; from: string; outboxDir: string; logger: FastifyBaseLogger };

/** Well under the outbox lease (2 minutes by default): a hung server is given up and tried again later. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 45_000 };

function messageIdOf(message: MailMessage, from: string): string | undefined {
  if (!message.messageId) return undefined;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'convoyage.local';
  return `<${message.messageId}@${domain}>`;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes one RFC 822 `.eml` file in
 * DATA_DIR/mails/ (written to a temporary name, then renamed, so a reader never sees half a file).
 */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message, messageId: messageIdOf(message, from) });
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent by SMTP');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message, messageId: messageIdOf(message, from) });
      const raw = info.message as Buffer;
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(`${file}.tmp`, raw);
      await rename(`${file}.tmp`, file);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
