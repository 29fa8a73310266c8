import { randomUUID } from 'node:crypto';
import type { InspectionBody } from '#domain/schemas/missions.ts';
import { DRAWING } from '#server/signatures/test-factories.ts';

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
