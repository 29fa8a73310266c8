// Part of the text catalogue: getting paid (issue 29) — the deposit, paying online or by
// transfer, bank statements and reminders. Loaded only by the pages, PDFs and e-mails that use it.

/** Why a bank statement was refused (400): nothing of it is recorded. */
export const statementErrors = {
  empty: 'Le fichier est vide.',
  tooLarge: (max: string) => `Le relevé dépasse ${max} : déposez un relevé plus court (un mois, par exemple).`,
  unknownFormat:
    'Ce fichier n’est ni un relevé CAMT.053 (XML) ni un fichier CSV : exportez le relevé au format « XML CAMT.053 » ou « CSV ».',
  xmlMalformed: (line: number) => `Le fichier XML est mal formé (ligne ${line}) : exportez le relevé à nouveau depuis votre banque.`,
  xmlDoctype: 'Le fichier XML contient une déclaration DOCTYPE, qu’aucun relevé bancaire ne contient : il est refusé.',
  notCamt053: 'Ce fichier XML n’est pas un relevé de compte CAMT.053 (ISO 20022, « BkToCstmrStmt »).',
  camtVersion: (version: string) => `Cette version du relevé CAMT.053 (${version}) n’est pas prise en charge : versions 02 à 08.`,
  noStatement: 'Le relevé ne contient aucun compte (« Stmt »).',
  badEntry: (index: number, what: string) => `L’opération n° ${index} du relevé est illisible : ${what}.`,
  badAmount: (value: string) => `montant « ${value} » invalide`,
  badIndicator: (value: string) => `sens « ${value} » inconnu (CRDT ou DBIT attendu)`,
  badDate: (value: string) => `date « ${value} » invalide`,
  csvNoMapping: 'Pour un relevé CSV, enregistrez d’abord la correspondance des colonnes de votre banque.',
  csvMalformed: (line: number) => `Le fichier CSV est mal formé (ligne ${line}).`,
  csvNoHeader: (columns: string[]) =>
    `La ligne d’en-tête du relevé CSV est introuvable : colonnes attendues ${columns.map((name) => `« ${name} »`).join(', ')}.`,
  csvBadRow: (line: number, what: string) => `La ligne ${line} du relevé CSV est illisible : ${what}.`,
  noEntries: 'Le relevé ne contient aucune opération.',
} as const;

/** The back office's bank page (/admin/banque) and the rules of its forms. */
export const bankTexts = {
  depositInvalid: 'L’acompte est un pourcentage entier entre 0 et 100.',
  mappingRequired: 'Indiquez le nom de la colonne, tel qu’il figure sur la ligne d’en-tête du fichier.',
  mappingAmount: 'Indiquez une colonne « Montant », ou bien une colonne « Débit » et une colonne « Crédit ».',
  remindersInvalid: 'Indiquez si les relances automatiques sont arrêtées (vrai ou faux).',
  invoicesToMatch: (max: number) => `Choisissez la facture que ce virement paie, ou jusqu’à ${max} factures qu’il paie ensemble.`,
} as const;

/** The refusals of the bank routes. */
export const bankApiMessages = {
  operationNotFound: 'Opération introuvable.',
  alreadyHandled: 'Cette opération a déjà été traitée : rechargez la page.',
  debitNotMatched: 'Ce débit ne correspond à aucun remboursement par virement enregistré sur cette facture pour ce montant.',
  refundAlreadyMatched: 'Ce remboursement est déjà rapproché d’un autre débit.',
  invoiceNotPayable: 'Cette facture n’attend aucun paiement.',
  moreThanDue: 'Ce virement dépasse ce qui reste à payer sur cette facture : choisissez-en une autre.',
  moreThanDueTogether: 'Ce virement dépasse ce qui reste à payer sur les factures choisies : ajoutez celle qu’il paie aussi.',
  notEnoughForAll: 'Ce virement ne couvre pas toutes les factures choisies : retirez celle qu’il ne paie pas.',
  fileMissing: 'Choisissez le fichier du relevé exporté par votre banque.',
  oneFile: 'Déposez un seul relevé à la fois.',
  badName: 'Le nom du fichier contient des caractères non autorisés : renommez-le.',
  malformed: 'L’envoi du fichier est incomplet ou mal formé : réessayez.',
} as const;

