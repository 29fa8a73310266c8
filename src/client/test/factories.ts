import { missionsRoutes } from '#domain/api-paths.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import type { Facture } from '#domain/schemas/invoices.ts';
import { missionBasicsSchema, type Etape, type InspectionView, type MissionView } from '#domain/schemas/missions.ts';
import { urlOf } from '#client/lib/api.ts';

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

/** An invoice draft as the API sends it, one convoy line of 450 €; override what the test is about. */
export function makeDraft(overrides: Partial<Facture> = {}): Facture {
  return {
    id: 'f1',
    type: 'facture',
    statut: 'brouillon',
    etat: null,
    numero: null,
    devisId: 'q1',
    numeroDevis: 12,
    dateEmission: null,
    dateEcheance: null,
    datePrestation: '2026-11-20',
    client: { nom: 'Hélène Lefèvre', adresse: '3 rue des Lilas, 69003 Lyon', email: 'helene@exemple.fr', type: 'particulier', siret: null },
    lignes: [{ description: 'Convoyage Lyon → Paris', quantite: 1, prixUnitaireCentimes: 45_000, montantCentimes: 45_000 }],
    totalCentimes: 45_000,
    avoirsCentimes: 0,
    payeCentimes: 0,
    resteCentimes: 45_000,
    paiements: [],
    avoirs: [],
    factureOrigine: null,
    motif: null,
    pdfUrl: null,
    derniereRelance: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    plateforme: null,
    ...overrides,
  };
}

/** A completed inspection as the mission's page receives it, without damage or photo. */
export function makeInspection(etape: Etape, termineeLe: string): InspectionView {
  return {
    etape,
    termineeLe,
    dateHeure: termineeLe,
    lieu: etape === 'livraison' ? 'Rennes' : 'Nantes',
    kilometrage: etape === 'livraison' ? 10_112 : 10_000,
    niveauEnergie: 70,
    cles: 2,
    documents: [],
    autresDocuments: '',
    dommages: [],
    remarques: '',
    reserves: '',
    convoyeur: 'Admin',
    contact: 'Hélène Lefèvre',
    pvUrl: urlOf(missionsRoutes.report, { params: { id: 'd12', etape } }),
    photos: [],
  };
}

/** A signature as the pad records it: one stroke, on a 300 × 100 pad. */
export const signatureDrawing = {
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

/** A mission as GET /api/admin/missions/{id} sends it: quote n° 12 « en cours », picked up, not delivered. */
export function makeMissionView(overrides: Partial<MissionView> = {}): MissionView {
  return {
    // The quote's fields the mission shows, as the server picks them (`pasAvantLe` null).
    ...missionBasicsSchema.parse(makeDevis({ statut: 'en cours' })),
    clientNom: 'Hélène Lefèvre',
    commentaire: null,
    peutInspecter: true,
    priseEnCharge: makeInspection('prise-en-charge', '2026-11-28T08:00:00.000Z'),
    livraison: null,
    photosRecues: [],
    ...overrides,
  };
}
