import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { smsSegments, toGsm7 } from '#domain/sms.ts';
import type { SmsConfig } from '#server/config.ts';

/** A text message as the outbox hands it over: its id (the outbox row's), an E.164 number, the text. */
export type SmsMessage = { id: string; to: string; text: string; tag: string };

/** The provider behind SMS_PROVIDER: resolves once it accepted the message, throws otherwise (the outbox tries again). */
export type SmsSender = { send(message: SmsMessage): Promise<{ providerId: string }> };

/**
 * A French mobile number (or a foreign one with its +code) in E.164, or null when it is not a
 * valid mobile number: a landline cannot receive a text. The full metadata (`/max`) knows the
 * number types; it stays on the server.
 */
export function mobileE164(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  const number = parsePhoneNumberFromString(raw.trim(), 'FR');
  if (!number?.isValid()) return null;
  const type = number.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? number.number : null;
}

/** Well under the outbox's lease: a provider that hangs is given up and tried again later. */
const TIMEOUT_MS = 20_000;

export function createSmsSender(config: SmsConfig, logger: FastifyBaseLogger, fetchImpl: typeof fetch = fetch): SmsSender {
  if (config.provider === 'brevo') return brevoSender(config, logger, fetchImpl);
  return fileSender(config, logger);
}

/**
 * Default: each message becomes one JSON file in DATA_DIR/sms/ (written to a temporary name,
 * then renamed), as the e-mails are `.eml` files: what would have been sent, to read back.
 */
function fileSender(config: Extract<SmsConfig, { provider: 'files' }>, logger: FastifyBaseLogger): SmsSender {
  return {
    async send(message) {
      const text = toGsm7(message.text);
      await mkdir(config.dir, { recursive: true });
      const file = path.join(config.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.id}.json`);
      const record = { id: message.id, sender: config.sender, to: message.to, tag: message.tag, text, ...smsSegments(text) };
      await writeFile(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
      await rename(`${file}.tmp`, file);
      logger.info({ to: message.to, file }, 'text message written to the SMS folder');
      return { providerId: `file-${randomUUID()}` };
    },
  };
}

/**
 * Brevo's transactional SMS (`POST /v3/transactionalSMS/sms`, header `api-key`): the recipient
 * as digits with the country code, the text in its GSM form, `type: transactional` (sent at any
 * hour, no STOP mention). No retry here: the outbox retries, one claim at a time, so a message
 * is not sent twice by two layers of retries.
 */
function brevoSender(config: Extract<SmsConfig, { provider: 'brevo' }>, logger: FastifyBaseLogger, fetchImpl: typeof fetch): SmsSender {
  const url = `${config.baseUrl.replace(/\/$/, '')}/transactionalSMS/sms`;
  return {
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'api-key': config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          sender: config.sender,
          recipient: message.to.replace(/^\+/, ''),
          content: toGsm7(message.text),
          type: 'transactional',
          tag: message.tag,
          unicodeEnabled: false,
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as { messageId?: number; code?: string; message?: string } | null;
      if (!response.ok) {
        throw new Error(`Brevo answered ${response.status}: ${body?.code ?? ''} ${body?.message ?? ''}`.trim());
      }
      if (body?.messageId === undefined) throw new Error('Brevo answered without a messageId');
      logger.info({ to: message.to, messageId: body.messageId }, 'text message accepted by Brevo');
      return { providerId: String(body.messageId) };
    },
  };
}
