import { readOutbox as readDataDirOutbox } from '#server/test/outbox.ts';

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/convoyage-e2e-${process.env.E2E_PORT ?? 4319}`;

/** The e-mails the running app wrote to its outbox, oldest first. */
export const readOutbox = () => readDataDirOutbox(E2E_DATA_DIR);

/**
 * Headers for a sign-in from the test: the app's origin and a client address of its own
 * (the app trusts X-Forwarded-For from loopback), so the per-IP sign-in limit, which the
 * whole suite would otherwise share from 127.0.0.1, only applies where a test is about it.
 */
export function apiHeaders(baseURL: string) {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return { origin: baseURL, 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` };
}
