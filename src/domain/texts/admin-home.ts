// Part of the text catalogue (texts.ts), in its own module so that only the back office loads it.
import type { AdminNavName } from '../paths.ts';
import { legalTexts } from './legal.ts';
import { plural } from './common.ts';

/**
 * The label of each section of the back office's navigation (routes with `nav` in the route
 * table): a page declared there without its label here does not type-check.
 */
export const adminNavLabels = {
  admin: 'Devis',
  adminMissions: 'Missions',
  adminFactures: 'Factures',
  adminChiffreAffaires: 'Chiffre d’affaires',
  adminBanque: 'Banque',
  adminDepenses: 'Dépenses',
  adminRentabilite: 'Rentabilité',
  adminDevisArchives: 'Devis archivés',
  adminJournal: 'Journal',
  adminAchats: 'Achats',
  adminEReporting: 'E-reporting',
  adminSecurite: 'Double authentification',
} as const satisfies Record<AdminNavName, string>;

/** The back office's navigation and the « À faire » band of /admin (issue 34). */
export const adminHomeTexts = {
  navLabel: 'Administration',
  more: 'Plus',
  moreLabel: 'Autres sections de l’administration',

  title: 'À faire',
  loading: 'Chargement de ce qui vous attend…',
  loadFailed: 'La liste « À faire » n’a pas pu être chargée.',
  nothing: 'Rien ne vous attend : tout est à jour.',
  andMore: (count: number) => `et ${count} autre${plural(count, '', 's')}`,

  quotesToConfirm: (count: number) => `${count} devis en attente de confirmation`,
  waitingSince: (age: string) => `en attente depuis ${age}`,
  cancellationsRequested: (count: number) =>
    `${count} annulation${plural(count, '', 's')} demandée${plural(count, '', 's')} par le client : supprimez le devis et choisissez ce que devient l’acompte`,
  requestedSince: (age: string) => `demandée il y a ${age}`,
  signedWithoutDate: (count: number) => `${count} devis signé${plural(count, '', 's')} sans date de prise en charge`,
  upcoming: (count: number) => `${count} rendez-vous aujourd’hui et demain`,
  today: 'Aujourd’hui',
  tomorrow: 'Demain',
  pickup: 'Prise en charge',
  delivery: 'Livraison',
  slot: (debut: string | null, fin: string | null) =>
    debut && fin ? `${debut}–${fin}` : debut ? `dès ${debut}` : fin ? `avant ${fin}` : 'horaire non précisé',
  call: (name: string) => `Appeler ${name}`,
  callContact: 'Appeler le contact',
  navigate: 'Itinéraire',
  inspectionsOnPhone: (count: number) => `${count} état${plural(count, '', 's')} des lieux à envoyer depuis ce téléphone`,
  inspectionsOffline: 'Ils partiront dès que le réseau reviendra.',
  failedEmails: (count: number) => `${count} e-mail${plural(count, '', 's')} non parti${plural(count, '', 's')}`,
  failedEmailTo: (recipient: string) => `à ${recipient}`,
  failedSms: (count: number) => `${count} SMS non parti${plural(count, '', 's')}`,
  failedSmsMission: 'Hors mission',
  quoteNumber: (numero: number) => `Devis n° ${numero}`,
  overdueInvoices: (count: number, total: string) => `${count} facture${plural(count, '', 's')} en retard : ${total} à encaisser`,
  overdueSince: (day: string) => `échue le ${day}`,
  platformToCorrect: (count: number) =>
    `${count} facture${plural(count, '', 's')} à corriger : rejetée${plural(count, '', 's')} ou non envoyée${plural(count, '', 's')} par la plateforme agréée`,
  platformToCorrectHint: 'Annulez-la par un avoir, puis émettez une facture corrigée.',
  purchasesToDecide: (count: number) => `${count} facture${plural(count, '', 's')} fournisseur à approuver ou refuser`,
  receivedOn: (day: string) => `reçue le ${day}`,
  refundsToMake: (count: number, total: string) =>
    `${count} remboursement${plural(count, '', 's')} à faire après une rétractation : ${total}`,
  refundsHint: 'Faites le virement, puis rapprochez son débit sur la page Banque.',
  refundsByCardHint: 'Par carte : ouvrez la facture et touchez «\u00a0Rembourser par carte\u00a0».',
  refundByCard: 'par carte',
  refundBefore: (day: string) => `avant le ${day}`,
  /** Its last day past (L221-24: the sums owed then bear interest). */
  refundLate: (day: string) => `en retard : dû au plus tard le ${day}`,
  bankCredits: (count: number) => `${count} crédit${plural(count, '', 's')} du relevé à rapprocher`,
  bankProposed: (count: number) => `dont ${count} rapprochement${plural(count, '', 's')} proposé${plural(count, '', 's')} à confirmer`,
  bankProposedLine: 'à confirmer',
  bankUnknownPayer: 'payeur inconnu',
  configuration: 'Configuration à compléter',
  warnings: {
    'sceau-auto-signe':
      'Les documents signés sont scellés avec un certificat auto-signé : renseignez SIGNING_P12_PATH et SIGNING_P12_PASSWORD avec votre certificat.',
    'public-url-absente': 'PUBLIC_URL n’est pas renseignée : les liens des e-mails pointent vers localhost.',
    'mediateur-absent': legalTexts.mediatorUnset,
  },
  revenue: (total: string, ceiling: string, percent: string) =>
    `Chiffre d’affaires encaissé cette année : ${total} sur ${ceiling} de plafond (${percent})`,
  age: {
    minutes: (count: number) => `${count} min`,
    hours: (count: number) => `${count} h`,
    days: (count: number) => `${count} jour${plural(count, '', 's')}`,
  },
};

/** The summary of the API's documentation. */
export const adminHomeApiDocs = {
  aFaire:
    'Ce qui attend l’administrateur : devis à confirmer, rendez-vous du jour et du lendemain, e-mails en échec, factures en retard, configuration',
};
