// Part of the text catalogue (texts.ts), in its own module so that only the pages that
// use it load it.
import { texts } from './common.ts';

/** Texts of the customer area (quotes list, detail, completion form, archives). */
export const quoteTexts = {
  draftRestored: 'Nous avons repris ce que vous aviez saisi sur ce devis : vérifiez-le, puis validez.',
  areaTitle: 'Mon espace client',
  welcome: (name: string) => `Bienvenue, ${name}`,
  myQuotes: 'Mes devis',
  searchLabel: 'Rechercher un devis',
  searchHint: 'Par trajet, numéro de devis ou date (ex. 21/11/2026).',
  archivesLink: 'Voir mes devis archivés',
  simulateTitle: 'Simuler un nouveau devis',
  contactTitle: 'Contact',
  contactIntro: 'Une question sur un devis ? Écrivez-nous ou appelez-nous.',
  contactEmail: 'E-mail :',
  contactPhone: 'Téléphone :',
  quoteNumber: (numero: number) => `Devis n° ${numero}`,
  route: 'Trajet',
  vehicle: 'Véhicule',
  status: 'Statut',
  date: 'Date',
  actions: 'Actions',
  view: 'Voir',
  complete: 'Compléter',
  archive: 'Archiver',
  restore: 'Restaurer',
  delete: 'Supprimer',
  cancel: 'Annuler',
  downloadSigned: 'Télécharger le devis signé',
  archiveFailure: 'Erreur lors de l’archivage.',
  restoreFailure: 'Erreur lors de la restauration.',
  archived: 'Devis archivé.',
  restored: 'Devis restauré.',
  deleted: 'Devis supprimé.',
  backToArea: 'Retour à l’espace client',
  archivesTitle: 'Mes devis archivés',
  detailTitle: 'Détail du devis',
  notCompletable: 'Ce devis ne peut plus être complété : il n’est plus en attente.',
  simulationData: 'Données de la simulation',
  yes: 'Oui',
  no: 'Non',
  notSpecifiedMasc: 'Non spécifié',
  datesTitle: 'Dates souhaitées',
  contactsTitle: 'Responsables sur place',
  // Detail fields
  adresseDepart: 'Adresse de départ',
  adresseArrivee: 'Adresse d’arrivée',
  typeVehicule: 'Type de véhicule',
  distance: 'Distance estimée',
  prixTtc: 'Prix estimé TTC',
  prixFinal: 'Prix final',
  pickupRange: 'Prise en charge souhaitée',
  deliveryRange: 'Livraison souhaitée',
  rangeStart: 'Début',
  rangeEnd: 'Fin',
  dateSimulation: 'Date de simulation',
  typeConvoyage: 'Type de convoyage',
  options: 'Options',
  documentation: 'Documentation',
  lavage: 'Lavage',
  sansCarburant: 'Sans carburant',
  wGarage: 'Plaque W garage',
  contactDepart: 'Responsable au départ',
  contactArrivee: 'Responsable à l’arrivée',
  vehicleInfo: 'Informations sur le véhicule',
  immatriculation: 'Immatriculation',
  marque: 'Marque',
  modele: 'Modèle',
  chassis: 'Châssis (VIN)',
  motorisation: 'Motorisation',
  commentaire: 'Commentaires',
  history: 'Historique',
  historyEntry: (label: string) => `Statut : ${label}`,
  /** An event of the history that is not a status (quote-events.ts), with whom it names. */
  historyEvent: (event: string, byName: string | null | undefined) =>
    event === 'signé en ligne'
      ? `Signé en ligne par ${byName ?? '—'}`
      : event === 'importé'
        ? 'Importé de l’ancienne application'
        : event === 'facture émise'
          ? `Facture émise : ${byName ?? '—'}`
          : event === 'avoir émis'
            ? `Avoir émis : ${byName ?? '—'}`
            : event === 'annulation demandée'
              ? `Annulation demandée par ${byName ?? '—'}`
              : event,
  sign: 'Signer le devis',
  // Completion form
  clientInfo: 'Informations client',
  nom: 'Nom ou société',
  clientNom: 'Nom',
  email: 'E-mail',
  telephone: 'Téléphone',
  clientType: 'Type de client',
  siret: 'SIRET',
  siretHint: '14 chiffres (entreprises uniquement).',
  pickupDate: 'Date de prise en charge souhaitée',
  deliveryDate: 'Date de livraison souhaitée',
  startTime: 'Heure de début',
  endTime: 'Heure de fin',
  chooseSlot: 'Choisir…',
  plaqueEtrangere: 'Plaque étrangère',
  immatriculationHint: 'Format AA-123-AA, ou texte libre pour une plaque étrangère.',
  chassisHint: 'Facultatif, 17 caractères.',
  chooseEngine: 'Choisir…',
  lavageLabel: 'Lavage',
  commentaireHint: '2000 caractères au plus.',
  labels: {
    particulier: 'Particulier',
    entreprise: 'Entreprise',
    essence: 'Essence',
    diesel: 'Diesel',
    electrique: 'Électrique',
    hybride: 'Hybride',
    exterieur: 'Extérieur',
    complet: 'Complet',
    Reprise: 'Reprise',
    Livraison: 'Livraison',
    Transfert: 'Transfert',
  } as Record<string, string>,
  confirmDelete: 'Voulez-vous vraiment supprimer ce devis ?',
  confirmDeleteArchived: 'Voulez-vous vraiment supprimer ce devis archivé ?',
  deleteFailure: 'Erreur lors de la suppression.',
  completeTitle: 'Compléter le devis',
  completeSubmit: 'Valider les informations',
  completeSuccess: 'Devis complété avec succès.',
  formInvalid: 'Certains champs sont invalides : corrigez-les puis validez à nouveau.',
} as const;

