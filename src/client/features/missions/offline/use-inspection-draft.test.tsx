import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { missionsRoutes } from '#domain/api-paths.ts';
import type { MissionView } from '#domain/schemas/missions.ts';
import { fakeApi, held, requestOf } from '#client/test/render.tsx';

/**
 * The inspection page's draft (IndexedDB, here fake-indexeddb): each change is written as it is
 * made, builds on the one made just before it, and is what a completion sends.
 */

type Hook = typeof import('./use-inspection-draft.ts');
type Store = typeof import('./store.ts');
let hook: Hook;
let store: Store;

const MISSION = {
  id: 'devis-1',
  numeroDevis: 'DEV-2026-0001',
  statut: 'en cours',
  adresseDepart: '12 rue de la République, 69002 Lyon',
  adresseArrivee: '5 quai de la Joliette, 13002 Marseille',
  contactDepart: { nom: 'Élodie Martin', telephone: '0612345678' },
  contactArrivee: null,
  peutInspecter: true,
  priseEnCharge: null,
  livraison: null,
  photosRecues: [],
} as unknown as MissionView;

const DRAWING = {
  largeur: 300,
  hauteur: 100,
  traits: [
    [
      [10, 10],
      [150, 60],
      [290, 10],
    ] as [number, number][],
  ],
};

beforeEach(async () => {
  // A fresh database and fresh modules (the sender keeps its round in module state).
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
  store = await import('./store.ts');
  hook = await import('./use-inspection-draft.ts');
});

function renderDraft() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => hook.useInspectionDraft(MISSION, 'prise-en-charge', 'Marc Convoyeur'), { wrapper });
}

describe('useInspectionDraft', () => {
  it('writes two changes made in a row, the second built on the first, before it stops saying « saving »', async () => {
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.draft).not.toBeNull());
    act(() => {
      result.current.update({ kilometrage: '45210' });
      result.current.update((fields) => ({ remarques: `Relevé à ${fields.kilometrage} km` }));
    });
    expect(result.current.isSaving).toBe(true);
    await waitFor(() => expect(result.current.isSaving).toBe(false));
    const stored = await store.loadDraft(MISSION.id, 'prise-en-charge');
    expect(stored?.fields).toMatchObject({ kilometrage: '45210', remarques: 'Relevé à 45210 km' });
    expect(result.current.draft?.fields).toMatchObject({ kilometrage: '45210', remarques: 'Relevé à 45210 km' });
  });

  it('completes with the change made just before the tap, on the phone and in what it sends', async () => {
    const answer = held<{ status: number; body: unknown }>();
    const { calls } = fakeApi({
      [requestOf(missionsRoutes.completeInspection, { id: MISSION.id, etape: 'prise-en-charge' })]: () => answer.promise,
    });
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.draft).not.toBeNull());
    act(() => result.current.update({ niveauEnergie: '60', cles: '2', convoyeurSignature: DRAWING, contactSignature: DRAWING }));
    await waitFor(() => expect(result.current.isSaving).toBe(false));
    let errors: Record<string, string> = {};
    await act(async () => {
      result.current.update({ kilometrage: '45210' });
      errors = await result.current.submit();
    });
    expect(errors).toEqual({});
    const stored = await store.loadDraft(MISSION.id, 'prise-en-charge');
    expect(stored).toMatchObject({ submitted: true, fields: { kilometrage: '45210', niveauEnergie: '60' } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ kilometrage: 45210, niveauEnergie: 60, cles: 2 });
    answer.release({ status: 503, body: { message: 'Service indisponible' } });
  });
});
