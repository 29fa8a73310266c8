import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Emplacement, Etape, MissionView } from '#domain/schemas/missions.ts';
import { hasInk } from '#domain/schemas/signature.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { missionKeys } from '../api/keys.ts';
import { compressPhoto } from '#client/lib/compress-photo.ts';
import {
  draftKeyOf,
  listPhotos,
  loadDraft,
  removePhoto as removeStoredPhoto,
  savePhoto,
  saveDraft,
  type Draft,
  type DraftFields,
  type StoredPhoto,
} from './store.ts';
import { inspectionBodyOf, onSyncChange, startSync, syncNow, syncStatus } from './sync.ts';

export type FieldErrors = Partial<
  Record<'dateHeure' | 'lieu' | 'kilometrage' | 'niveauEnergie' | 'cles' | 'convoyeur' | 'contact', string>
>;

/** "2026-12-01T08:40" now, in the phone's time, as an <input type="datetime-local"> takes it. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A new inspection, prefilled from the mission: the place, the person on site, the driver. */
export function newFields(mission: MissionView, etape: Etape, driver: string): DraftFields {
  const contact = etape === 'prise-en-charge' ? mission.contactDepart : mission.contactArrivee;
  return {
    dateHeure: localNow(),
    lieu: etape === 'prise-en-charge' ? mission.adresseDepart : mission.adresseArrivee,
    kilometrage: '',
    niveauEnergie: '',
    cles: '',
    documents: [],
    autresDocuments: '',
    dommages: [],
    remarques: '',
    reserves: '',
    convoyeurNom: driver,
    convoyeurSignature: null,
    contactNom: contact?.nom ?? '',
    contactSignature: null,
  };
}

/** What keeps the completion from being sent, field by field, in French. */
export function fieldErrorsOf(draft: Draft, photos: StoredPhoto[]): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = inspectionBodyOf(draft, photos);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, sub] = issue.path as string[];
      if (head === 'kilometrage' || head === 'cles') errors[head] = m.invalidNumber;
      else if (head === 'niveauEnergie') errors.niveauEnergie = m.percentRange;
      else if (head === 'dateHeure' || head === 'lieu') errors[head] = m.required;
      else if (head === 'signatureConvoyeur' || head === 'signatureContact') {
        const field = head === 'signatureConvoyeur' ? 'convoyeur' : 'contact';
        errors[field] ??= sub === 'nom' ? m.required : m.signatureRequired;
      }
    }
  }
  if (!hasInk(draft.fields.convoyeurSignature)) errors.convoyeur ??= m.signatureRequired;
  if (!hasInk(draft.fields.contactSignature)) errors.contact ??= m.signatureRequired;
  return errors;
}

/**
 * The inspection as the phone holds it: loaded from IndexedDB (or started from the mission),
 * every change written back at once, photos compressed and kept there, and the sender started.
 * When the server confirms the completion, the mission's data is replaced by its answer.
 */
