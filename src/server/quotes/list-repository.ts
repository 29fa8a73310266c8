import { sql, type Expression, type SqlBool } from 'kysely';
import type { DevisSummary, StatutFilter } from '#domain/schemas/admin.ts';
import type { Statut } from '#domain/statuses.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { toStorableText } from '#domain/schemas/text.ts';
import { foldAccents } from '#domain/text-fold.ts';
import { texts } from '#domain/texts/common.ts';
import { isInputDataError } from '#server/db/errors.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import { rowToSummary } from '#server/quotes/devis-mapper.ts';
import { QUOTE_MAIL_KIND } from './confirmation-mail.ts';

/** The group of a quote: its e-mail, or "client-inconnu" when it has none. */
const groupKey = sql<string>`coalesce(nullif(d.email, ''), ${sql.lit(texts.clientInconnu)})`;

/** Lowercase, accentless text for the search: "Hélène Œuvray" → "helene oeuvray". */
export function foldSearchText(value: string): string {
  return foldAccents(value).replace(/\s+/g, ' ').trim();
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');

function searchTextOf(row: {
  email: string | null;
  clientDetails: Devis['clientDetails'];
  nom: string | null;
  telephone: string | null;
  userEmail: string | null;
  userName: string | null;
}): string {
  const details = row.clientDetails;
  const parts = [row.email, row.userEmail, row.userName, row.nom, row.telephone, details?.nom, details?.email, details?.telephone].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  const phones = [row.telephone, details?.telephone]
    .filter((p): p is string => typeof p === 'string')
    .map(digitsOnly)
    .filter(Boolean);
  // Rows stored before the text rule may hold characters PostgreSQL cannot take (NUL).
  return foldSearchText(toStorableText([...parts, ...phones].join(' | ')));
}

type SearchRow = { devisId: string; texte: string; sourceVersion: number };
type Logger = { warn: (details: object, message: string) => void };

/** Writes search texts, skipping quotes deleted meanwhile. */
async function upsertSearchRows(db: Db, rows: SearchRow[]): Promise<void> {
  const existing = await db
    .selectFrom('devis')
    .select('id')
    .where(
      'id',
      'in',
      rows.map((row) => row.devisId),
    )
    .execute();
  const alive = new Set(existing.map((row) => row.id));
  const values = rows.filter((row) => alive.has(row.devisId));
  if (values.length === 0) return;
  await db
    .insertInto('devis_search')
    .values(values)
    .onConflict((oc) =>
      oc.column('devisId').doUpdateSet((eb) => ({ texte: eb.ref('excluded.texte'), sourceVersion: eb.ref('excluded.sourceVersion') })),
    )
    .execute();
}

/**
 * Brings the search text of every new or changed quote up to date. Cheap when nothing
 * changed (two indexed aggregates); a quote deleted meanwhile is simply skipped next time.
 *
 * One quote can never break the search: when a batch cannot be written, its rows are written
 * one by one, and a row the database still refuses is indexed with an empty text (so it is
 * not retried on every search) and logged; if even that fails it is skipped and logged.
 */
export async function refreshSearchIndex(handle: DatabaseHandle, log?: Logger): Promise<number> {
  // Fast path: every write of a quote increments its version and a search text only ever
  // holds a version already reached, while deleting a quote deletes its text: the same count
  // and the same sum of versions on both sides mean that every text is current.
  const [quotes, indexed] = await Promise.all([
    handle.db
      .selectFrom('devis')
      .select([sql<number>`count(*)`.as('n'), sql<number | null>`sum("version")`.as('versions')])
      .executeTakeFirstOrThrow(),
    handle.db
      .selectFrom('devis_search')
      .select([sql<number>`count(*)`.as('n'), sql<number | null>`sum("sourceVersion")`.as('versions')])
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(quotes.n) === Number(indexed.n) && Number(quotes.versions) === Number(indexed.versions)) return 0;
  const stale = await handle.db
    .selectFrom('devis as d')
    .leftJoin('devis_search as s', 's.devisId', 'd.id')
    .leftJoin('utilisateurs as u', 'u.uid', 'd.uid')
    .leftJoin('user as au', 'au.id', 'd.uid')
    .select(['d.id', 'd.email', 'd.clientDetails', 'd.version', 'u.nom', 'u.telephone', 'au.email as userEmail', 'au.name as userName'])
    .where((eb) => eb.or([eb('s.devisId', 'is', null), eb('s.sourceVersion', '<>', eb.ref('d.version'))]))
    .execute();
  if (stale.length === 0) return 0;
  const rows = stale.map((row) => ({ devisId: row.id, texte: searchTextOf(row), sourceVersion: row.version }));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    try {
      await withWriteTransaction(handle, (trx) => upsertSearchRows(trx, chunk));
    } catch (batchError) {
      log?.warn({ err: batchError, rows: chunk.length }, 'search index: a batch could not be written, writing its rows one by one');
      for (const row of chunk) await indexOneRow(handle.db, row, log);
    }
  }
  return rows.length;
}

async function indexOneRow(db: Db, row: SearchRow, log?: Logger): Promise<void> {
  try {
    await upsertSearchRows(db, [row]);
  } catch (error) {
    if (!isInputDataError(error)) {
      log?.warn({ err: error, devisId: row.devisId }, 'search index: quote skipped, it will be tried again at the next search');
      return;
    }
    // The database refuses this text for good: index the quote with none, so that it is not
    // tried again at every search; it is found again once it changes.
    log?.warn({ err: error, devisId: row.devisId }, 'search index: quote left out of the search, its text cannot be stored');
    await upsertSearchRows(db, [{ ...row, texte: '' }]).catch((retryError: unknown) =>
      log?.warn({ err: retryError, devisId: row.devisId }, 'search index: quote skipped, it will be tried again at the next search'),
    );
  }
}

type ListFilter = { q: string; statut: StatutFilter };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The quotes the filter keeps, as a base query on `devis as d`. */
function filtered(db: Db, { q, statut }: ListFilter) {
  let query = db.selectFrom('devis as d');
  if (statut !== 'tous') query = query.where('d.statut', '=', statut);
  const term = foldSearchText(q);
  if (term !== '') {
    const patterns = [`%${escapeLike(term)}%`];
    const digits = digitsOnly(term);
    if (digits.length >= 4 && digits !== term) patterns.push(`%${digits}%`);
    // Driven from the search texts (a short scan) into devis by primary key.
    query = query.where('d.id', 'in', (eb) =>
      eb
        .selectFrom('devis_search as s')
        .select('s.devisId')
        .where((w) =>
          w.or(patterns.map((pattern) => sql<SqlBool>`${w.ref('s.texte')} like ${pattern} escape '\\'` as Expression<SqlBool>)),
        ),
    );
  }
  return query;
}

type GroupSummary = { email: string; count: number; derniereActivite: string };

/**
 * One page of groups, most recent activity first, with the totals for the pager: one scan,
 * the totals are window sums over the groups (computed before LIMIT applies).
 */
export async function listGroups(db: Db, filter: ListFilter, page: { limit: number; offset: number }) {
  const rows = await filtered(db, filter)
    .select([
      groupKey.as('email'),
      sql<number>`count(*)`.as('count'),
      sql<string>`max(d."updatedAt")`.as('derniereActivite'),
      sql<number>`count(*) over ()`.as('totalGroups'),
      sql<number>`sum(count(*)) over ()`.as('totalDevis'),
    ])
    .groupBy(groupKey)
    .orderBy('derniereActivite', 'desc')
    .orderBy('email')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  let totals = rows[0] ? { totalGroups: Number(rows[0].totalGroups), totalDevis: Number(rows[0].totalDevis) } : null;
  if (!totals) {
    // A page past the end: the totals still come from the filter.
    const counted = await filtered(db, filter)
      .select([sql<number>`count(distinct ${groupKey})`.as('groups'), sql<number>`count(*)`.as('devis')])
      .executeTakeFirstOrThrow();
    totals = { totalGroups: Number(counted.groups), totalDevis: Number(counted.devis) };
  }
  return {
    groups: rows.map((row) => ({ email: row.email, count: Number(row.count), derniereActivite: row.derniereActivite })) as GroupSummary[],
    ...totals,
  };
}

const summaryColumns = [
  'd.id',
  'd.numeroDevis',
  'd.statut',
  'd.archive',
  'd.email',
  'd.dateSimulation',
  'd.adresseDepart',
  'd.adresseArrivee',
  'd.typeVehicule',
  'd.prixCentimes',
  'd.signedFileKey',
  'd.updatedAt',
  'd.clientDetails',
  'd.valableJusquAu',
  'd.acomptePourcent',
] as const;

/**
 * Whether a confirmé quote's e-mail for signature has failed at least once and is not sent yet
 * (retrying or given up): the list flags it, so that a customer left without his quote is seen.
 */
const mailFailed =
  sql<number>`case when d."statut" = ${'confirmé' satisfies Statut} and exists (select 1 from outbox o where o."devisId" = d."id" and o."kind" = ${QUOTE_MAIL_KIND} and o."attempts" > 0 and o."status" in ('pending', 'failed')) then 1 else 0 end`.as(
    'mailFailed',
  );

/** The most recent quotes of the given groups, at most `perGroup` each. */
export async function listQuotesOfGroups(
  db: Db,
  filter: ListFilter,
  emails: string[],
  perGroup: number,
): Promise<(DevisSummary & { groupe: string })[]> {
  const ranked = filtered(db, filter)
    .leftJoin('utilisateurs as u', 'u.uid', 'd.uid')
    .select(summaryColumns)
    .select(['u.nom as ownerNom', 'u.telephone as ownerTelephone', mailFailed])
    .select([
      groupKey.as('groupe'),
      sql<number>`row_number() over (partition by ${groupKey} order by d."updatedAt" desc, d."numeroDevis" desc)`.as('rang'),
    ])
    .where(groupKey, 'in', emails);
  const rows = await db.selectFrom(ranked.as('r')).selectAll('r').where('r.rang', '<=', perGroup).orderBy('r.updatedAt', 'desc').execute();
  return rows.map((row) => ({ ...rowToSummary(row), groupe: row.groupe }));
}

export async function listArchivedQuotes(db: Db): Promise<DevisSummary[]> {
  const rows = await db
    .selectFrom('devis as d')
    .leftJoin('utilisateurs as u', 'u.uid', 'd.uid')
    .select(summaryColumns)
    .select(['u.nom as ownerNom', 'u.telephone as ownerTelephone'])
    .where('d.statut', '=', 'archivé')
    .orderBy('d.numeroDevis', 'asc')
    .execute();
  return rows.map(rowToSummary);
}