/** Paying an invoice online: the refusals and what the provider's page shows. */
export const onlinePaymentMessages = {
  notFound: 'Facture introuvable.',
  providerOff: 'Le paiement en ligne n’est pas proposé : réglez la facture par virement.',
  nothingDue: 'Cette facture est réglée : il n’y a plus rien à payer.',
  providerUnavailable: 'Le paiement en ligne est momentanément indisponible. Réessayez dans quelques minutes ou réglez par virement.',
  depositLabel: (numero: string) => `Facture d’acompte n° ${numero}`,
  invoiceLabel: (numero: string) => `Facture n° ${numero}`,
} as const;

/** The receipts of a card payment. */
export const receiptMailTexts = {
  subject: (numero: string) => `Paiement reçu : facture n° ${numero}`,
  body: (amount: string, numero: string, reference: string) =>
    `Nous avons bien reçu votre paiement par carte de ${amount} pour la facture n° ${numero} (référence ${reference}). Merci.`,
  left: (amount: string) => `Il reste ${amount} à payer sur cette facture.`,
  settled: 'La facture est entièrement réglée.',
  link: 'Voir la facture',
  adminSubject: (numero: string, amount: string) => `Paiement par carte reçu : ${amount}, facture n° ${numero}`,
  adminBody: (client: string, amount: string, numero: string, reference: string) =>
    `${client} a payé ${amount} par carte pour la facture n° ${numero} (référence ${reference}).`,
  adminLink: 'Voir la facture dans le back-office',
} as const;

/** To the customer, once the provider says his card has been refunded (decision 0089). */
export const refundMailTexts = {
  subject: (numero: string) => `Remboursement effectué : facture n° ${numero}`,
  body: (amount: string, numero: string) =>
    `Votre remboursement de ${amount} a été fait sur la carte qui avait réglé la facture n° ${numero}.`,
  next: 'Selon votre banque, le remboursement apparaît sur votre relevé d’ici quelques jours.',
  link: 'Voir mon espace client',
} as const;

/**
 * The customer's notice that a refund he was told was made came back from his card's bank (a
 * closed or expired card): what he was told is corrected, and he knows the operator comes back to him.
 */
export const refundBouncedMailTexts = {
  subject: (numero: string) => `Remboursement non abouti : facture n° ${numero}`,
  body: (amount: string, numero: string) =>
    `Le remboursement de ${amount} que nous vous avions annoncé sur la carte qui avait réglé la facture n° ${numero} n’a pas abouti : votre banque l’a renvoyé, le plus souvent parce que la carte est expirée ou fermée.`,
  next: 'Nous revenons vers vous pour vous rembourser, par un nouvel essai ou par virement. Vous n’avez rien à faire d’ici là.',
  link: 'Voir mon espace client',
} as const;

/** The operator's notice that a card refund failed at the provider after it was asked or made (the card closed, say). */
export const refundFailedMailTexts = {
  subject: (numero: string) => `Remboursement refusé par le prestataire : facture n° ${numero}`,
  body: (amount: string, client: string, numero: string) =>
    `Le remboursement de ${amount} sur la carte de ${client} (facture n° ${numero}) a échoué chez le prestataire de paiement : la carte est peut-être fermée.`,
  next: 'Réessayez depuis la page de la facture, ou remboursez par virement.',
  link: 'Ouvrir la facture',
} as const;

/** The automatic reminders, as the back office names them. */
export const reminderApiMessages = {
  notFound: 'Facture introuvable.',
} as const;

