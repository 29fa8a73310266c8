import { readFile } from 'node:fs/promises';
import { legalRoutes } from '#domain/api-paths.ts';
import { defaultCgv } from '#domain/texts/legal.ts';
import { legalFacts, type Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle } from '#server/db/index.ts';
import { sha256Hex } from '#server/documents/documents.ts';
import { findCgvBySha256, insertCgvVersion } from './repository.ts';

export type CgvDeps = { database: DatabaseHandle; config: Config };

/** The terms of sale in force, as `GET /api/cgv` answers and a signature records them. */
export type Cgv = { version: number; date: string; sha256: string; texte: string };

/** The text in force: the operator's file (CGV_PATH, Markdown) or the catalogue's default, filled with the seller's facts. */
async function cgvTextOf(config: Config): Promise<string> {
  if (config.legal.cgvPath) return (await readFile(config.legal.cgvPath, 'utf8')).replace(/\r\n/g, '\n');
  return defaultCgv(legalFacts(config));
}

/**
 * The version in force: the text is read and hashed; a text seen before keeps its number and
 * date, a new one becomes the next version, dated now, and is kept for ever. Two instances
 * meeting the same new text at once: the UNIQUE hash lets one write it, the other reads it.
 */
export async function currentCgv(deps: CgvDeps): Promise<Cgv> {
  const texte = await cgvTextOf(deps.config);
  const sha256 = sha256Hex(Buffer.from(texte, 'utf8'));
  const known = await findCgvBySha256(deps.database.db, sha256);
  if (known) return known;
  try {
    return await withWriteTransaction(deps.database, async (trx) => {
      const raced = await findCgvBySha256(trx, sha256);
      return raced ?? insertCgvVersion(trx, { sha256, date: new Date().toISOString(), texte });
    });
  } catch (error) {
    const written = await findCgvBySha256(deps.database.db, sha256);
    if (written) return written;
    throw error;
  }
}

/** /cgv arrives prerendered with the CGV in force, under the path of `GET /api/cgv` (#domain/page-data.ts). */
export async function cgvPageData(deps: CgvDeps) {
  const cgv = await currentCgv(deps);
  return { version: cgv.sha256, data: { [legalRoutes.cgv.path]: cgv } };
}
