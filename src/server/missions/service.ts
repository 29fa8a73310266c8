import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import {
  planningGroupOf,
  PHOTO_LIMITS,
  PLANNING_GROUPS,
  type CustomerInspections,
  type Etape,
  type FeedState,
  type InspectionBody,
  type InspectionView,
  type MissionPhoto,
  type MissionBasics,
  type MissionView,
  type PhotoQuery,
  type PlanningMission,
  type PlanningResponse,
} from '#domain/schemas/missions.ts';
import { formatParisDateAtTime, parisToday } from '#domain/format.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { hasInk } from '#domain/schemas/signature.ts';
import { nextStatut, normalizeStatut } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import type { Viewer } from '#server/viewer.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { assertMayFetch, readDocument, sha256Hex, storeDocument } from '#server/documents/documents.ts';
import { AppError, conflict, forbidden, notFound, validationError } from '#server/errors.ts';
import { notifyDelivered, notifyPickedUp } from '#server/notifications/service.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { recordQuoteEvent, requireQuote, rowToDevis, transitionQuoteIn } from '#server/quotes/service.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { renderPlanningFeed } from './feed.ts';
import { processPhoto } from './photos.ts';
import { renderInspectionReport } from './report-pdf.ts';
import {
  countPhotos,
  deleteDraftPhoto,
  findFeedToken,
  findInspection,
  findPhoto,
  insertInspection,
  insertPhoto,
  listInspectionsOf,
  listPhotos,
  listPlanningQuotes,
  replaceFeedToken,
  settlePhotos,
  type InspectionRow,
  type PhotoRow,
} from './repository.ts';

export type MissionDeps = {
  database: DatabaseHandle;
  fileStore: FileStore;
  outbox: OutboxWorker;
  config: Config;
  log: FastifyBaseLogger;
};

const photoUrl = (devisId: string, photoId: string) => apiPath(apiRoutes.missions.photo, { id: devisId, photoId });
const reportUrl = (devisId: string, etape: Etape) => apiPath(apiRoutes.missions.report, { id: devisId, etape });
const photoKeys = (devisId: string, etape: Etape, photoId: string) => ({
  storageKey: `missions/${devisId}/${etape}/${photoId}.jpg`,
  thumbKey: `missions/${devisId}/${etape}/${photoId}-vignette.jpg`,
});
/** Each report under a key of its own: a stored PV is never written again. */
const reportKey = (devisId: string, etape: Etape) => `missions/${devisId}/pv-${etape}-${randomUUID()}.pdf`;

const isInProgress = (row: Pick<DevisRow, 'statut'>) => normalizeStatut(row.statut) === 'en cours';

