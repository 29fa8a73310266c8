// Part of the text catalogue (texts.ts), in its own module so that only the back office's
// pages that work without network load it (the inspections, the expenses).

/** The bar that says whether the page works offline and what waits to be sent. */
export const offlineTexts = {
  ready: 'Disponible hors connexion',
  preparing: 'Préparation de l’usage hors connexion…',
  unavailable: 'Ce navigateur ne permet pas l’usage hors connexion.',
  retry: 'La préparation de l’usage hors connexion n’a pas abouti : elle sera refaite au retour du réseau.',
  offlineNow: 'Hors connexion : tout est enregistré sur ce téléphone et sera envoyé au retour du réseau.',
  allSent: 'Tout est envoyé.',
  sending: 'Envoi en cours…',
  sessionExpired: 'Votre session a expiré : reconnectez-vous, rien n’est perdu.',
};
