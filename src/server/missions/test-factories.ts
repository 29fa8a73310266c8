import { randomUUID } from 'node:crypto';
import { apiPath, missionsRoutes } from '#domain/api-paths.ts';
import type { InspectionBody } from '#domain/schemas/missions.ts';
import { DRAWING } from '#server/signatures/test-factories.ts';
import type { TestApp } from '#server/test/helpers.ts';

/** A completed inspection's body (test factory): no photos, both signatures drawn; a new submission each call. */
export const inspectionBody = (overrides: Partial<InspectionBody> = {}): InspectionBody => ({
  soumissionId: randomUUID(),
  dateHeure: '2026-12-01T08:40:00+01:00',
  lieu: 'Lyon (69000)',
  kilometrage: 45_210,
  niveauEnergie: 60,
  cles: 2,
  documents: ['certificat-immatriculation', 'carnet-entretien'],
  autresDocuments: '',
  dommages: [],
  remarques: 'Véhicule propre.',
  reserves: '',
  signatureConvoyeur: { nom: 'Marc Convoyeur', signature: DRAWING },
  signatureContact: { nom: 'Élodie Martin', signature: DRAWING },
  photos: [],
  ...overrides,
});

/** A mission's inspection completed by whoever `headers` sign in (the administrator, or someone refused): the pickup unless told. */
export const completeInspection = (
  t: TestApp,
  headers: Record<string, string>,
  devisId: string,
  etape = 'prise-en-charge',
  body: InspectionBody = inspectionBody(),
) =>
  t.app.inject({
    method: missionsRoutes.completeInspection.method,
    url: apiPath(missionsRoutes.completeInspection, { id: devisId, etape }),
    headers,
    payload: body,
  });
