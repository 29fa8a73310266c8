import { missionsRoutes } from '#domain/api-paths.ts';
import { inspectionBodySchema, type InspectionBody, type MissionView } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import {
  clearDraft,
  forgetDeletion,
  listDeletions,
  listDrafts,
  listPhotos,
  refuseDraft,
  updatePhoto,
  type Draft,
  type StoredPhoto,
} from './store.ts';
import { api, trusted } from '#client/lib/api.ts';
import { emitSync, isRefusal, onSyncChange, registerSender, send, startSync, syncNow, syncStatus } from '#client/lib/offline-sender.ts';

/**
 * The inspections' step of the shared sender (lib/offline-sender.ts): the deletions of photos
 * retaken, then each photo (PUT under its own id: sent again after a lost answer, the server
 * keeps it once), then the completed inspections whose photos are all in. A refusal is kept
 * with its French message and not sent again.
 */

/** "2026-12-01T08:40" (an <input type="datetime-local">, the phone's time) → "2026-12-01T08:40:00+01:00". */
export function withOffset(local: string): string {
  const date = new Date(local);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local) || Number.isNaN(date.getTime())) return local;
  const minutes = -date.getTimezoneOffset();
  const pad = (value: number) => String(Math.floor(Math.abs(value))).padStart(2, '0');
  return `${local.slice(0, 16)}:00${minutes >= 0 ? '+' : '-'}${pad(minutes / 60)}:${pad(minutes % 60)}`;
}

/** The completion's body from what the form holds, or the French reason it is not complete yet. */
export function inspectionBodyOf(draft: Draft, photos: StoredPhoto[]) {
  const kept = photos.filter((photo) => !photo.error).map((photo) => photo.id);
  const integer = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);
  const { fields } = draft;
  return inspectionBodySchema.safeParse({
    soumissionId: draft.soumissionId,
    dateHeure: withOffset(fields.dateHeure),
    lieu: fields.lieu,
    kilometrage: integer(fields.kilometrage),
    niveauEnergie: integer(fields.niveauEnergie),
    cles: integer(fields.cles),
    documents: fields.documents,
    autresDocuments: fields.autresDocuments,
    dommages: fields.dommages.map((damage) => ({
      ...damage,
      photoId: damage.photoId && kept.includes(damage.photoId) ? damage.photoId : null,
    })),
    remarques: fields.remarques,
    reserves: draft.etape === 'livraison' ? fields.reserves : '',
    signatureConvoyeur: { nom: fields.convoyeurNom, signature: fields.convoyeurSignature },
    signatureContact: { nom: fields.contactNom, signature: fields.contactSignature },
    photos: kept,
  } satisfies Record<keyof InspectionBody, unknown>);
}

async function sendDeletions() {
  for (const deletion of await listDeletions()) {
    const params = { id: deletion.devisId, etape: deletion.etape, photoId: deletion.id };
    const answer = await send(api(missionsRoutes.deletePhoto, { params }));
    // Gone (204), never there (404), or kept by a completed inspection (409): nothing more to do.
    if (!isRefusal(answer) || answer.status === 404 || answer.status === 409) await forgetDeletion(deletion.id);
    emitSync({ key: deletion.draftKey });
  }
}

async function sendPhoto(photo: StoredPhoto) {
  const params = { id: photo.devisId, etape: photo.etape, photoId: photo.id };
  const query = { emplacement: photo.emplacement, dommage: photo.dommageId, prisLe: photo.takenAt };
  // The blob is the page's JPEG; its type is the request's content type.
  const answer = await send(api(missionsRoutes.putPhoto, { params, query, body: photo.blob }));
  await updatePhoto(photo.id, isRefusal(answer) ? { error: answer.message } : { sent: true });
}

async function sendDraft(draft: Draft) {
  const photos = await listPhotos(draft.key);
  for (const photo of photos.filter((item) => !item.sent && !item.error)) {
    await sendPhoto(photo);
    emitSync({ key: draft.key });
  }
  if (!draft.submitted) return;
  const body = inspectionBodyOf(draft, await listPhotos(draft.key));
  if (!body.success) {
    await refuseDraft(draft.key, m.formInvalid);
    emitSync({ key: draft.key });
    return;
  }
  const params = { id: draft.devisId, etape: draft.etape };
  const answer = await send(api(missionsRoutes.completeInspection, { params, body: body.data, answer: trusted<MissionView>() }));
  if (isRefusal(answer)) {
    await refuseDraft(draft.key, answer.message);
    emitSync({ key: draft.key });
    return;
  }
  await clearDraft(draft.key);
  emitSync({ key: draft.key, answer });
}

registerSender('inspections', async () => {
  await sendDeletions();
  for (const draft of await listDrafts()) await sendDraft(draft);
});

export { onSyncChange, startSync, syncNow, syncStatus };
