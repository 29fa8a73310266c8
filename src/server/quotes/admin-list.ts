import type { AdminListResponse, DevisSummary, StatutFilter } from '#domain/schemas/admin.ts';
import type { AdminDeps } from './back-office.ts';
import { listArchivedQuotes, listGroups, listQuotesOfGroups, refreshSearchIndex } from './list-repository.ts';

/** Quotes a group shows in the list; the rest come with `groupe`. */
const DEVIS_PER_GROUP = 50;
const GROUP_MAX = 1000;

/** The back office's list: the quotes grouped by customer, searched, filtered by status and paged in SQL. */
export async function listAdminQuotes(
  deps: AdminDeps,
  query: { q: string; statut: StatutFilter; page: number; groupsPerPage: number; groupe?: string },
): Promise<AdminListResponse> {
  const filter = { q: query.q, statut: query.statut };
  if (filter.q.trim() !== '') {
    // A search answers from the index as it is rather than fail: the refresh logs what it could not do.
    await refreshSearchIndex(deps.database, deps.log).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'search index could not be refreshed; searching the index as it is'),
    );
  }
  const { db } = deps.database;

  if (query.groupe !== undefined) {
    const devis = (await listQuotesOfGroups(db, filter, [query.groupe], GROUP_MAX)).map(({ groupe: _groupe, ...summary }) => summary);
    return {
      groups: devis.length ? [{ email: query.groupe, count: devis.length, derniereActivite: devis[0]!.updatedAt, devis }] : [],
      page: 1,
      groupsPerPage: 1,
      totalGroups: devis.length ? 1 : 0,
      totalDevis: devis.length,
      devisPerGroup: GROUP_MAX,
    };
  }

  const { groups, totalGroups, totalDevis } = await listGroups(db, filter, {
    limit: query.groupsPerPage,
    offset: (query.page - 1) * query.groupsPerPage,
  });
  const rows = await listQuotesOfGroups(
    db,
    filter,
    groups.map((group) => group.email),
    DEVIS_PER_GROUP,
  );
  const byGroup = new Map<string, DevisSummary[]>();
  for (const { groupe, ...summary } of rows) {
    const list = byGroup.get(groupe) ?? [];
    list.push(summary);
    byGroup.set(groupe, list);
  }
  return {
    groups: groups.map((group) => ({ ...group, devis: byGroup.get(group.email) ?? [] })),
    page: query.page,
    groupsPerPage: query.groupsPerPage,
    totalGroups,
    totalDevis,
    devisPerGroup: DEVIS_PER_GROUP,
  };
}

export function listArchives(deps: AdminDeps): Promise<DevisSummary[]> {
  return listArchivedQuotes(deps.database.db);
}
