// Part of the text catalogue: terms of sale (CGV), the consumer's withdrawal, the mediator, the
// quote's validity (issue 28; the articles relied on are in docs/decisions/0060).
import type { Seller } from '../public-config.ts';

/** What the CGV and the legal mentions say of the seller, from the configuration (one section). */
export type LegalFacts = {
  seller: Seller;
  mediator: { nom: string; url: string; adresse?: string } | null;
  insurance: { insurer: string; area: string } | null;
  quoteValidityDays: number;
  paymentDays: number;
  latePenaltyRate: string;
  /** TRACKING_RETENTION_DAYS: how long a mission's positions are kept after its delivery. */
  trackingRetentionDays: number;
};

/** The label of the required box on the signing page (word for word from issue 28). */
export const CGV_ACCEPTANCE_TEXT = 'J’ai lu et j’accepte les conditions générales de vente';

/** The consumer's express request to start within the withdrawal period (L221-25, L221-28 1°). */
export const EARLY_START_TEXT =
  'Je demande expressément que la prestation commence avant la fin du délai de rétractation de 14 jours et je reconnais perdre mon droit de rétractation une fois la prestation pleinement exécutée.';

const mediatorLine = (facts: Pick<LegalFacts, 'mediator'>) =>
  facts.mediator
    ? `${facts.mediator.nom}${facts.mediator.adresse ? `, ${facts.mediator.adresse}` : ''}, ${facts.mediator.url}`
    : '[médiateur de la consommation à désigner]';
const insuranceLine = (facts: LegalFacts) =>
  facts.insurance
    ? `${facts.insurance.insurer}, couverture géographique : ${facts.insurance.area}`
    : '[assureur et couverture géographique à indiquer]';

