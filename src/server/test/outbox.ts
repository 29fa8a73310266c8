import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The messages the default mailer wrote to DATA_DIR/mails/, oldest first. Shared by the
 * Vitest helpers and the Playwright journeys (it imports nothing of either runner).
 */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  return Promise.all(filesOf(dataDir, 'mails', '.eml').map((file) => simpleParser(readFileSync(file))));
}

/** The files a default sender wrote to DATA_DIR/<folder>/, oldest first (their names start with the time). */
function filesOf(dataDir: string, folder: string, extension: string): string[] {
  const dir = path.join(dataDir, folder);
  try {
    return readdirSync(dir)
      .filter((file) => file.endsWith(extension))
      .sort()
      .map((file) => path.join(dir, file));
  } catch {
    return [];
  }
}

/** A text message as the default provider (SMS_PROVIDER=files) wrote it to DATA_DIR/sms/. */
export type SmsFile = { id: string; sender: string; to: string; text: string; tag: string; segments: number; encoding: string };

/** The text messages the default provider wrote to DATA_DIR/sms/, oldest first. */
export function readSms(dataDir: string): SmsFile[] {
  return filesOf(dataDir, 'sms', '.json').map((file) => JSON.parse(readFileSync(file, 'utf8')) as SmsFile);
}

export function addressOf(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
}

/** The first link of a message's text part (a verification or reset link). */
export function linkIn(mail: ParsedMail | undefined): URL {
  const match = mail?.text?.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in the e-mail');
  return new URL(match[0]);
}
