import { sql, type Expression, type SqlBool } from 'kysely';
import type { StatutFilter } from '../../domain/schemas/admin.ts';
import { texts } from '../../domain/texts.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '../db/index.ts';
import type { DevisRow } from '../db/schema.ts';

/** The group of a quote: its e-mail, or "client-inconnu" when it has none. */
const groupKey = sql<string>`coalesce(nullif(d.email, ''), ${texts.clientInconnu})`;

/** Lowercase, accentless text for the search: "Hélène Œuvray" → "helene oeuvray". */
export function foldSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');

function searchTextOf(row: {
  email: string | null;
  clientDetails: string | null;
  nom: string | null;
  telephone: string | null;
  userEmail: string | null;
  userName: string | null;
}): string {
  let details: { nom?: unknown; email?: unknown; telephone?: unknown } = {};
  try {
    details = row.clientDetails ? (JSON.parse(row.clientDetails) as typeof details) : {};
  } catch {
    details = {};
  }
  const parts = [row.email, row.userEmail, row.userName, row.nom, row.telephone, details.nom, details.email, details.telephone]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const phones = [row.telephone, details.telephone].filter((p): p is string => typeof p === 'string').map(digitsOnly).filter(Boolean);
  return foldSearchText([...parts, ...phones].join(' | '));
}

/**
 * Brings the search text of every new or changed quote up to date. Cheap when nothing
 * changed (one indexed join); a quote deleted meanwhile is simply skipped next time.
 */
export async function refreshSearchIndex(handle: DatabaseHandle): Promise<number> {
  const stale = await handle.db
    .selectFrom('devis as d')
    .leftJoin('devis_search as s', 's.devisId', 'd.id')
    .leftJoin('utilisateurs as u', 'u.uid', 'd.uid')
    .leftJoin('user as au', 'au.id', 'd.uid')
    .select(['d.id', 'd.email', 'd.clientDetails', 'd.updatedAt', 'u.nom', 'u.telephone', 'au.email as userEmail', 'au.name as userName'])
    .where((eb) => eb.or([eb('s.devisId', 'is', null), eb('s.sourceUpdatedAt', '<>', eb.ref('d.updatedAt'))]))
    .execute();
  if (stale.length === 0) return 0;
  const rows = stale.map((row) => ({ devisId: row.id, texte: searchTextOf(row), sourceUpdatedAt: row.updatedAt }));
  await withWriteTransaction(handle, async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const existing = await trx.selectFrom('devis').select('id').where('id', 'in', chunk.map((row) => row.devisId)).execute();
      const alive = new Set(existing.map((row) => row.id));
      const values = chunk.filter((row) => alive.has(row.devisId));
      if (values.length === 0) continue;
      await trx
        .insertInto('devis_search')
        .values(values)
        .onConflict((oc) =>
          oc.column('devisId').doUpdateSet((eb) => ({ texte: eb.ref('excluded.texte'), sourceUpdatedAt: eb.ref('excluded.sourceUpdatedAt') })),
        )
        .execute();
    }
  });
  return rows.length;
}

type ListFilter = { q: string; statut: StatutFilter };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The quotes the filter keeps, as a base query on `devis as d`. */
function filtered(db: Db, { q, statut }: ListFilter) {
  let query = db.selectFrom('devis as d');
  if (statut !== 'tous') query = query.where('d.statut', 'in', statut === 'en attente' ? ['en attente', ''] : [statut]);
  const term = foldSearchText(q);
  if (term !== '') {
    const patterns = [`%${escapeLike(term)}%`];
    const digits = digitsOnly(term);
    if (digits.length >= 4 && digits !== term) patterns.push(`%${digits}%`);
    query = query
      .innerJoin('devis_search as s', 's.devisId', 'd.id')
      .where((eb) => eb.or(patterns.map((pattern) => sql<SqlBool>`${eb.ref('s.texte')} like ${pattern} escape '\\'` as Expression<SqlBool>)));
  }
  return query;
}

export type GroupSummary = { email: string; count: number; derniereActivite: string };

/** One page of groups, most recent activity first, with the totals for the pager. */
export async function listGroups(db: Db, filter: ListFilter, page: { limit: number; offset: number }) {
  const [groups, totals] = await Promise.all([
    filtered(db, filter)
      .select([groupKey.as('email'), sql<number>`count(*)`.as('count'), sql<string>`max(d."updatedAt")`.as('derniereActivite')])
      .groupBy(groupKey)
      .orderBy('derniereActivite', 'desc')
      .orderBy('email')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter)
      .select([sql<number>`count(distinct ${groupKey})`.as('groups'), sql<number>`count(*)`.as('devis')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    groups: groups.map((group) => ({ ...group, count: Number(group.count) })) as GroupSummary[],
    totalGroups: Number(totals.groups),
    totalDevis: Number(totals.devis),
  };
}

/** The most recent quotes of the given groups, at most `perGroup` each. */
export async function listQuotesOfGroups(db: Db, filter: ListFilter, emails: string[], perGroup: number): Promise<(DevisRow & { groupe: string })[]> {
  if (emails.length === 0) return [];
  const ranked = filtered(db, filter)
    .selectAll('d')
    .select([
      groupKey.as('groupe'),
      sql<number>`row_number() over (partition by ${groupKey} order by d."updatedAt" desc, d."numeroDevis" desc)`.as('rang'),
    ])
    .where(groupKey, 'in', emails);
  const rows = await db.selectFrom(ranked.as('r')).selectAll('r').where('r.rang', '<=', perGroup).orderBy('r.updatedAt', 'desc').execute();
  return rows.map(({ rang: _rang, ...row }) => row);
}

export function listArchivedQuotes(db: Db): Promise<DevisRow[]> {
  return db.selectFrom('devis').selectAll().where('statut', '=', 'archivé').orderBy('numeroDevis', 'asc').execute();
}

/** Deletes the quote (its history and search text go with it); returns what was deleted. */
export async function deleteQuote(handle: DatabaseHandle, id: string): Promise<DevisRow | undefined> {
  return withWriteTransaction(handle, (trx) => trx.deleteFrom('devis').where('id', '=', id).returningAll().executeTakeFirst());
}
