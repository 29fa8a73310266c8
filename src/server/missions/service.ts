import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import {
  planningGroupOf,
  PLANNING_GROUPS,
  type CustomerInspections,
  type Etape,
  type FeedState,
  type InspectionView,
  type MissionPhoto,
  type MissionBasics,
  type MissionView,
  type PlanningMission,
  type PlanningResponse,
} from '#domain/schemas/missions.ts';
import { parisToday } from '#domain/format.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { normalizeStatut } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import type { Viewer } from '#server/viewer.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { assertMayFetch, readDocument, sha256Hex } from '#server/documents/documents.ts';
import { forbidden, notFound } from '#server/errors.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { startNotBefore } from '#server/legal/early-start.ts';
import { requireQuote, rowToDevis } from '#server/quotes/service.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { renderPlanningFeed } from './feed.ts';
import {
  findFeedToken,
  findInspection,
  findPhoto,
  listInspectionsOf,
  listPhotos,
  listPlanningQuotes,
  replaceFeedToken,
  type InspectionRow,
  type PhotoRow,
} from './repository.ts';

/** The missions' part of the back office's « À faire » (issue 34). */
export { upcomingAppointments } from './a-faire.ts';

export type MissionDeps = {
  database: DatabaseHandle;
  fileStore: FileStore;
  outbox: OutboxWorker;
  config: Config;
  log: FastifyBaseLogger;
};

const photoUrl = (devisId: string, photoId: string) => apiPath(apiRoutes.missions.photo, { id: devisId, photoId });
const reportUrl = (devisId: string, etape: Etape) => apiPath(apiRoutes.missions.report, { id: devisId, etape });
export const photoKeys = (devisId: string, etape: Etape, photoId: string) => ({
  storageKey: `missions/${devisId}/${etape}/${photoId}.jpg`,
  thumbKey: `missions/${devisId}/${etape}/${photoId}-vignette.jpg`,
});
/** Each report under a key of its own: a stored PV is never written again. */
export const reportKey = (devisId: string, etape: Etape) => `missions/${devisId}/pv-${etape}-${randomUUID()}.pdf`;

export const isInProgress = (row: Pick<DevisRow, 'statut'>) => normalizeStatut(row.statut) === 'en cours';

export function toPhoto(row: PhotoRow): MissionPhoto {
  return {
    id: row.id,
    etape: row.etape as Etape,
    emplacement: row.emplacement as MissionPhoto['emplacement'],
    dommageId: row.dommageId,
    prisLe: row.takenAt,
    largeur: row.width,
    hauteur: row.height,
    octets: row.bytes,
    url: photoUrl(row.devisId, row.id),
    vignetteUrl: `${photoUrl(row.devisId, row.id)}?taille=vignette`,
  };
}

export function toInspectionView(row: InspectionRow, photos: PhotoRow[]): InspectionView {
  const { signatureConvoyeur, signatureContact, ...fields } = row.fields;
  return {
    ...fields,
    etape: row.etape,
    termineeLe: row.completedAt,
    convoyeur: signatureConvoyeur.nom,
    contact: signatureContact.nom,
    pvUrl: reportUrl(row.devisId, row.etape),
    photos: photos.filter((photo) => photo.etape === row.etape && photo.completed).map(toPhoto),
  };
}

export async function inspectionsOf(deps: MissionDeps, devisId: string) {
  const [pickup, delivery, photos] = await Promise.all([
    findInspection(deps.database.db, devisId, 'prise-en-charge'),
    findInspection(deps.database.db, devisId, 'livraison'),
    listPhotos(deps.database.db, devisId),
  ]);
  return {
    priseEnCharge: pickup ? toInspectionView(pickup, photos) : null,
    livraison: delivery ? toInspectionView(delivery, photos) : null,
    draftPhotos: photos.filter((photo) => !photo.completed),
  };
}

/** /admin/missions: quotes en cours (and envoyé, for information) grouped by wished pickup day in France. */
export async function getPlanning(deps: MissionDeps, now = new Date()): Promise<PlanningResponse> {
  const rows = await listPlanningQuotes(deps.database.db);
  const inspections = await listInspectionsOf(
    deps.database.db,
    rows.map((row) => row.id),
  );
  const doneAt = (devisId: string, etape: Etape) =>
    inspections.find((inspection) => inspection.devisId === devisId && inspection.etape === etape)?.completedAt ?? null;
  const today = parisToday(now);
  const missions = await Promise.all(
    rows.map(async (row) => {
      const devis = rowToDevis(row);
      const mission: PlanningMission = {
        ...missionBasics(devis),
        pasAvantLe: await startNotBefore(deps.database.db, row, now),
        priseEnChargeLe: doneAt(devis.id, 'prise-en-charge'),
        livraisonLe: doneAt(devis.id, 'livraison'),
      };
      return mission;
    }),
  );
  const sortKey = (mission: PlanningMission) =>
    `${mission.priseInfo?.datePriseEnCharge ?? '9999'} ${mission.priseInfo?.debut ?? ''} ${String(mission.numeroDevis).padStart(9, '0')}`;
  missions.sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  return {
    jour: today,
    groupes: PLANNING_GROUPS.map((groupe) => ({
      groupe,
      missions: missions.filter((mission) => planningGroupOf(mission.priseInfo?.datePriseEnCharge, today) === groupe),
    })).filter((group) => group.missions.length > 0),
  };
}