/** The automatic reminders of one invoice, on its back-office page: what went out, and the switch. */
export const invoiceRemindersTexts = {
  title: 'Relances automatiques',
  loading: 'Chargement des relances…',
  active:
    'Tant que la facture reste due, les rappels partent d’eux-mêmes par e-mail : avant l’échéance, le lendemain de l’échéance, puis quinze jours après.',
  stopped: 'Les relances automatiques de cette facture sont arrêtées : aucun rappel ne partira de lui-même.',
  stop: 'Arrêter les relances automatiques',
  resume: 'Reprendre les relances automatiques',
  stoppedDone: 'Relances automatiques arrêtées pour cette facture.',
  resumedDone: 'Relances automatiques reprises pour cette facture.',
  sentTitle: 'Déjà envoyées',
  steps: {
    'avant-echeance': 'Rappel avant l’échéance',
    'echeance-depassee': 'Relance le lendemain de l’échéance',
    'echeance-plus-15': 'Relance quinze jours après l’échéance',
  },
  sentOn: (step: string, day: string) => `${step}, le ${day}`,
} as const;

/** The deposit on the quote, its PDF, e-mail and signing page, and the reasons of its credit notes. */
export const depositTexts = {
  label: 'Acompte',
  fieldHint: 'Pourcentage du prix final demandé à la signature (0 : aucun acompte).',
  atSignature: (amount: string, pourcent: number) => `Acompte à la signature : ${amount} (${pourcent} %)`,
  cancelled: 'Annulation de la mission : acompte annulé',
  withdrawal: 'Rétractation du client : acompte remboursé',
} as const;

/**
 * A signed mission deleted: its deposit credited (given back), or kept when the customer cancelled
 * less than 7 days before the pickup (general terms, article 13). The choice in the deletion's
 * dialog, the refusals of « Conserver », and the customer's notice.
 */
export const depositCancellationTexts = {
  legend: 'L’acompte de cette mission',
  refund: 'Le rembourser : annulation par nos soins, ou par le client au moins 7 jours avant la prise en charge',
  keep: 'Le conserver : annulation par le client moins de 7 jours avant la prise en charge (article 13 des CGV)',
  /** The customer's « Demander l’annulation », in the deletion's dialog: what article 13 makes of the deposit, counted from that day. */
  customerAsked: (day: string, pickup: string | null, keep: boolean) =>
    `Le client a demandé l’annulation le ${day}${pickup ? ` (prise en charge prévue le ${pickup})` : ''} : selon l’article 13 des CGV, l’acompte ${
      keep ? 'peut être conservé.' : 'est à rembourser.'
    }`,
  keepHint: 'Avec « Le rembourser », la facture d’acompte est annulée par un avoir, et ce qui a été payé est à rendre au client.',
  freeCancellation:
    'La prise en charge est dans plus de 7 jours, ou sans date : le client annule sans frais (article 13 des CGV). Choisissez « Le rembourser ».',
  withdrawalPeriod: (until: string) =>
    `Le client peut encore se rétracter, jusqu’au ${until} (article L221-18 du Code de la consommation) : son acompte lui est remboursé. Choisissez « Le rembourser ».`,
  noDeposit: 'Ce devis n’a pas de facture d’acompte à conserver. Choisissez « Le rembourser ».',
  mailSubject: (numeroDevis: number) => `Annulation de la mission du devis n° ${numeroDevis} : acompte conservé`,
  mailBody: (numeroDevis: number, amount: string, numero: string) =>
    `Votre annulation de la mission du devis n° ${numeroDevis} est intervenue moins de 7 jours avant la prise en charge. Conformément à l’article 13 de nos conditions générales de vente, l’acompte de ${amount} (facture n° ${numero}) reste acquis.`,
  mailLeft: (left: string) => `Cette facture d’acompte reste à régler : ${left}.`,
  mailLink: 'Voir la facture d’acompte',
} as const;

/**
 * A refund on the card that paid, on the invoice's back-office page (decision 0089): a
 * withdrawal's, owed, or money received in excess, the operator's call.
 */
