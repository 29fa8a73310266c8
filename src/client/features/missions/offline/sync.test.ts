import { Blob as NodeBlob } from 'node:buffer';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { missionsRoutes } from '#domain/api-paths.ts';
import type { Emplacement } from '#domain/schemas/missions.ts';
import { urlOf } from '#client/lib/api.ts';
import { signatureDrawing } from '#client/test/factories.ts';
import { requestOf } from '#client/test/render.tsx';

/**
 * The sender of what the inspection page keeps (IndexedDB, here fake-indexeddb) against a fake
 * network at fetch: each photo once under its own id, the completion after its photos, nothing
 * lost or sent twice when the network fails half-way, a refusal kept with its French message.
 */

type Store = typeof import('./store.ts');
type Sync = typeof import('./sync.ts');
let store: Store;
let sync: Sync;

const DEVIS = 'devis-1';
const DRAWING = signatureDrawing;

beforeEach(async () => {
  // A fresh database and fresh modules (the sender keeps its round in module state).
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
  store = await import('./store.ts');
  sync = await import('./sync.ts');
});

async function keptInspection({ photos = 3, submitted = true } = {}) {
  const key = store.draftKeyOf(DEVIS, 'prise-en-charge');
  await store.saveDraft({
    key,
    devisId: DEVIS,
    etape: 'prise-en-charge',
    soumissionId: crypto.randomUUID(),
    submitted,
    error: null,
    updatedAt: new Date().toISOString(),
    fields: {
      dateHeure: '2026-12-01T08:40',
      lieu: 'Lyon',
      kilometrage: '45210',
      niveauEnergie: '60',
      cles: '2',
      documents: [],
      autresDocuments: '',
      dommages: [],
      remarques: '',
      reserves: '',
      convoyeurNom: 'Marc Convoyeur',
      convoyeurSignature: DRAWING,
      contactNom: 'Élodie Martin',
      contactSignature: DRAWING,
    },
  });
  const ids: string[] = [];
  for (let index = 0; index < photos; index += 1) {
    const id = crypto.randomUUID();
    ids.push(id);
    await store.savePhoto({
      id,
      draftKey: key,
      devisId: DEVIS,
      etape: 'prise-en-charge',
      emplacement: (['avant', 'arriere', 'cote-gauche'] as Emplacement[])[index % 3]!,
      dommageId: null,
      blob: new NodeBlob([`jpeg ${index}`], { type: 'image/jpeg' }) as unknown as Blob,
      takenAt: null,
      width: 1600,
      height: 1200,
      createdAt: new Date(Date.UTC(2026, 11, 1, 8, index)).toISOString(),
      sent: false,
      error: null,
    });
  }
  return { key, ids };
}

type Call = { method: string; path: string; contentType?: string | null; body?: unknown };