/** The label of an enumerated value of a quote ("electrique" → "Électrique"; a lavage "" reads "Aucun"). */
export function valueLabel(value: string | null | undefined): string | null {
  if (value === '') return texts.none;
  return value ? (quoteTexts.labels[value] ?? value) : null;
}

/** French messages of the completion form, shared by the form and the API. */
export const completionMessages = {
  required: texts.required,
  text: 'Texte attendu.',
  boolean: 'Valeur oui/non attendue.',
  object: 'Données attendues pour ce bloc.',
  tooLong: (max: number) => `${max} caractères au plus.`,
  unknownField: (keys: string) => `Champ non autorisé : ${keys}.`,
  email: texts.invalidEmail,
  phone: texts.invalidPhone,
  clientType: 'Choisissez particulier ou entreprise.',
  siretRequired: 'Le SIRET est obligatoire pour une entreprise.',
  siretInvalid: 'SIRET invalide : 14 chiffres avec une clé de contrôle correcte.',
  siretNotAllowed: 'Le SIRET ne concerne que les entreprises.',
  // Said in the form the person sees: a date field shows jj/mm/aaaa in a French browser, and
  // holds no value at all while what is typed there is not a whole, real date.
  date: 'Indiquez une date valide au format jj/mm/aaaa.',
  dateInPast: 'La date ne peut pas être dans le passé.',
  slot: 'Choisissez un créneau de 00:00 à 23:30, par demi-heure.',
  endAfterStart: 'L’heure de fin doit être après l’heure de début.',
  deliveryBeforePickup: 'La livraison ne peut pas être prévue avant la prise en charge.',
  plate: 'Immatriculation invalide : format AA-123-AA attendu.',
  foreignPlate: 'Immatriculation étrangère invalide : 2 à 20 lettres, chiffres, espaces ou tirets.',
  vin: 'Numéro de châssis invalide : 17 caractères (sans I, O ni Q).',
  motorisation: 'Choisissez une motorisation : essence, diesel, électrique ou hybride.',
  lavage: 'Lavage inconnu : aucun, extérieur ou complet.',
  typeConvoyage: 'Choisissez un type de convoyage : Reprise, Livraison ou Transfert.',
} as const;

/** French refusals of the quote API (HTTP 409/404). */
export const quoteApiMessages = {
  notFound: 'Devis introuvable.',
  cannotComplete: 'Ce devis ne peut plus être complété : il n’est plus en attente.',
  cannotArchive: 'Seul un devis en attente peut être archivé.',
  cannotRestore: 'Seul un devis archivé peut être restauré.',
  cannotDelete: 'Seul un devis en attente ou archivé peut être supprimé.',
  signedArchiveKept:
    'Ce devis a été signé : il reste dans vos archives, sans pouvoir être restauré ni supprimé. Pour une nouvelle mission, faites une nouvelle simulation.',
  signedArchiveNotRestored: 'Ce devis signé a été archivé : il ne peut pas être restauré. Une nouvelle mission passe par un nouveau devis.',
  changedMeanwhile: 'Le devis a été modifié entre-temps. Rechargez la page et réessayez.',
  dailyLimitReached: (limit: number) =>
    `Vous avez déjà enregistré ${limit} devis ces dernières 24 heures : c’est le maximum. Réessayez plus tard ou contactez-nous.`,
} as const;