function toPhoto(row: PhotoRow): MissionPhoto {
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

function toInspectionView(row: InspectionRow, photos: PhotoRow[]): InspectionView {
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

async function inspectionsOf(deps: MissionDeps, devisId: string) {
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
  const missions = rows.map((row) => {
    const devis = rowToDevis(row);
    const mission: PlanningMission = {
      ...missionBasics(devis),
      priseEnChargeLe: doneAt(devis.id, 'prise-en-charge'),
      livraisonLe: doneAt(devis.id, 'livraison'),
    };
    return mission;
  });
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
function missionBasics(devis: Devis): MissionBasics {
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
    clientNom: devis.clientDetails?.nom ?? null,
    commentaire: devis.commentaire,
    peutInspecter: isInProgress(row),
    priseEnCharge: inspections.priseEnCharge,
    livraison: inspections.livraison,
    photosRecues: inspections.draftPhotos.map((photo) => photo.id),
  };
}

/**
 * Receives one photo of an inspection under the id the page made for it. The same photo sent
 * again (a retry after a lost answer) is answered with what was stored, not stored twice; an
 * id already used for other bytes is refused (409). Only while the quote is en cours and the
 * inspection is not completed, at most 40 per inspection; the image is checked and encoded
 * anew (photos.ts).
 */
export async function storePhoto(
  deps: MissionDeps,
  id: string,
  etape: Etape,
  photoId: string,
  query: PhotoQuery,
  body: Buffer,
): Promise<{ photo: MissionPhoto; created: boolean }> {
  const row = await requireQuote(deps.database.db, id);
  const sourceSha256 = sha256Hex(body);
  const sameAgain = (existing: PhotoRow | undefined) => {
    if (!existing) return null;
    if (existing.devisId !== row.id || existing.etape !== etape || existing.sourceSha256 !== sourceSha256) throw conflict(m.photoConflict);
    return { photo: toPhoto(existing), created: false };
  };
  const known = sameAgain(await findPhoto(deps.database.db, photoId));
  if (known) return known;
  if (!isInProgress(row)) throw conflict(m.notInProgress);
  if (await findInspection(deps.database.db, row.id, etape)) throw conflict(m.alreadyCompleted[etape]);
  if (query.emplacement === 'dommage' && !query.dommage) throw validationError(m.photoDamageMissing);
  if ((await countPhotos(deps.database.db, row.id, etape)) >= PHOTO_LIMITS.maxPerInspection) throw conflict(m.photoTooMany);

  const processed = await processPhoto(body, query.prisLe ?? null);
  const keys = photoKeys(row.id, etape, photoId);
  try {
    await deps.fileStore.put(keys.storageKey, processed.jpeg, 'image/jpeg');
    await deps.fileStore.put(keys.thumbKey, processed.thumb, 'image/jpeg');
  } catch (error) {
    throw new AppError('unavailable', m.pvFailure, { cause: error });
  }
  const photo: PhotoRow = {
    id: photoId,
    devisId: row.id,
    etape,
    emplacement: query.emplacement,
    dommageId: query.emplacement === 'dommage' ? (query.dommage ?? null) : null,
    takenAt: query.prisLe ? new Date(query.prisLe).toISOString() : null,
    ...keys,
    sha256: sha256Hex(processed.jpeg),
    sourceSha256,
    bytes: processed.jpeg.length,
    width: processed.width,
    height: processed.height,
    uploadedAt: new Date().toISOString(),
    completed: 0,
  };
  if (await insertPhoto(deps.database.db, photo)) return { photo: toPhoto(photo), created: true };
  // Sent twice at the same moment: the other request stored it (the same bytes under the same keys).
  const raced = sameAgain(await findPhoto(deps.database.db, photoId));
  if (raced) return raced;
  throw conflict(m.photoConflict);
}

/** Removes a photo taken for an inspection not yet completed (retaken, or removed on the phone). */
export async function removePhoto(deps: MissionDeps, id: string, etape: Etape, photoId: string): Promise<void> {
  const row = await requireQuote(deps.database.db, id);
  const photo = await findPhoto(deps.database.db, photoId);
  if (!photo || photo.devisId !== row.id || photo.etape !== etape) throw notFound(m.photoNotFound);
  if (photo.completed) throw conflict(m.alreadyCompleted[etape]);
  const removed = await deleteDraftPhoto(deps.database.db, photoId);
  if (!removed) throw conflict(m.alreadyCompleted[etape]);
  await removeFiles(deps, [removed]);
}

async function removeFiles(deps: MissionDeps, photos: PhotoRow[]): Promise<void> {
  for (const photo of photos) {
    for (const key of [photo.storageKey, photo.thumbKey]) {
      await deps.fileStore
        .delete(key)
        .catch((error: unknown) => deps.log.warn({ err: error, key }, 'a removed photo could not be deleted'));
    }
  }
}

/**
 * Completes an inspection and makes its report. Checks, in this order: the quote (404); an
 * inspection already completed for this step (the same submission sent again: its result;
 * another one: 409); the quote en cours (409); at delivery, the pickup done first (409); the
 * photos all received (409, the page sends them first) and the damage's photos among them, the
 * signatures drawn (400). Then, with nothing written, the PV is rendered and stored under a new
 * key; one transaction records the inspection, settles its photos and: at pickup, records
 * « Véhicule pris en charge » in the history and queues the pickup PV to the customer; at
 * delivery, moves the quote en cours → terminé (transition table, action deliver) and queues
 * the finalisation e-mail with both PVs. If that transaction does not commit, the PV file goes.
 */
export async function completeInspection(
  deps: MissionDeps,
  admin: { id: string },
  id: string,
  etape: Etape,
  body: InspectionBody,
): Promise<MissionView> {
  const row = await requireQuote(deps.database.db, id);
  const done = await findInspection(deps.database.db, row.id, etape);
  if (done) {
    if (done.soumissionId === body.soumissionId) return getMissionView(deps, row.id);
    throw conflict(m.alreadyCompleted[etape]);
  }
  if (!isInProgress(row)) throw conflict(m.notInProgress);
  const pickup = etape === 'livraison' ? await findInspection(deps.database.db, row.id, 'prise-en-charge') : undefined;
  if (etape === 'livraison' && !pickup) throw conflict(m.pickupFirst);
  if (etape === 'prise-en-charge' && body.reserves) throw validationError(m.reservesOnlyAtDelivery);
  const keep = [...new Set(body.photos)];
  const received = (await listPhotos(deps.database.db, row.id, etape)).filter((photo) => keep.includes(photo.id));
  if (received.length < keep.length) throw conflict(m.photosMissing(keep.length - received.length));
  if (body.dommages.some((damage) => damage.photoId && !keep.includes(damage.photoId))) throw validationError(m.damagePhotoUnknown);
  if (!hasInk(body.signatureConvoyeur.signature) || !hasInk(body.signatureContact.signature)) throw validationError(m.signatureRequired);

  const { soumissionId, photos: _photos, ...fields } = body;
  const devis = rowToDevis(row);
  const completedAt = new Date();
  const photos = await Promise.all(
    received.map(async (photo) => {
      const file = await deps.fileStore.get(photo.storageKey);
      if (!file) throw new AppError('unavailable', m.pvFailure);
      return {
        id: photo.id,
        emplacement: photo.emplacement as MissionPhoto['emplacement'],
        dommageId: photo.dommageId,
        takenAt: photo.takenAt,
        jpeg: file,
      };
    }),
  );
  let pdf: Buffer;
  try {
    pdf = await renderInspectionReport({
      etape,
      devis,
      fields,
      photos,
      pickupDamages: pickup?.fields.dommages,
      completedAt,
      business: deps.config.business,
    });
  } catch (error) {
    deps.log.error({ err: error, devisId: row.id, etape }, 'the inspection report could not be rendered');
    throw new AppError('unavailable', m.pvFailure, { cause: error });
  }
  const stored = await storeDocument(deps.fileStore, reportKey(row.id, etape), pdf, { failureMessage: m.pvFailure });

  const by = { userId: admin.id, role: 'admin' as const };
  let dropped: PhotoRow[] = [];
  try {
    const outcome = await withWriteTransaction(deps.database, async (trx) => {
      const inserted = await insertInspection(trx, {
        id: randomUUID(),
        devisId: row.id,
        numeroDevis: row.numeroDevis,
        etape,
        soumissionId,
        fields,
        completedAt: completedAt.toISOString(),
        completedBy: admin.id,
        pvKey: stored.key,
        pvSha256: stored.sha256,
      });
      if (!inserted) return 'taken' as const;
      dropped = await settlePhotos(trx, row.id, etape, keep);
      const when = { date: formatParisDateAtTime(fields.dateHeure), place: fields.lieu };
      if (etape === 'prise-en-charge') {
        await recordQuoteEvent(trx, { devisId: row.id, by, event: 'Véhicule pris en charge', byName: fields.signatureConvoyeur.nom });
        await notifyPickedUp(trx, deps.config, row, {
          ...when,
          report: { filename: `${m.pvFile[etape]}-${row.numeroDevis}.pdf`, storageKey: stored.key },
        });
        return 'done' as const;
      }
      const to = nextStatut('admin', 'deliver', row.statut);
      const moved = to
        ? await transitionQuoteIn(trx, {
            id: row.id,
            expected: 'en cours',
            to,
            by,
            event: { event: 'Véhicule livré', byName: fields.signatureConvoyeur.nom },
          })
        : undefined;
      // The quote changed meanwhile (finished by hand, deleted): nothing of this inspection stays.
      if (!moved) throw conflict(m.notInProgress);
      await notifyDelivered(trx, deps.config, moved, {
        ...when,
        reports: [
          { filename: `${m.pvFile['prise-en-charge']}-${row.numeroDevis}.pdf`, storageKey: pickup!.pvKey },
          { filename: `${m.pvFile.livraison}-${row.numeroDevis}.pdf`, storageKey: stored.key },
        ],
      });
      return 'done' as const;
    });
    if (outcome === 'taken') {
      await deps.fileStore.delete(stored.key);
      return completeInspection(deps, admin, id, etape, body);
    }
  } catch (error) {
    await deps.fileStore.delete(stored.key).catch(() => undefined);
    throw error;
  }
  await removeFiles(deps, dropped);
  deps.outbox.kick();
  return getMissionView(deps, row.id);
}

/** The completed inspections of a quote, for its owner or the administrator. */
export async function getCustomerInspections(deps: MissionDeps, viewer: Viewer, id: string): Promise<CustomerInspections> {
  const row = await requireQuote(deps.database.db, id);
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'mission', what: { devisId: row.id } },
    { log: deps.log, notFoundMessage: texts.quoteNotFound },
  );
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
  const row = await requireQuote(deps.database.db, id);
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'mission', what: { devisId: row.id } },
    { log: deps.log, notFoundMessage: texts.quoteNotFound },
  );
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
  const row = await requireQuote(deps.database.db, id);
  assertMayFetch(
    viewer,
    { ownerId: row.uid, kind: 'mission', what: { devisId: row.id } },
    { log: deps.log, notFoundMessage: texts.quoteNotFound },
  );
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
  return renderPlanningFeed(missions, { publicUrl: deps.config.publicUrl, business: deps.config.business.name });
}
