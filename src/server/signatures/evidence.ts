import type { Db } from '#server/db/index.ts';
import { findSignatureOf } from './repository.ts';

/**
 * Whether a quote was signed online (its evidence is kept): what the quote's own rules ask of
 * signatures/ (a signed and sealed document is never replaced by a scan). A file of its own,
 * below the signing service, so that quotes/ reaches it without depending on signing.
 */
export async function isSignedOnline(db: Db, devisId: string): Promise<boolean> {
  return (await findSignatureOf(db, devisId)) !== undefined;
}
