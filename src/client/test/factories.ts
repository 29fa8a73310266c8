import type { Devis } from '#domain/schemas/devis.ts';

/** A quote as the API sends it, just simulated (« en attente »); override what the test is about. */
export function makeDevis(overrides: Partial<Devis> = {}): Devis {
  const numeroDevis = overrides.numeroDevis ?? 12;
  return {
    id: `d${numeroDevis}`,
    uid: 'u1',
    email: 'helene@exemple.fr',
    numeroDevis,
    statut: 'en attente',
    archive: false,
    dateSimulation: '2026-11-21T10:00:00.000Z',
    adresseDepart: 'Nantes (44000)',
    adresseArrivee: 'Rennes (35000)',
    typeVehicule: 'Citadine',
    distanceKm: 110,
    prix: 120,
    typeConvoyage: null,
    clientType: null,
    clientDetails: null,
    contactDepart: null,
    contactArrivee: null,
    priseInfo: null,
    livraisonInfo: null,
    datePriseEnCharge: null,
    dateLivraisonSouhaitee: null,
    options: null,
    infosVehicule: null,
    commentaire: null,
    clauses: null,
    devisSigneURL: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
