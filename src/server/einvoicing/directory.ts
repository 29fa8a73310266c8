import { directoryAnswer } from '#domain/einvoicing.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import type { PaAnnuaireRow } from '#server/db/schema.ts';
import { PlatformError } from './platform-client.ts';
import { findDirectoryEntry, saveDirectoryEntry } from './repository.ts';
import type { Wired } from './deps.ts';

/**
 * Whether a business customer receives e-invoices through an approved platform, from the
 * Directory Service (XP Z12-013, `POST /v1/directory-line/search` by SIREN), cached with the date
 * it was checked: looked up when an invoice to him is issued or his quote is opened, again after
 * `MAX_AGE_MS`.
 */

export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export type DirectoryDeps = Pick<Wired, 'database' | 'platform' | 'log' | 'now'>;

/** The cached answer, refreshed when older than `maxAgeMs` (0: always); the stale one, or null, when the directory cannot answer. */
export async function lookUpSiren(deps: DirectoryDeps, siren: string, { maxAgeMs = MAX_AGE_MS } = {}): Promise<PaAnnuaireRow | null> {
  const now = deps.now();
  const cached = await findDirectoryEntry(deps.database.db, siren);
  if (cached && now.getTime() - Date.parse(cached.checkedAt) < maxAgeMs) return cached;
  try {
    const lines = await deps.platform.findDirectoryLines(siren);
    const mine = lines.filter((line) => !line.siren || line.siren === siren);
    const states = mine.map((line) => line.directoryLineStatus ?? line.platform?.platformStatus ?? null);
    const enabled =
      mine.find((line) => (line.directoryLineStatus ?? line.platform?.platformStatus)?.toLowerCase() === 'enabled') ?? mine[0];
    const entry: PaAnnuaireRow = {
      siren,
      receives: directoryAnswer(states),
      addressingIdentifier: enabled?.addressingIdentifier ?? null,
      platformType: enabled?.platformType ?? enabled?.platform?.platformType ?? null,
      checkedAt: now.toISOString(),
    };
    await saveDirectoryEntry(deps.database.db, entry);
    return entry;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    deps.log.warn({ err: error, siren }, 'the directory could not be read');
    return cached ?? null;
  }
}

/** The cached answer only (no call): what a list shows. */
export const cachedDirectoryEntry = (deps: { database: DatabaseHandle }, siren: string) => findDirectoryEntry(deps.database.db, siren);