export const cardRefundTexts = {
  title: 'Remboursement par carte',
  loading: 'Chargement du remboursement par carte…',
  intro:
    'L’acompte a été payé par carte : la rétractation se rembourse sur la même carte, par le prestataire de paiement, dans les 14 jours.',
  excessIntro:
    'Cette facture a reçu par carte plus que ce qui reste dû (un avoir l’a réduite, après une annulation par exemple). Rendre la différence sur la même carte est votre décision.',
  line: (amount: string, day: string) => `${amount}, rétractation du ${day}`,
  excessLine: (amount: string, day: string) => `${amount} reçus en trop, payés par carte le ${day}`,
  toDo: (deadline: string) => `À faire avant le ${deadline}`,
  excessToDo: 'À rendre si vous le décidez',
  /** Where the provider is with a refund, and since when. */
  states: {
    'en cours': (day: string) => `Demandé au prestataire le ${day} : en attente de sa confirmation`,
    effectué: (day: string) => `Remboursé sur la carte le ${day}`,
    échoué: (day: string) => `Refusé par le prestataire le ${day} : réessayez ou remboursez par virement`,
  },
  make: (amount: string) => `Rembourser ${amount} par carte`,
  made: 'Remboursement demandé au prestataire de paiement.',
  madeDone: 'Remboursement fait sur la carte du client.',
  noProvider: 'Aucun paiement par carte n’est configuré ici : faites ce remboursement depuis le tableau de bord du prestataire.',
} as const;

/** The refusals of « Rembourser par carte ». */
export const cardRefundApiMessages = {
  notFound: 'Facture introuvable.',
  unknownRefund: 'Ce remboursement par carte n’existe pas sur cette facture : rechargez la page.',
  alreadyAsked: 'Ce remboursement est déjà demandé au prestataire : attendez sa confirmation.',
  alreadyDone: 'Ce remboursement est déjà fait.',
  providerOff: 'Aucun paiement par carte n’est configuré : faites ce remboursement depuis le tableau de bord du prestataire.',
  noCardPayment:
    'Le paiement par carte de cette facture est introuvable ou inférieur au remboursement : faites-le depuis le tableau de bord du prestataire.',
  providerRefused:
    'Le prestataire de paiement a refusé ce remboursement (le paiement est peut-être déjà remboursé depuis son tableau de bord) : vérifiez-y.',
  providerUnavailable: 'Le prestataire de paiement ne répond pas : réessayez dans quelques minutes.',
} as const;

/** The API documentation's summaries of the payment routes. */
export const paymentApiDocs = {
  page: 'Une facture à payer : ce qui reste dû, le paiement en ligne et le virement (code QR EPC)',
  startOnline: 'Ouvre une page de paiement par carte pour ce qui reste dû (le montant est calculé par le serveur)',
  webhook: 'Notification signée du prestataire de paiement : seule source d’un paiement par carte',
  bank: 'La page Banque : relevés importés, opérations à rapprocher, débits, factures en attente',
  importStatement: 'Importe un relevé bancaire (CAMT.053 ou CSV, multipart)',
  matchOperation: 'Rapproche un crédit du relevé d’une facture (virement enregistré)',
  ignoreOperation: 'Écarte un crédit qui ne règle aucune facture, ou un débit qui n’est pas une dépense',
  saveCsvMapping: 'Enregistre la correspondance des colonnes du CSV de la banque',
  reminders: 'Les relances automatiques d’une facture',
  setReminders: 'Arrête ou reprend les relances automatiques d’une facture',
  cardRefunds:
    'Les remboursements par carte d’une facture (après une rétractation, ou de ce qu’elle a reçu en trop) et où en est le prestataire',
  makeCardRefund: 'Demande au prestataire de rembourser sur la carte qui a payé (après une rétractation)',
} as const;

