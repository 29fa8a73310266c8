// Part of the text catalogue (texts.ts), in its own module: only the tracking views, the
// operator's mission page and the server's messages load it.
import type { TrackingStatus } from '../schemas/tracking.ts';

/** « Où est ma voiture ? »: live tracking of a mission, its link, its e-mails and text messages (issue 31). */
export const trackingTexts = {
  // The customer's quote page and the receiver's page
  title: 'Où est ma voiture ?',
  receiverTitle: (numero: number) => `Suivi de la mission n° ${numero}`,
  status: {
    'en attente': 'Pris en charge',
    'en route': 'En route',
    livré: 'Livré',
  } satisfies Record<TrackingStatus, string>,
  waitingFirstPosition: 'Le véhicule a été pris en charge ; sa position s’affichera dès que le convoyeur l’aura partagée.',
  nearTown: (ville: string) => `Près de ${ville}`,
  positionAt: (time: string) => `Position du ${time}`,
  kmDone: 'Parcourus',
  kmLeft: 'Restants',
  eta: 'Arrivée estimée',
  etaNote: 'Estimation d’après le temps de conduite restant, sans les pauses à venir.',
  route: (from: string, to: string) => `${from} → ${to}`,
  mapLabel: (ville: string | null) =>
    ville ? `Carte de France : le trajet et la position du véhicule, près de ${ville}` : 'Carte de France : le trajet prévu',
  deliveredAt: (time: string) => `Véhicule livré le ${time}.`,
  ended: 'Ce suivi est terminé',
  endedDetail: 'Le véhicule a été livré ; la position n’est plus partagée.',
  notFound: 'Ce suivi est terminé, ou ce lien n’est pas valide.',
  loading: 'Chargement du suivi…',
  loadFailed: 'Le suivi n’a pas pu être chargé. Il sera réessayé dans un instant.',
  notStarted: 'Le suivi commence à la prise en charge du véhicule.',

  // The operator's mission page
  sharingTitle: 'Suivi en direct',
  sharingOn: 'Votre position est partagée avec le client et le destinataire jusqu’à la livraison.',
  sharingPaused: 'Suivi en pause : votre position n’est pas partagée.',
  pause: 'Pause du suivi',
  resume: 'Reprendre le suivi',
  keepVisible: 'Gardez cette page ouverte et l’écran allumé : le téléphone ne donne pas sa position quand la page est cachée.',
  screenKeptOn: 'L’écran reste allumé tant que votre position est partagée.',
  pending: (count: number) => (count > 1 ? `${count} positions en attente d’envoi` : '1 position en attente d’envoi'),
  denied: 'La localisation est refusée : autorisez-la pour ce site dans les réglages du navigateur.',
  unavailable: 'Position indisponible pour le moment.',

  // Refusals of the API
  positionsBeforePickup: 'Le suivi commence à la prise en charge du véhicule : position refusée.',
  positionsAfterDelivery: 'La mission est terminée : le suivi est arrêté, position refusée.',
  positionConflict: 'Cet identifiant de position est déjà utilisé pour une autre mission.',

  // E-mails (the business's name is in their signature)
  receiverMailSubject: (numero: number, business: string) => `${business} : suivez l’arrivée du véhicule (mission n° ${numero})`,
  receiverMailBody: (from: string, to: string) =>
    `Le véhicule que vous attendez a été pris en charge à ${from} et vient vers ${to}. Suivez son trajet et son heure d’arrivée estimée sur cette page, sans compte ; le lien expire 24 heures après la livraison.`,
  receiverMailLink: 'Suivre le véhicule',
  approachMailSubject: (numero: number) => `Devis n° ${numero} : arrivée du véhicule dans 30 minutes environ`,
  approachMailBody: (time: string, to: string) => `Votre véhicule arrive à ${to} dans 30 minutes environ (vers ${time}).`,

  // Text messages: each fits in two parts once in its GSM form (sms.test.ts measures the longest)
  smsPickup: (business: string, numero: number, link: string) =>
    `${business} : votre véhicule a été pris en charge (mission n° ${numero}). Suivez son trajet : ${link}`,
  smsReceiver: (business: string, numero: number, link: string) =>
    `${business} : le véhicule que vous attendez a été pris en charge (mission n° ${numero}). Suivez son arrivée : ${link}`,
  smsApproach: (business: string, numero: number, time: string) =>
    `${business} : le véhicule de la mission n° ${numero} arrive dans 30 minutes environ (vers ${time}).`,
  smsDelivered: (business: string, numero: number) =>
    `${business} : le véhicule de la mission n° ${numero} a été livré. Merci de votre confiance.`,

  // The customer's switch
  smsSwitch: 'Recevoir aussi les SMS du suivi de mission (prise en charge, arrivée dans 30 minutes, livraison)',

  apiDocs: {
    positions: 'Enregistre des positions du téléphone du convoyeur pendant une mission en cours (identifiants faits par la page)',
    customer: 'Le suivi en direct de la mission du client',
    receiver: 'Le suivi en direct pour le destinataire, par le lien secret reçu à la prise en charge',
  },
} as const;
