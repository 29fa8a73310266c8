import { missionsRoutes } from '#domain/api-paths.ts';
import { inspectionBodySchema, type InspectionBody, type MissionView } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import {
  clearDraft,
  forgetDeletion,
  listDeletions,
  listDrafts,
  listPhotos,
  saveDraft,
  updatePhoto,
  type Draft,
  type StoredPhoto,
} from './store.ts';
import { api, ApiError, trusted } from '#client/lib/api.ts';

/**
 * Sends what the phone holds, one request at a time, whenever the network is there: the
 * deletions of photos retaken, then each photo (PUT under its own id: sent again after a lost
 * answer, the server keeps it once), then the completed inspections whose photos are all in.
 * A network failure stops the round (the next one starts when the browser is back online, or
 * within 15 s); a refusal is kept with its French message and not sent again; a lost session
 * stops everything until the operator logs in again.
 */

/** The server's answer to a completed inspection, for whoever shows the mission. */
type Listener = (event: { draftKey?: string; mission?: MissionView }) => void;
const listeners = new Set<Listener>();
export const syncStatus = { running: false, sessionExpired: false };

export function onSyncChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const emit = (event: Parameters<Listener>[0] = {}) => listeners.forEach((listener) => listener(event));

class Offline extends Error {}
class SessionExpired extends Error {}

type Refusal = { isRefused: true; status: number; message: string };

/**
 * One request through the shared client: its answer, or the server's refusal with its French
 * message. No network, or a server that does not answer well (a proxy's 502 in a car park), is
 * like no network: the round stops and is tried again later; a lost session stops everything.
 */
async function send<T>(request: Promise<T>): Promise<T | Refusal> {
  try {
    return await request;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429) throw new Offline();
    if (error.status === 401) throw new SessionExpired();
    return { isRefused: true, status: error.status, message: error.message };
  }
}
const isRefusal = (answer: unknown): answer is Refusal => (answer as Refusal | null)?.isRefused === true;

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
    emit({ draftKey: deletion.draftKey });
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
    emit({ draftKey: draft.key });
  }
  if (!draft.submitted) return;
  const body = inspectionBodyOf(draft, await listPhotos(draft.key));
  if (!body.success) {
    await saveDraft({ ...draft, submitted: false, error: m.formInvalid });
    emit({ draftKey: draft.key });
    return;
  }
  const params = { id: draft.devisId, etape: draft.etape };
  const answer = await send(api(missionsRoutes.completeInspection, { params, body: body.data, answer: trusted<MissionView>() }));
  if (isRefusal(answer)) {
    await saveDraft({ ...draft, submitted: false, error: answer.message });
    emit({ draftKey: draft.key });
    return;
  }
  await clearDraft(draft.key);
  emit({ draftKey: draft.key, mission: answer });
}

let round: Promise<void> | null = null;
let again = false;

/** One round of sending; a call during a round asks for another one right after it. */
export function syncNow(): Promise<void> {
  if (round) {
    again = true;
    return round;
  }
  round = (async () => {
    syncStatus.running = true;
    emit();
    try {
      do {
        again = false;
        await sendDeletions();
        for (const draft of await listDrafts()) await sendDraft(draft);
      } while (again);
      syncStatus.sessionExpired = false;
    } catch (error) {
      if (error instanceof SessionExpired) syncStatus.sessionExpired = true;
      else if (!(error instanceof Offline)) throw error;
    } finally {
      syncStatus.running = false;
      round = null;
      emit();
    }
  })();
  return round;
}

let started = false;

/** Sends now, when the browser comes back online, and every 15 s while a page of the back office is open. */
export function startSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void syncNow());
  window.setInterval(() => void syncNow(), 15_000);
  void syncNow();
}