/** What the planning and the inspection pages both show of a mission. */
function missionBasics(devis: Devis): Omit<MissionBasics, 'pasAvantLe'> {
  return {
    id: devis.id,
    numeroDevis: devis.numeroDevis,
    statut: devis.statut,
    adresseDepart: devis.adresseDepart,
    adresseArrivee: devis.adresseArrivee,
    typeVehicule: devis.typeVehicule,
    infosVehicule: devis.infosVehicule,
    priseInfo: devis.priseInfo,
    livraisonInfo: devis.livraisonInfo,
    contactDepart: devis.contactDepart,
    contactArrivee: devis.contactArrivee,
  };
}

/** What the inspection pages show and keep for offline use. */
export async function getMissionView(deps: MissionDeps, id: string): Promise<MissionView> {
  const row = await requireQuote(deps.database.db, id);
  const devis = rowToDevis(row);
  const inspections = await inspectionsOf(deps, row.id);
  return {
    ...missionBasics(devis),
    pasAvantLe: await startNotBefore(deps.database.db, row),
    clientNom: devis.clientDetails?.nom ?? null,
    commentaire: devis.commentaire,
    peutInspecter: isInProgress(row),
    priseEnCharge: inspections.priseEnCharge,
    livraison: inspections.livraison,
    photosRecues: inspections.draftPhotos.map((photo) => photo.id),
  };
}

/** The quote of a mission, for its owner or the administrator; anyone else gets the 404 of an unknown quote (logged). */
async function requireOwnMission(deps: MissionDeps, viewer: Viewer, id: string) {
  const row = await requireQuote(deps.database.db, id);
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'mission', what: { devisId: row.id } },
    { log: deps.log, notFoundMessage: texts.quoteNotFound },
  );
  return row;
}

/** The completed inspections of a quote, for its owner or the administrator. */
export async function getCustomerInspections(deps: MissionDeps, viewer: Viewer, id: string): Promise<CustomerInspections> {
  const row = await requireOwnMission(deps, viewer, id);
  const { priseEnCharge, livraison } = await inspectionsOf(deps, row.id);
  return { priseEnCharge, livraison };
}

/** A photo (or its thumbnail): the administrator any, the owner those of completed inspections. */
export async function getPhotoFile(
  deps: MissionDeps,
  viewer: Viewer,
  id: string,
  photoId: string,
  size: 'photo' | 'vignette',
): Promise<Buffer> {
  const row = await requireOwnMission(deps, viewer, id);
  const photo = await findPhoto(deps.database.db, photoId);
  if (!photo || photo.devisId !== row.id || (viewer.role !== 'admin' && !photo.completed)) throw notFound(m.photoNotFound);
  const content = await deps.fileStore.get(size === 'vignette' ? photo.thumbKey : photo.storageKey);
  if (!content) throw notFound(m.photoNotFound);
  return content;
}

/** A report (PV), for the quote's owner or the administrator. */
export async function getReportFile(
  deps: MissionDeps,
  viewer: Viewer,
  id: string,
  etape: Etape,
): Promise<{ content: Buffer; filename: string }> {
  const row = await requireOwnMission(deps, viewer, id);
  const inspection = await findInspection(deps.database.db, row.id, etape);
  const file = inspection ? await readDocument(deps.fileStore, inspection.pvKey, inspection.pvSha256) : null;
  if (!inspection || !file) throw notFound(m.pvNotFound);
  if (!file.intact) deps.log.error({ devisId: row.id, etape, key: inspection.pvKey }, 'a stored inspection report is not the one recorded');
  return { content: file.content, filename: `${m.pvFile[etape]}-${row.numeroDevis}.pdf` };
}

/** Whether the calendar feed has a link, and since when (the link itself is shown only when made). */
export async function getFeedState(deps: MissionDeps): Promise<FeedState> {
  const row = await findFeedToken(deps.database.db);
  return { actif: row !== undefined, creeLe: row?.createdAt ?? null };
}

/** Makes a new secret link for the calendar feed; the previous one stops working. Only its hash is kept. */
export async function regenerateFeed(deps: MissionDeps): Promise<FeedState> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date().toISOString();
  await withWriteTransaction(deps.database, (trx) => replaceFeedToken(trx, sha256Hex(Buffer.from(token)), createdAt));
  return { actif: true, creeLe: createdAt, url: `${deps.config.publicUrl}${apiPath(apiRoutes.missions.feed, {}, { token })}` };
}

/** The calendar feed, for whoever holds the current token (a phone's calendar has no session). */
export async function renderFeed(deps: MissionDeps, token: string | undefined): Promise<string> {
  const row = await findFeedToken(deps.database.db);
  const given = Buffer.from(sha256Hex(Buffer.from(token ?? '')), 'hex');
  const expected = row ? Buffer.from(row.tokenSha256, 'hex') : null;
  if (!token || !expected || expected.length !== given.length || !timingSafeEqual(given, expected)) {
    deps.log.warn({ hasToken: Boolean(token) }, 'refused: calendar feed with a wrong token');
    throw forbidden(m.feedBadToken);
  }
  const missions: Devis[] = (await listPlanningQuotes(deps.database.db)).map(rowToDevis);
  return renderPlanningFeed(missions, { publicUrl: deps.config.publicUrl, business: deps.config.seller.tradeName });
}