export function useInspectionDraft(mission: MissionView | undefined, etape: Etape, driver: string) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  // The draft as last changed, ahead of the render that shows it: a change is written from it at
  // once, in the handler that makes it, and two changes in a row each build on the one before.
  const latest = useRef<Draft | null>(null);
  const show = useCallback((next: Draft) => {
    latest.current = next;
    setDraft(next);
  }, []);
  const [photos, setPhotos] = useState<StoredPhoto[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const [isSending, setIsSending] = useState(syncStatus.running);
  const [sessionExpired, setSessionExpired] = useState(syncStatus.sessionExpired);
  const writes = useRef<Promise<void>>(Promise.resolve());
  const pendingWrites = useRef(0);
  const writesStarted = useRef(0);
  const devisId = mission?.id;
  const isDone = mission ? Boolean(etape === 'prise-en-charge' ? mission.priseEnCharge : mission.livraison) : false;
  const key = devisId ? draftKeyOf(devisId, etape) : null;

  const reload = useCallback(async () => {
    if (!devisId || !key) return;
    const writesBefore = writesStarted.current;
    const [stored, storedPhotos] = await Promise.all([loadDraft(devisId, etape), listPhotos(key)]);
    // A change made since the read, or still being written, is newer than what was read (the
    // sender writes only completed drafts): the page keeps it.
    if (stored && writesStarted.current === writesBefore && pendingWrites.current === 0) show(stored);
    setPhotos(storedPhotos);
  }, [devisId, etape, key, show]);

  useEffect(() => {
    if (!mission || !key || isDone) return;
    let alive = true;
    void (async () => {
      const stored = await loadDraft(mission.id, etape);
      const current: Draft = stored ?? {
        key,
        devisId: mission.id,
        etape,
        fields: newFields(mission, etape, driver),
        soumissionId: crypto.randomUUID(),
        submitted: false,
        error: null,
        updatedAt: new Date().toISOString(),
      };
      if (!stored) await saveDraft(current);
      const storedPhotos = await listPhotos(key);
      if (!alive) return;
      show(current);
      setPhotos(storedPhotos);
    })();
    return () => {
      alive = false;
    };
    // The draft is made once per mission and step; later changes of the mission's data do not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, isDone]);

  useEffect(() => {
    startSync();
    return onSyncChange((event) => {
      setIsSending(syncStatus.running);
      setSessionExpired(syncStatus.sessionExpired);
      // The server's answer to this inspection's completion: the mission as it now is.
      const mission = event.key === key ? (event.answer as MissionView | undefined) : undefined;
      if (mission && devisId && mission.id === devisId) {
        queryClient.setQueryData(missionKeys.mission(devisId), mission);
        void queryClient.invalidateQueries({ queryKey: missionKeys.planning });
      }
      if (!event.key || event.key === key) void reload();
    });
  }, [devisId, key, queryClient, reload]);

  /** Writes the draft in the order the changes were made; `isSaving` until the last is on disk. */
  const persist = useCallback((next: Draft) => {
    pendingWrites.current += 1;
    writesStarted.current += 1;
    setIsSaving(true);
    writes.current = writes.current
      .then(() => saveDraft(next))
      .finally(() => {
        pendingWrites.current -= 1;
        if (pendingWrites.current === 0) setIsSaving(false);
      });
  }, []);

  /** Changes the draft and starts writing it before anything is shown: « saved » never shows ahead of the write. */
  const update = useCallback(
    (changes: Partial<DraftFields> | ((fields: DraftFields) => Partial<DraftFields>)) => {
      const current = latest.current;
      if (!current) return;
      const made = typeof changes === 'function' ? changes(current.fields) : changes;
      const next = { ...current, fields: { ...current.fields, ...made }, error: null };
      show(next);
      persist(next);
    },
    [persist, show],
  );

  const addPhotos = useCallback(
    async (files: File[], emplacement: Emplacement, dommageId: string | null = null): Promise<string[]> => {
      if (!devisId || !key) return [];
      const ids: string[] = [];
      for (const file of files) {
        const compressed = await compressPhoto(file);
        const photo: StoredPhoto = {
          id: crypto.randomUUID(),
          draftKey: key,
          devisId,
          etape,
          emplacement,
          dommageId,
          ...compressed,
          createdAt: new Date().toISOString(),
          sent: false,
          error: null,
        };
        await savePhoto(photo);
        ids.push(photo.id);
        setPhotos((current) => [...current, photo]);
      }
      void syncNow();
      return ids;
    },
    [devisId, etape, key],
  );

  const removePhoto = useCallback(async (photo: StoredPhoto) => {
    await removeStoredPhoto(photo);
    setPhotos((current) => current.filter((item) => item.id !== photo.id));
    void syncNow();
  }, []);

  /** Completes the inspection: refused with the fields' errors, else kept as to send and sent as soon as possible. */
  const submit = useCallback(async (): Promise<FieldErrors> => {
    const current = latest.current;
    if (!current) return {};
    const errors = fieldErrorsOf(current, photos);
    if (Object.keys(errors).length > 0) return errors;
    const next = { ...current, submitted: true, error: null };
    show(next);
    persist(next);
    await writes.current;
    void syncNow();
    return {};
  }, [photos, persist, show]);

  const pendingPhotos = photos.filter((photo) => !photo.sent && !photo.error).length;
  return { draft, photos, update, addPhotos, removePhoto, submit, isSaving, isSending, sessionExpired, pendingPhotos };
}
