import { randomUUID } from 'node:crypto';
import {
  PHOTO_LIMITS,
  type Etape,
  type InspectionBody,
  type MissionPhoto,
  type MissionView,
  type PhotoQuery,
} from '#domain/schemas/missions.ts';
import { formatParisDateAtTime } from '#domain/format.ts';
import { hasInk } from '#domain/schemas/signature.ts';
import { nextStatut } from '#domain/statuses.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { sha256Hex, storeDocument } from '#server/documents/documents.ts';
import { AppError, conflict, notFound, validationError } from '#server/errors.ts';
import { notifyDelivered, notifyPickedUp } from '#server/notifications/service.ts';
import { recordQuoteEvent, requireQuote, rowToDevis, transitionQuoteIn } from '#server/quotes/service.ts';
import { endTracking, startTracking } from '#server/tracking/service.ts';
import { processPhoto } from './photos.ts';
import { renderInspectionReport } from './report-pdf.ts';
import {
  countPhotos,
  deleteDraftPhoto,
  findInspection,
  findPhoto,
  insertInspection,
  insertPhoto,
  listInspectionsOf,
  listPhotos,
  settlePhotos,
  type PhotoRow,
} from './repository.ts';
import { getMissionView, isInProgress, photoKeys, reportKey, toPhoto, type MissionDeps } from './service.ts';

/*
 * The inspections of a mission: their photos, sent one at a time, and their completion with
 * its report (what the planning and the customer see of them: service.ts).
 */

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
  // Both steps' inspections, read once: this one (already done?) and, for a delivery, the pickup.
  const inspections = await listInspectionsOf(deps.database.db, [row.id]);
  const done = inspections.find((inspection) => inspection.etape === etape);
  if (done) {
    if (done.soumissionId === body.soumissionId) return getMissionView(deps, row.id);
    throw conflict(m.alreadyCompleted[etape]);
  }
  if (!isInProgress(row)) throw conflict(m.notInProgress);
  const pickup = inspections.find((inspection) => inspection.etape === 'prise-en-charge');
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
      seller: deps.config.seller,
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
        await startTracking(trx, deps.config, row, completedAt);
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
      await endTracking(trx, deps.config, moved, completedAt);
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
