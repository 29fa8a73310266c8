import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { missionsRoutes } from '#domain/api-paths.ts';
import { makeMissionView, signatureDrawing } from '#client/test/factories.ts';
import { freshOfflineModulesEachTest } from '#client/test/offline.ts';
import { fakeApi, held, requestOf } from '#client/test/render.tsx';

/**
 * The inspection page's draft (IndexedDB, here fake-indexeddb): each change is written as it is
 * made, builds on the one made just before it, and is what a completion sends.
 */

const offline = await freshOfflineModulesEachTest(
  () => import('./store.ts'),
  () => import('./use-inspection-draft.ts'),
);
const mission = makeMissionView({ priseEnCharge: null });

function renderDraft() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => offline.sync.useInspectionDraft(mission, 'prise-en-charge', 'Marc Convoyeur'), { wrapper });
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
    const stored = await offline.store.loadDraft(mission.id, 'prise-en-charge');
    expect(stored?.fields).toMatchObject({ kilometrage: '45210', remarques: 'Relevé à 45210 km' });
    expect(result.current.draft?.fields).toMatchObject({ kilometrage: '45210', remarques: 'Relevé à 45210 km' });
  });

  it('completes with the change made just before the tap, on the phone and in what it sends', async () => {
    const answer = held<{ status: number; body: unknown }>();
    const { calls } = fakeApi({
      [requestOf(missionsRoutes.completeInspection, { id: mission.id, etape: 'prise-en-charge' })]: () => answer.promise,
    });
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.draft).not.toBeNull());
    act(() =>
      result.current.update({
        niveauEnergie: '60',
        cles: '2',
        contactNom: 'Élodie Martin',
        convoyeurSignature: signatureDrawing,
        contactSignature: signatureDrawing,
      }),
    );
    await waitFor(() => expect(result.current.isSaving).toBe(false));
    let errors: Record<string, string> = {};
    await act(async () => {
      result.current.update({ kilometrage: '45210' });
      errors = await result.current.submit();
    });
    expect(errors).toEqual({});
    const stored = await offline.store.loadDraft(mission.id, 'prise-en-charge');
    expect(stored).toMatchObject({ submitted: true, fields: { kilometrage: '45210', niveauEnergie: '60' } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ kilometrage: 45210, niveauEnergie: 60, cles: 2 });
    answer.release({ status: 503, body: { message: 'Service indisponible' } });
  });
});