/** The network: `answer` decides each request's fate (a status, or 'offline' for no network). */
function network(answer: (call: Call, calls: Call[]) => number | 'offline' = () => 200) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://localhost').pathname,
        contentType: new Headers(init.headers).get('content-type'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      const fate = answer(call, calls);
      calls.push(call);
      if (fate === 'offline') throw new TypeError('Failed to fetch');
      const body =
        fate >= 400
          ? { error: 'refused', message: 'La photo dépasse 400 ko : elle doit être compressée par la page avant l’envoi.' }
          : { id: DEVIS };
      return new Response(JSON.stringify(body), { status: fate, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const photoPath = (photoId: string) => urlOf(missionsRoutes.putPhoto, { params: { id: DEVIS, etape: 'prise-en-charge', photoId } });
const completion = requestOf(missionsRoutes.completeInspection, { id: DEVIS, etape: 'prise-en-charge' });

describe('the sender of the inspection page', () => {
  it('sends each photo under its own id, then the completion with them, then forgets the inspection', async () => {
    const { key, ids } = await keptInspection();
    const calls = network();
    await sync.syncNow();

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([...ids.map((id) => `PUT ${photoPath(id)}`), completion]);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.contentType)).toEqual(ids.map(() => 'image/jpeg'));
    expect(calls.at(-1)!.body).toMatchObject({
      photos: ids,
      kilometrage: 45_210,
      dateHeure: expect.stringMatching(/^2026-12-01T08:40:00[+-]\d\d:\d\d$/),
    });
    expect(await store.loadDraft(DEVIS, 'prise-en-charge')).toBeUndefined();
    expect(await store.listPhotos(key)).toEqual([]);

    await sync.syncNow();
    expect(calls).toHaveLength(ids.length + 1);
  });

  it('keeps everything when the network goes half-way, and sends only what is left when it returns', async () => {
    const { key, ids } = await keptInspection();
    // The second photo meets no network.
    const calls = network((call, earlier) => (earlier.length === 1 ? 'offline' : 200));
    await sync.syncNow();
    expect(calls.map((call) => call.path)).toEqual([photoPath(ids[0]!), photoPath(ids[1]!)]);
    const kept = await store.listPhotos(key);
    expect(kept.map((photo) => photo.sent)).toEqual([true, false, false]);
    expect(await store.loadDraft(DEVIS, 'prise-en-charge')).toMatchObject({ submitted: true, error: null });

    await sync.syncNow();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PUT ${photoPath(ids[0]!)}`,
      `PUT ${photoPath(ids[1]!)}`,
      `PUT ${photoPath(ids[1]!)}`,
      `PUT ${photoPath(ids[2]!)}`,
      completion,
    ]);
  });

  it('keeps a refused photo with the French reason, never sends it again, and completes without it', async () => {
    const { key, ids } = await keptInspection();
    const calls = network((call) => (call.path === photoPath(ids[1]!) ? 413 : 200));
    await sync.syncNow();

    const refused = (await store.listPhotos(key)).find((photo) => photo.id === ids[1]);
    // The inspection is completed: its photos went with it.
    expect(refused).toBeUndefined();
    expect(calls.filter((call) => call.path === photoPath(ids[1]!))).toHaveLength(1);
    expect(calls.at(-1)!.body).toMatchObject({ photos: [ids[0], ids[2]] });
  });

  it('keeps a refused photo with its reason on the phone while the inspection is not completed', async () => {
    const { key, ids } = await keptInspection({ submitted: false });
    network((call) => (call.path === photoPath(ids[2]!) ? 413 : 'offline'));
    await sync.syncNow();
    expect((await store.listPhotos(key)).map((photo) => photo.sent)).toEqual([false, false, false]);

    network((call) => (call.path === photoPath(ids[2]!) ? 413 : 200));
    await sync.syncNow();
    const photos = await store.listPhotos(key);
    expect(photos.map((photo) => [photo.sent, photo.error])).toEqual([
      [true, null],
      [true, null],
      [false, 'La photo dépasse 400 ko : elle doit être compressée par la page avant l’envoi.'],
    ]);
  });

  it('keeps a change made while the completion was on its way when the server refuses it', async () => {
    const { key } = await keptInspection({ photos: 0 });
    const refusal = 'La date de l’état des lieux ne peut pas être dans le futur.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // The operator adds a remark while the request is on its way.
        const draft = (await store.loadDraft(DEVIS, 'prise-en-charge'))!;
        await store.saveDraft({ ...draft, fields: { ...draft.fields, remarques: 'Rayure sur le bouclier avant' } });
        return new Response(JSON.stringify({ error: 'invalid', message: refusal }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await sync.syncNow();

    const draft = await store.loadDraft(DEVIS, 'prise-en-charge');
    expect(draft).toMatchObject({ key, submitted: false, error: refusal });
    expect(draft?.fields.remarques).toBe('Rayure sur le bouclier avant');
  });

  it('stops at a lost session, keeping everything, until a round succeeds', async () => {
    const { key } = await keptInspection();
    network(() => 401);
    await sync.syncNow();
    expect(sync.syncStatus.sessionExpired).toBe(true);
    expect((await store.listPhotos(key)).every((photo) => !photo.sent)).toBe(true);

    network();
    await sync.syncNow();
    expect(sync.syncStatus.sessionExpired).toBe(false);
    expect(await store.loadDraft(DEVIS, 'prise-en-charge')).toBeUndefined();
  });
});