export const legalTexts = {
  cgvTitle: 'Conditions générales de vente',
  cgvVersion: (version: number, date: string) => `Version ${version} en vigueur depuis le ${date}`,
  cgvSha256: (sha256: string) => `Empreinte SHA-256 : ${sha256}`,
  cgvPrint: 'Imprimer',
  cgvLoading: 'Chargement des conditions générales de vente…',
  cgvFailure: 'Les conditions générales de vente n’ont pas pu être chargées. Rechargez la page.',
  cgvLink: 'Lire les conditions générales de vente',
  cgvAcceptance: CGV_ACCEPTANCE_TEXT,
  cgvMissing: `Cochez la case « ${CGV_ACCEPTANCE_TEXT} » pour signer.`,
  cgvChanged: 'Les conditions générales de vente ont changé : rechargez la page pour lire la version en vigueur.',
  earlyStart: EARLY_START_TEXT,
  earlyStartHint: (day: string) =>
    `La prise en charge souhaitée tombe avant la fin de votre délai de rétractation. Sans cette demande, la mission ne commencera pas avant le ${day}.`,
  withdrawalNotice: (deadline: string | null) =>
    `Droit de rétractation : en tant que consommateur, vous disposez de 14 jours à compter du lendemain de la signature pour vous rétracter, sans motif ni frais${
      deadline ? ` (jusqu’au ${deadline} inclus)` : ''
    }. Pour l’exercer : bouton « Me rétracter » dans votre espace client, ou le formulaire de rétractation, ou toute déclaration sans ambiguïté par e-mail ou courrier. Si vous demandez que la mission commence avant la fin de ce délai et qu’elle est entièrement exécutée, vous perdez ce droit ; si vous vous rétractez après son début, vous devez le montant proportionnel au service déjà fourni.`,
  withdrawalFormLink: 'Formulaire de rétractation',
  validUntil: (day: string) => `Devis valable jusqu’au ${day}`,
  expired: (day: string) => `Ce devis a expiré le ${day}`,
  expiredBadge: 'Expiré',
  askNewQuote: 'Demander un nouveau devis',
  // The planning and the pickup inspection, when a consumer did not ask for an early start (L221-25)
  notBefore: (day: string) => `Pas avant le ${day}`,
  notBeforeWarning: (day: string) =>
    `Le client n’a pas demandé que la mission commence pendant son délai de rétractation : pas de prise en charge avant le ${day} (article L221-25 du Code de la consommation).`,
  notExpired: (day: string) =>
    `Ce devis est valable jusqu’au ${day} : il ne peut être ni prolongé ni archivé avant cette date (art. 1116 du Code civil).`,
  noValidityDate: 'Ce devis a été envoyé sans date de validité : il reste ouvert à la signature.',
  extendButton: 'Prolonger la validité',
  extendDone: 'Un nouvel exemplaire du devis, avec sa nouvelle date de validité, part chez le client.',
  mediatorLine: (facts: Pick<LegalFacts, 'mediator'>) => `Médiateur de la consommation : ${mediatorLine(facts)}`,
  insuranceLine: (facts: LegalFacts) => `Assurance responsabilité civile professionnelle : ${insuranceLine(facts)}`,
  mediatorUnset:
    'Médiateur de la consommation non renseigné (MEDIATEUR_NOM, MEDIATEUR_URL) : il doit figurer sur le site, les CGV, les devis et les factures dès que vous vendez à des particuliers (art. L616-1 et R616-1 du Code de la consommation).',
  // « Me rétracter »
  withdrawButton: 'Me rétracter',
  withdrawTitle: 'Renoncer au contrat',
  withdrawConfirm: 'Confirmer la rétractation',
  withdrawCancel: 'Annuler',
  withdrawIntro: (numero: number, deadline: string) =>
    `Vous renoncez au contrat du devis n° ${numero}. Vous pouvez le faire jusqu’au ${deadline} inclus, sans motif ni frais ; tout acompte versé vous est remboursé sous 14 jours.`,
  withdrawn: (date: string) => `Votre rétractation a été enregistrée le ${date}. Un accusé de réception vous a été envoyé par e-mail.`,
  historyEvent: 'rétractation du client',
  // The API's refusals (409, 404)
  withdrawLate: (deadline: string) => `Le délai de rétractation a pris fin le ${deadline} : la rétractation n’est plus possible.`,
  withdrawBusiness: 'Le droit de rétractation est réservé aux particuliers : il ne s’applique pas à un contrat conclu par une entreprise.',
  withdrawDone: 'La mission est terminée : le droit de rétractation ne s’applique plus à une prestation pleinement exécutée.',
  withdrawNotSigned: 'Ce devis n’est pas signé : il n’y a pas de contrat à rétracter.',
  withdrawAlready: 'Votre rétractation de ce contrat est déjà enregistrée.',
  // « Demander l'annulation » (general terms, article 13): after the withdrawal period, or for a business
  cancelTitle: 'Annuler la mission',
  cancelButton: 'Demander l’annulation',
  cancelConfirm: 'Confirmer la demande d’annulation',
  cancelBack: 'Ne pas annuler',
  /** What the general terms say of the deposit, by when the customer asks (7 days before the pickup). */
  cancelIntro: (numero: number, pickup: string | null, depositBack: boolean) =>
    `Vous demandez l’annulation de la mission du devis n° ${numero}${pickup ? `, dont la prise en charge est prévue le ${pickup}` : ''}. ${
      depositBack
        ? 'Demandée au moins 7 jours avant la prise en charge, l’annulation est sans frais : tout acompte versé vous est remboursé.'
        : 'Demandée moins de 7 jours avant la prise en charge, l’annulation laisse l’acompte acquis au prestataire (article 13 des conditions générales de vente).'
    } Nous vous confirmons l’annulation par e-mail.`,
  cancelRequested: (date: string) => `Annulation demandée le ${date}. Nous revenons vers vous pour la confirmer.`,
  cancelNotSigned: 'Seule une mission signée, pas encore terminée, peut être annulée : un devis non signé se supprime depuis votre espace.',
  cancelWithdrawFirst: (deadline: string) =>
    `Vous pouvez encore vous rétracter, sans frais, jusqu’au ${deadline} : utilisez « Me rétracter ».`,
  cancelAlready: (date: string) => `Votre demande d’annulation a déjà été envoyée le ${date}.`,
  cancelStarted: 'Le véhicule est déjà pris en charge : pour arrêter la mission, appelez-nous.',
  cancelMailCustomerSubject: (numero: number) => `Demande d’annulation reçue – devis n° ${numero}`,
  cancelMailCustomerBody: (numero: number, at: string, withDeposit: boolean) =>
    `Nous avons bien reçu votre demande d’annulation de la mission du devis n° ${numero}, le ${at} (heure de Paris). Nous vous confirmons l’annulation${withDeposit ? ' et ce que devient votre acompte' : ''} par e-mail.`,
  cancelMailAdminSubject: (numero: number) => `Demande d’annulation – devis n° ${numero}`,
  cancelMailAdminBody: (numero: number, name: string, at: string, pickup: string | null, depositBack: boolean) =>
    `${name} demande l’annulation de la mission du devis n° ${numero}, le ${at}${pickup ? ` (prise en charge prévue le ${pickup})` : ''}. Selon l’article 13 des conditions générales de vente, l’acompte ${
      depositBack
        ? 'est à rembourser : demande faite au moins 7 jours avant la prise en charge.'
        : 'reste acquis : demande faite moins de 7 jours avant la prise en charge.'
    } Pour confirmer l’annulation, supprimez le devis depuis sa page et choisissez ce que devient l’acompte.`,
  apiCancel: 'Demander l’annulation d’une mission signée (après le délai de rétractation, ou pour une entreprise)',
  // E-mails (outbox)
  mailCustomerSubject: (numero: number) => `Accusé de réception de votre rétractation – devis n° ${numero}`,
  mailCustomerBody: (numero: number, name: string, at: string) =>
    `Nous avons bien reçu votre rétractation du contrat du devis n° ${numero}.\n\nContenu de votre déclaration : « Je, ${name}, vous notifie par la présente ma rétractation du contrat portant sur la prestation de services du devis n° ${numero}. »\nEnvoyée le ${at} (heure de Paris).\n\nTout acompte versé vous sera remboursé au plus tard dans les 14 jours, par le même moyen de paiement.`,
  mailAdminSubject: (numero: number) => `Rétractation du client – devis n° ${numero}`,
  /** One line per deposit invoice on which money was received: what to give back, by when (L221-24). */
  mailAdminRefund: (amount: string, numero: string, deadline: string) =>
    `À rembourser au plus tard le ${deadline} : ${amount} reçus sur la facture d’acompte n° ${numero}.`,
  mailAdminRefundBooked:
    'Ce remboursement est déjà inscrit dans vos comptes (un paiement négatif sur la facture d’acompte, annulée par un avoir) : il vous reste à rendre l’argent par le moyen de paiement utilisé : un virement, dont le débit vous sera proposé sur la page Banque pour « Rapprocher de ce remboursement » (ce n’est pas une dépense), ou, pour un paiement par carte, par «\u00a0Rembourser par carte\u00a0» sur la page de la facture dans le back-office.',
  mailAdminBody: (numero: number, name: string, at: string) =>
    `Rétractation de ${name} du contrat du devis n° ${numero}, reçue le ${at}. Tout acompte est à rembourser au plus tard dans les 14 jours (article L221-24 du Code de la consommation).`,
  // The model withdrawal form (annex to R221-1 of the Code de la consommation)
  formTitle: 'Modèle de formulaire de rétractation',
  formIntro: '(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)',
  formTo: (name: string, address: string, email: string) => `À l’attention de ${name}, ${address}, ${email} :`,
  formLines: [
    'Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :',
    'Commandé le (*)/reçu le (*) :',
    'Nom du (des) consommateur(s) :',
    'Adresse du (des) consommateur(s) :',
    'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :',
    'Date :',
    '(*) Rayez la mention inutile.',
  ],
  formOnline: 'Vous pouvez aussi vous rétracter en ligne : bouton « Me rétracter » sur la page du devis, dans votre espace client.',
  apiCgv: 'Les conditions générales de vente en vigueur (version, date, SHA-256, texte)',
  apiWithdraw: 'Se rétracter d’un contrat signé (particulier, dans le délai de 14 jours)',
} as const;

