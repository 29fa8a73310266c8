import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/convoyage-e2e-${process.env.E2E_PORT ?? 4319}`;

/** The e-mails the running app wrote to its outbox, newest last. */
export async function readOutbox() {
  const dir = path.join(E2E_DATA_DIR, 'mails');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(files.map((file) => simpleParser(readFileSync(path.join(dir, file)))));
}

