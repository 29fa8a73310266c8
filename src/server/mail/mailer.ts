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
};

export type Mailer = {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
};

type MailerOptions = { smtpUrl?: string; from: string; outboxDir: string; logger: FastifyBaseLogger };

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes one RFC 822 `.eml` file in
 * DATA_DIR/mails/ (written to a temporary name, then renamed, so a reader never sees half a file).
 */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent by SMTP');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
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
