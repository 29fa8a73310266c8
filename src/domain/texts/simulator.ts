// Part of the text catalogue (texts.ts), in its own module so that only the pages that
// use it load it: the home page's first bundle does without.

/** Texts of the price simulator and its address fields (spec sections 5, 8, 9). */
export const simulatorTexts = {
  formLabel: 'Simulateur de prix',
  adresseDepart: 'Adresse de départ',
  adresseArrivee: 'Adresse d’arrivée',
  typeVehicule: 'Type de véhicule',
  chooseVehicle: 'Choisissez un type de véhicule',
  addressPlaceholder: 'Ville, code postal ou adresse',
  submit: 'Calculer le prix',
  submitting: 'Calcul en cours…',
  tooFar: 'Distance supérieure à 1200 km – veuillez nous contacter pour un devis personnalisé.',
  distanceEstimee: (km: string) => `Distance estimée : ${km}\u00a0km`,
  // A non-breaking space keeps the amount and its unit on one line.
  prixEstime: (euros: string) => `Prix estimé TTC : ${euros}\u00a0€`,
  saved: (numero: number) => `Devis n° ${numero} enregistré dans « Mes devis ».`,
  /** "Pour enregistrer ce devis, [créez un compte] ou [connectez-vous]." */
  toSave: { before: 'Pour enregistrer ce devis,', signUp: 'créez un compte', or: 'ou', logIn: 'connectez-vous' },
} as const;

/** What the combobox of src/client/ui announces; it serves the simulator's address fields only. */
export const comboboxTexts = {
  noSuggestion: 'Aucune suggestion.',
  suggestions: (count: number) =>
    `${count} suggestion${count > 1 ? 's' : ''} disponible${count > 1 ? 's' : ''}, flèches haut et bas pour choisir.`,
} as const;
