/**
 * Texts of the « Politique de confidentialité » page (/confidentialite): part of the catalogue
 * of src/domain/texts/common.ts, in a module of their own because that page loads lazily. What the
 * page says of retention and processors comes from the server's configuration (PublicConfig's
 * `privacy`); the defaults below are what it shows without one.
 */
import type { PrivacyFacts } from '../public-config.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
const days = (count: number) => plural(count, 'jour', 'jours');
const hours = (count: number) => plural(count, 'heure', 'heures');

/** The README's defaults (RETENTION_*), for a page rendered without the server's configuration. */
export const defaultPrivacyFacts: PrivacyFacts = {
  processors: { geocoder: null, router: null, smtp: null, s3: null, sms: null },
  retention: { sentMailDays: 30, expiredSessionDays: 7, verificationDays: 1, throttleHours: 24, auditDays: 400, trackingDays: 30 },
};

export const privacyPageTexts = {
  intro: (business: string, owner: string) =>
    `Cette page explique quelles données personnelles ${business} traite, pourquoi, combien de temps elles sont conservées, qui les reçoit et comment exercer vos droits. Responsable du traitement : ${owner}.`,

  collectedTitle: 'Ce que nous collectons, et pourquoi',
  collected: [
    'Votre compte : nom, adresse e-mail, téléphone, adresse postale, type de client, numéro SIRET pour une entreprise, mot de passe (seule une empreinte est conservée, jamais le mot de passe). Pour gérer votre compte et vos devis (exécution du contrat).',
    'Vos devis : adresses de départ et d’arrivée, véhicule (marque, modèle, immatriculation, numéro de châssis), dates souhaitées, contacts sur place, options et commentaires. Pour établir, confirmer et réaliser le convoyage (exécution du contrat).',
    'La signature en ligne d’un devis : le nom saisi, votre adresse e-mail, l’adresse IP et le navigateur, la date et l’empreinte du document signé. Pour prouver l’accord (exécution du contrat et preuve).',
    'Les états des lieux : photos du véhicule, kilométrage, niveau de carburant, dommages, signatures. Pour prouver l’état du véhicule à la prise en charge et à la livraison (exécution du contrat et preuve).',
    'Les factures et avoirs : identité, adresse, prestation et montants. Pour tenir la comptabilité de l’entreprise (obligation légale).',
    'La sécurité : vos sessions (adresse IP, navigateur, dates), des compteurs de tentatives de connexion et un journal des connexions et des actions de l’administrateur (date, adresse IP). Pour protéger les comptes contre les abus et pouvoir retracer chaque changement (intérêt légitime).',
    'Les e-mails que nous vous envoyons : une copie est gardée le temps de leur envoi. Pour vous tenir informé de vos devis (exécution du contrat).',
    'Le suivi en direct d’une mission : de la prise en charge à la livraison seulement, la position du véhicule (latitude, longitude, précision, heure) envoyée par le téléphone du chauffeur, qui peut la mettre en pause ; jamais en dehors d’une mission. Pour que vous et la personne qui attend le véhicule sachiez où il est et quand il arrive (exécution du contrat ; suivi d’une prestation de transport, délibération CNIL n° 2015-165). La personne qui attend le véhicule reçoit un lien secret qui montre la ville, les kilomètres et l’heure d’arrivée estimée, sans vos coordonnées ni le prix.',
    'Les SMS du suivi : le numéro de mobile du client et celui du contact à l’arrivée, pour annoncer la prise en charge, l’arrivée dans 30 minutes environ et la livraison (exécution du contrat). Vous pouvez les refuser dans votre espace client.',
  ],

  retentionTitle: 'Combien de temps',
  retention: (r: PrivacyFacts['retention']) => [
    'Votre compte, votre profil et vos devis : tant que votre compte existe. Quand vous le supprimez, ils sont effacés et vos devis anonymisés (plus de nom, d’e-mail, de téléphone, de contacts, d’immatriculation ni de commentaire ; seule la ville des adresses reste).',
    'Factures et avoirs : 10 ans (article L123-22 du Code de commerce), conservés tels qu’émis, même après la suppression de votre compte. Le devis d’une mission facturée garde votre nom et le trajet que la facture mentionne.',
    'Devis signé, preuve de signature, états des lieux et photos d’une mission : 5 ans après la fin de la mission (délai de prescription, article 2224 du Code civil), même après la suppression de votre compte, accessibles au seul éditeur. Le devis envoyé mais jamais signé est supprimé avec votre compte.',
    `Copies des e-mails envoyés : ${days(r.sentMailDays)} après leur envoi.`,
    `Sessions : jusqu’à leur expiration (30 jours au plus après la connexion), puis ${days(r.expiredSessionDays)}.`,
    `Liens de vérification et de réinitialisation du mot de passe : jusqu’à leur expiration, puis ${days(r.verificationDays)}.`,
    `Compteurs de tentatives de connexion : ${hours(r.throttleHours)}.`,
    `Journal de sécurité (connexions, tentatives échouées, double authentification, actions de l’administrateur, avec l’adresse IP) : ${days(r.auditDays)}.`,
    `Positions du suivi en direct : ${days(r.trackingDays)} après la livraison, puis supprimées ; le lien du destinataire cesse de fonctionner 24 heures après la livraison.`,
  ],

  processorsTitle: 'Qui reçoit vos données',
  host: (host: string) => `Hébergement : ${host}`,
  geocoder: (host: string | null) =>
    host
      ? `Recherche d’adresses : le texte des adresses saisies est envoyé à ${host} (IGN Géoplateforme, service public).`
      : 'Recherche d’adresses : faite sur notre serveur, sans service extérieur.',
  router: (host: string | null) =>
    host
      ? `Calcul des distances : les coordonnées des adresses de départ et d’arrivée sont envoyées à ${host}.`
      : 'Calcul des distances : fait sur notre serveur, sans service extérieur.',
  smtp: (host: string | null) =>
    host
      ? `Envoi des e-mails : votre adresse e-mail et le contenu des messages passent par le serveur d’envoi ${host}.`
      : 'Envoi des e-mails : par notre propre serveur, sans prestataire d’envoi.',
  s3: (host: string | null) =>
    host ? `Stockage des documents (PDF, photos) : chez ${host}.` : 'Stockage des documents (PDF, photos) : sur notre serveur.',
  sms: (host: string | null) =>
    host
      ? `Envoi des SMS : le numéro de mobile et le texte du message passent par ${host} (Brevo).`
      : 'Envoi des SMS : aucun prestataire n’est configuré ; les messages restent sur notre serveur.',
  positionsShared:
    'La position du véhicule pendant une mission n’est transmise à aucun service extérieur : la ville et le trajet sont calculés sur notre serveur.',
  noSale: 'Vos données ne sont ni vendues, ni cédées, ni utilisées pour de la publicité.',

  rightsTitle: 'Vos droits, et comment les exercer',
  accessRight:
    'Accès et portabilité : dans votre espace client, le bouton « Télécharger mes données » vous donne toutes vos données dans un fichier JSON.',
  erasureRight:
    'Effacement : dans votre espace client, le bouton « Supprimer mon compte » supprime votre compte après confirmation par votre mot de passe. Ce n’est pas possible tant qu’un devis est envoyé ou en cours : attendez la fin de la mission, ou contactez-nous.',
  areaLink: 'Aller à mon espace client',
  otherRights: 'Rectification, limitation, opposition, ou toute question sur vos données : écrivez-nous à',
  orCall: 'ou appelez le',
  complaint: 'Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (cnil.fr).',

  cookiesTitle: 'Cookies',
  cookies:
    'Seuls des cookies strictement nécessaires sont déposés : la session lorsque vous êtes connecté, et un cookie qui reconnaît un navigateur où vous vous êtes déjà connecté, pour la sécurité. Une simulation faite avant de vous connecter est gardée un jour dans ce navigateur (pas sur nos serveurs), pour être enregistrée dans « Mes devis » dès que vous êtes connecté ; la déconnexion l’efface. Aucun cookie de mesure d’audience, de publicité ni de suivi.',
} as const;