/** The customer's payment page (/factures/:id/paiement). */
export const paymentPageTexts = {
  title: (numero: string, acompte: boolean) => (acompte ? `Facture d’acompte n° ${numero}` : `Facture n° ${numero}`),
  loading: 'Chargement de la facture…',
  failure: 'La facture n’a pas pu être chargée.',
  total: 'Montant de la facture',
  deposits: 'Acomptes déduits',
  left: 'Reste à payer',
  due: 'À régler avant le',
  settled: 'Cette facture est réglée. Merci !',
  cancelled: (avoir: string) => `Cette facture est annulée par ${avoir ? `l’avoir n°\u00a0${avoir}` : 'un avoir'} : il n’y a rien à payer.`,
  payOnline: 'Payer en ligne',
  payOnlineHint: 'Paiement par carte sur la page sécurisée de notre prestataire de paiement.',
  confirming: 'Paiement en cours de confirmation',
  confirmingHint: 'Votre banque nous confirme le paiement dans quelques instants : cette page se met à jour d’elle-même.',
  transferTitle: 'Payer par virement',
  transferHint: 'Scannez ce code avec l’application de votre banque, ou saisissez les coordonnées ci-dessous.',
  qrAlt: (reference: string) => `Code QR du virement de la facture ${reference}`,
  iban: 'IBAN',
  bic: 'BIC',
  beneficiary: 'Bénéficiaire',
  reference: 'Référence à indiquer',
  amount: 'Montant',
  /** Neither the card provider nor the bank details are configured: the customer is told whom to ask. */
  otherMeansTitle: 'Régler cette facture',
  otherMeans: 'Le paiement en ligne n’est pas proposé pour cette facture. Pour la régler, contactez-nous\u00a0:',
  back: 'Retour à mon espace',
  payLink: 'Payer',
  /** The customer's invoices: an invoice with nothing to pay links to this page, for its payment and any refund. */
  detailLink: 'Voir le règlement',
  refundsTitle: 'Remboursement',
  /** How the money goes back, after the amount. */
  refundMeans: { virement: 'par virement', carte: 'sur votre carte', chèque: 'par chèque', espèces: 'en espèces' },
  /** A refund, by where it stands: owed (its last day), asked of the card provider (the day asked), made (its day). */
  refund: {
    'à faire': (amount: string, means: string, day: string) => `${amount} vous seront remboursés ${means} au plus tard le ${day}.`,
    'en cours': (amount: string, means: string, day: string) =>
      `Remboursement de ${amount} ${means} demandé le ${day} : en attente de la confirmation de notre prestataire de paiement.`,
    effectué: (amount: string, means: string, day: string) => `${amount} remboursés ${means} le ${day}.`,
  },
  cardRefundDelay: 'Un remboursement sur carte apparaît sur votre relevé bancaire sous quelques jours.',
  excess: (amount: string) =>
    `Vous avez réglé ${amount} de plus que ce que vous devez sur cette facture. Contactez-nous pour convenir de leur remboursement\u00a0:`,
  copy: 'Copier',
  copied: 'Copié',
  copyLabel: (what: string) => `Copier : ${what}`,
} as const;