/**
 * The default CGV of a vehicle convoy service (Markdown), until the operator sets CGV_PATH.
 * Its sections follow the outline of /work/research/legal.md §9; have a lawyer read it.
 */
export function defaultCgv(facts: LegalFacts): string {
  const s = facts.seller;
  return `# Conditions générales de vente

## 1. Identification et objet
Les présentes conditions générales de vente (CGV) s’appliquent aux prestations de convoyage de véhicules de ${s.legalName} (${s.tradeName}), entrepreneur individuel, SIRET ${s.siret}, ${s.address}, ${s.email}, ${s.phone}. La prestation consiste à conduire le véhicule du client, par un chauffeur professionnel, de l’adresse de départ à l’adresse d’arrivée du devis. Les CGV prévalent sur tout autre document, sauf stipulation contraire du devis signé.

## 2. Définitions
Client : la personne qui commande la prestation. Consommateur : toute personne physique qui agit à des fins qui n’entrent pas dans le cadre de son activité commerciale, industrielle, artisanale, libérale ou agricole (article liminaire du Code de la consommation). Professionnel : tout autre client. Devis : l’offre détaillée de prestation. Mission : l’exécution du convoyage. État des lieux : le procès-verbal établi à la prise en charge et à la livraison.

## 3. Commande et signature
Le client simule un prix en ligne, complète sa demande, puis reçoit un devis par e-mail. Le devis est valable ${facts.quoteValidityDays} jours à compter de son envoi ; la date limite y figure. Le contrat est conclu par la signature électronique du devis et l’acceptation des présentes CGV. Une confirmation est envoyée par e-mail avec le devis signé, les CGV et le formulaire de rétractation. Les enregistrements électroniques conservés font foi de la commande. La langue du contrat est le français.

## 4. Prix
Le prix est celui du devis signé, en euros. TVA non applicable, article 293 B du CGI. Il comprend la conduite, le carburant sauf option « sans carburant », les péages et le retour du chauffeur. Peuvent être facturés en plus, sur justificatif et s’ils figurent au devis : les kilomètres supplémentaires (jusqu’à 5 %) et les frais supplémentaires sur les trajets de plus de 800 km (jusqu’à 10 %). Les amendes encourues par le chauffeur restent à sa charge.

## 5. Acompte
Une somme versée d’avance est un acompte : elle engage fermement les deux parties. Elle est intégralement remboursée au consommateur qui se rétracte dans le délai légal.

## 6. Paiement et pénalités
Le paiement se fait par carte ou par virement, au plus tard ${facts.paymentDays} jours après la fin de la mission. Pour les clients professionnels : pénalités de retard au taux de ${facts.latePenaltyRate}, exigibles dès le lendemain de l’échéance, et indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce). Aucun escompte pour paiement anticipé.

## 7. Obligations du client
Le client remet un véhicule immatriculé, assuré (article L211-1 du Code des assurances), en état de circuler (contrôle technique à jour, pneumatiques, niveau de carburant convenu), avec son certificat d’immatriculation et ses clés. Il signale les défauts connus, retire ses objets de valeur et est présent, ou représenté, aux heures convenues.

## 8. Obligations du prestataire
Le prestataire fournit un chauffeur qualifié titulaire du permis requis, conduit avec soin dans le respect du Code de la route, garde le véhicule pendant la mission, n’y transporte personne et n’en fait aucun autre usage. Il fait ses meilleurs efforts pour respecter les dates convenues.

## 9. État du véhicule et documents
Un état des lieux contradictoire (photographies, kilométrage, carburant, dommages) est établi à la prise en charge et à la livraison. Le prestataire peut refuser un véhicule qui n’est pas en état de circuler.

## 10. Assurance
Le véhicule reste couvert par l’assurance de son propriétaire. ${insuranceLine(facts)}. En cas d’accident, un constat amiable est établi et le client en est informé sans délai.

## 11. Délais
Les dates de prise en charge et de livraison sont des engagements de moyens. Le prestataire n’est pas responsable d’un retard dû à un cas de force majeure (article 1218 du Code civil), aux conditions de circulation ou météorologiques ; il en informe le client. Le consommateur garde les droits que lui donnent les articles L216-1 et suivants du Code de la consommation.

## 12. Dommages et réserves
Le client note ses réserves sur l’état des lieux de livraison. L’état des lieux signé sans réserve fait foi de l’état du véhicule, sauf preuve contraire. Le client professionnel signale par écrit tout dommage non apparent dans les trois jours ouvrables suivant la livraison.

## 13. Annulation et modification
Le client peut annuler sans frais jusqu’à 7 jours avant la prise en charge. Au-delà, l’acompte reste acquis au prestataire, sauf rétractation d’un consommateur dans le délai légal. Si le prestataire annule, il rembourse l’intégralité des sommes versées.

## 14. Droit de rétractation (consommateurs)
Le consommateur dispose d’un délai de 14 jours pour se rétracter, sans motif ni frais (articles L221-18 et suivants du Code de la consommation). Le délai court à compter du lendemain de la signature du devis ; s’il expire un samedi, un dimanche ou un jour férié, il est prolongé jusqu’au premier jour ouvrable suivant. Pour l’exercer, le consommateur utilise le bouton « Me rétracter » sur la page du devis dans son espace client (un accusé de réception lui est envoyé par e-mail avec le contenu, la date et l’heure de sa rétractation), ou envoie le formulaire de rétractation (page /retractation) ou toute autre déclaration dénuée d’ambiguïté à ${s.email} ou à ${s.address}. Toutes les sommes versées sont remboursées au plus tard 14 jours après la rétractation, par le même moyen de paiement. Si le consommateur demande expressément que la mission commence avant la fin du délai, il doit, en cas de rétractation, un montant proportionnel au service fourni jusqu’à sa rétractation ; il perd son droit de rétractation une fois la mission pleinement exécutée (articles L221-25 et L221-28 du Code de la consommation). Les clients professionnels ne disposent pas de ce droit.

## 15. Réclamations et médiation
Les réclamations s’adressent à ${s.email}. Si elle n’est pas résolue, le consommateur peut recourir gratuitement au médiateur de la consommation : ${mediatorLine(facts)} (articles L612-1 et L616-1 du Code de la consommation). Il peut aussi saisir le tribunal compétent.

## 16. Données personnelles
Les données du client sont traitées pour établir et exécuter les devis, facturer et suivre les missions, dans les conditions de la politique de confidentialité du site. Pendant la mission, de la prise en charge à la livraison, le téléphone du chauffeur partage la position du véhicule pour que le client et le destinataire suivent son trajet et son heure d’arrivée (suivi de la prestation, délibération CNIL n° 2015-165) ; le chauffeur peut le mettre en pause, et aucune position n’est prise en dehors de la mission. Les positions sont supprimées ${facts.trackingRetentionDays} jours après la livraison. Le client dispose des droits d’accès, de rectification, d’effacement et d’opposition, et peut saisir la CNIL.

## 17. Responsabilité
Le prestataire répond des dommages causés au véhicule pendant la mission, à l’exception des défauts antérieurs notés à la prise en charge, des pannes mécaniques qui ne lui sont pas imputables et des objets laissés dans le véhicule. Toute limitation de responsabilité ne vaut qu’entre professionnels.

## 18. Droit applicable et juridiction
Les présentes CGV sont soumises au droit français. Le consommateur peut saisir la juridiction du lieu où il demeurait lors de la conclusion du contrat ou du fait dommageable (article R631-3 du Code de la consommation). Entre professionnels, le tribunal de commerce du siège du prestataire est seul compétent.
`;
}
