import type { DBSchema } from 'idb';
import type { Damage, Emplacement, Etape } from '#domain/schemas/missions.ts';
import type { SignatureDrawing } from '#domain/schemas/signature.ts';
import { offlineDatabase, recordStore } from '#client/lib/offline-db.ts';

/**
 * What an inspection keeps on the phone until the server has it (the back office's IndexedDB
 * database, lib/offline-db.ts): its fields as they are typed, its photos (compressed, as
 * Blobs), the photos removed whose deletion is still to be told to the server. A reload, a closed tab or a night without
 * network loses nothing; once the server has the completed inspection, it all goes.
 */

export type DraftFields = {
  dateHeure: string;
  lieu: string;
  kilometrage: string;
  niveauEnergie: string;
  cles: string;
  documents: string[];
  autresDocuments: string;
  dommages: Damage[];
  remarques: string;
  reserves: string;
  convoyeurNom: string;
  convoyeurSignature: SignatureDrawing | null;
  contactNom: string;
  contactSignature: SignatureDrawing | null;
};

export type Draft = {
  /** `${devisId}:${etape}` */
  key: string;
  devisId: string;
  etape: Etape;
  fields: DraftFields;
  /** Made once per inspection: a completion sent twice is recognised by the server. */
  soumissionId: string;
  /** The operator completed it: it is sent as soon as its photos are. */
  submitted: boolean;
  /** The server's last refusal of the completion, in French, if any. */
  error: string | null;
  updatedAt: string;
};

export type StoredPhoto = {
  id: string;
  draftKey: string;
  devisId: string;
  etape: Etape;
  emplacement: Emplacement;
  dommageId: string | null;
  blob: Blob;
  takenAt: string | null;
  width: number;
  height: number;
  createdAt: string;
  /** The server has it. */
  sent: boolean;
  /** The server refused it (French), and why: it is not sent again. */
  error: string | null;
};

export type PendingDeletion = { id: string; draftKey: string; devisId: string; etape: Etape };

interface MissionsDb extends DBSchema {
  drafts: { key: string; value: Draft };
  photos: { key: string; value: StoredPhoto; indexes: { byDraft: string } };
  deletions: { key: string; value: PendingDeletion };
}

const database = () => offlineDatabase<MissionsDb>();
const photoStore = recordStore<StoredPhoto>('photos');
const draftStore = recordStore<Draft>('drafts');

export const draftKeyOf = (devisId: string, etape: Etape) => `${devisId}:${etape}`;

export const loadDraft = (devisId: string, etape: Etape): Promise<Draft | undefined> => draftStore.find(draftKeyOf(devisId, etape));

export const saveDraft = (draft: Draft): Promise<void> => draftStore.save({ ...draft, updatedAt: new Date().toISOString() });

/**
 * The completion goes back to the operator with the French reason it was refused (by the server,
 * or as incomplete). Written over the draft as it is now, not as the sender read it before its
 * request: a change the operator made while the request was on its way is kept.
 */
export const refuseDraft = (key: string, error: string) =>
  draftStore.update(key, { submitted: false, error, updatedAt: new Date().toISOString() });

export async function listDrafts(): Promise<Draft[]> {
  return (await database()).getAll('drafts');
}

export async function listPhotos(draftKey: string): Promise<StoredPhoto[]> {
  const photos = await (await database()).getAllFromIndex('photos', 'byDraft', draftKey);
  return photos.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export const savePhoto = photoStore.save;

export const updatePhoto = (id: string, changes: Partial<Pick<StoredPhoto, 'sent' | 'error'>>) => photoStore.update(id, changes);

/** Removes a photo from the phone; if the server had it, its deletion waits to be sent. */
export async function removePhoto(photo: StoredPhoto): Promise<void> {
  const db = await database();
  const transaction = db.transaction(['photos', 'deletions'], 'readwrite');
  await transaction.objectStore('photos').delete(photo.id);
  if (photo.sent) {
    await transaction.objectStore('deletions').put({ id: photo.id, draftKey: photo.draftKey, devisId: photo.devisId, etape: photo.etape });
  }
  await transaction.done;
}

export async function listDeletions(): Promise<PendingDeletion[]> {
  return (await database()).getAll('deletions');
}

export async function forgetDeletion(id: string): Promise<void> {
  await (await database()).delete('deletions', id);
}

/** Once the server has the completed inspection: nothing of it stays on the phone. */
export async function clearDraft(draftKey: string): Promise<void> {
  const db = await database();
  const transaction = db.transaction(['drafts', 'photos', 'deletions'], 'readwrite');
  await transaction.objectStore('drafts').delete(draftKey);
  const photos = transaction.objectStore('photos');
  for (const key of await photos.index('byDraft').getAllKeys(draftKey)) await photos.delete(key);
  const deletions = transaction.objectStore('deletions');
  for (const deletion of await deletions.getAll()) if (deletion.draftKey === draftKey) await deletions.delete(deletion.id);
  await transaction.done;
}