/** The back office's bank page (/admin/banque). */
export const bankPageTexts = {
  title: 'Banque',
  loading: 'Chargement des relevés…',
  failure: 'La page Banque n’a pas pu être chargée.',
  importTitle: 'Importer un relevé',
  importHint: 'Relevé exporté par votre banque au format XML CAMT.053, ou CSV une fois la correspondance des colonnes enregistrée.',
  file: 'Fichier du relevé',
  import: 'Importer',
  imported: (nouvelles: number, rapprochees: number, proposees: number, debits: number) =>
    `Relevé importé : ${nouvelles} opération(s) nouvelle(s), ${rapprochees} virement(s) enregistré(s), ${proposees} rapprochement(s) proposé(s)${debits > 0 ? `, ${debits} débit(s) à traiter` : ''}.`,
  toHandleTitle: 'Crédits à rapprocher',
  nothingToHandle: 'Aucun crédit en attente.',
  proposed: 'Proposé',
  invoice: 'Facture réglée',
  chooseInvoice: 'Choisir une facture',
  invoiceOption: (numero: string, client: string, reste: string) => `${numero} – ${client} – reste ${reste}`,
  /** A further invoice the same transfer pays (the 2nd, 3rd…). */
  otherInvoice: (rank: number) => `Autre facture réglée (${rank})`,
  addInvoice: 'Ajouter une facture réglée par ce virement',
  removeInvoice: (rank: number) => `Retirer la facture (${rank})`,
  remove: 'Retirer',
  /** Under several invoices chosen: what they await together, beside the transfer's amount. */
  chosenTotal: (total: string, amount: string) => `Reste à payer sur les factures choisies : ${total} pour un virement de ${amount}.`,
  confirm: 'Enregistrer le virement',
  ignore: 'Écarter',
  /** A debit set aside: it is no expense (a deposit given back, the owner's own transfer). */
  ignoreDebit: 'Écarter ce débit : ce n’est pas une dépense',
  /** Said once a credit is recorded on the invoice(s) chosen (the line leaves the list). */
  matched: (invoices: number) =>
    invoices > 1 ? `Virement enregistré sur les ${invoices} factures.` : 'Virement enregistré sur la facture.',
  debitsTitle: 'Débits (frais de mission)',
  noDebits: 'Aucun débit à traiter.',
  debitCategory: 'Catégorie',
  debitMission: 'Mission (facultative)',
  noMission: 'Sans mission (frais généraux)',
  toExpense: 'Enregistrer en dépense',
  /** A debit that likely pays an expense recorded already (on the phone, from a supplier invoice): its day, category, amount and note. */
  alreadyRecorded: (day: string, category: string, amount: string, note: string) =>
    `Déjà enregistrée ? Dépense du ${day} – ${category} – ${amount}${note ? ` – ${note}` : ''}`,
  linkToExpense: 'Rattacher à cette dépense',
  /** A debit of the same amount as a refund recorded on an invoice: the invoice, its customer, the day the refund was recorded (a withdrawal's: owed since). */
  refundProposal: (numero: string, client: string, day: string, afterWithdrawal: boolean) =>
    afterWithdrawal
      ? `Remboursement après rétractation ? Facture ${numero} – ${client} – remboursement dû depuis le ${day}`
      : `Remboursement enregistré ? Facture ${numero} – ${client} – remboursement noté le ${day}`,
  matchRefund: 'Rapprocher de ce remboursement',
  /** A debit matched with a refund, among the recorded lines: the amount that went back. */
  refunded: (amount: string) => `${amount} remboursés`,
  refundMatched: (numero: string) => `Débit rapproché du remboursement de la facture ${numero}.`,
  isExpense: 'Enregistré en dépense',
  seeExpenses: 'Voir les dépenses',
  recentTitle: 'Derniers virements enregistrés',
  // The CSV's column mapping, saved once (PUT /api/admin/banque/correspondance-csv)
  mappingTitle: 'Correspondance des colonnes (relevés CSV)',
  mappingIntro:
    'Indiquez une fois les colonnes du fichier CSV de votre banque, avec leurs noms tels qu’ils figurent sur la ligne d’en-tête. Elles servent à chaque import.',
  /** A CSV chosen and no mapping saved yet: the form opens, filled from the file's header. */
  mappingNeeded: 'Ce relevé est un fichier CSV : vérifiez les colonnes lues dans le fichier, puis enregistrez-les.',
  mappingFromFile: (colonnes: readonly string[]) =>
    `Colonnes du fichier choisi : ${colonnes.map((name) => `«\u00a0${name}\u00a0»`).join(', ')}.`,
  separator: 'Séparateur',
  separatorLabels: { ';': 'Point-virgule ( ; )', ',': 'Virgule ( , )', '\t': 'Tabulation' },
  dateFormat: 'Format des dates',
  columnDate: 'Colonne de la date de l’opération',
  columnLabel: 'Colonne du libellé',
  columnAmount: 'Colonne du montant (négatif pour un débit)',
  columnAmountHint: 'Laissez-la vide si votre banque sépare les débits et les crédits en deux colonnes.',
  columnDebit: 'Colonne des débits',
  columnCredit: 'Colonne des crédits',
  columnCounterparty: 'Colonne du nom de l’émetteur (facultative)',
  columnReference: 'Colonne de la référence (facultative)',
  saveMapping: 'Enregistrer la correspondance',
  saveMappingAndImport: 'Enregistrer la correspondance et importer',
  mappingSaved: 'Correspondance des colonnes enregistrée.',
} as const;
