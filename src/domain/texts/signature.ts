// Part of the text catalogue (texts.ts), in its own module so that only the signing page,
// the server's signed document and the e-mails load it.

/** The consent the customer ticks; it is also printed, word for word, on the certificate page. */
export const CONSENT_TEXT = 'J’ai lu et j’accepte ce devis – bon pour accord';

/** The online signature: the page /devis/{id}/signer, the API's refusals, the certificate page. */
export const signatureTexts = {
  pageTitle: 'Signer le devis',
  heading: (numero: number) => `Signer le devis n° ${numero}`,
  intro: 'Relisez le devis tel qu’il vous a été envoyé, puis signez-le ici : pas besoin de l’imprimer.',
  documentTitle: 'Le devis envoyé',
  documentLoading: 'Chargement du devis…',
  documentFailure: 'Le devis n’a pas pu être affiché. Rechargez la page.',
  documentPage: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  documentDownload: 'Télécharger le PDF du devis',
  summaryTitle: 'En résumé',
  finalPrice: 'Prix final',
  clausesTitle: 'Clauses',
  noClauses: 'Aucune clause particulière.',
  route: 'Trajet',
  consent: CONSENT_TEXT,
  signerName: 'Nom du signataire',
  signerNameHint: 'Tel qu’il figurera sur le certificat de signature.',
  drawLabel: 'Votre signature',
  drawHint: 'Dessinez votre signature dans le cadre, au doigt ou à la souris.',
  clear: 'Effacer',
  submit: 'Signer le devis',
  submitting: 'Signature en cours…',
  signed: 'Merci ! Votre devis est signé : la mission est lancée.',
  alreadySignedInfo: 'Ce devis est signé.',
  signedBy: (name: string, date: string) => `Ce devis a été signé en ligne par ${name} le ${date}.`,
  downloadSigned: 'Télécharger le devis signé',
  backToQuote: 'Retour au devis',
  notSignable: 'Ce devis ne peut pas être signé en ligne : il n’est pas en attente de signature.',
  signLink: 'Signer le devis',
  // Refusals of the API (400, 409, 503)
  consentMissing: 'Cochez la case « J’ai lu et j’accepte ce devis – bon pour accord » pour signer.',
  signatureMissing: 'Dessinez votre signature dans le cadre avant de signer.',
  signerNameMissing: 'Indiquez le nom du signataire.',
  notSent: 'Ce devis ne peut pas être signé : il n’est pas en attente de signature.',
  alreadySigned: 'Ce devis est déjà signé.',
  pdfChanged: 'Le devis a changé depuis son envoi : rechargez la page pour lire la version à signer.',
  sealFailure: 'La signature n’a pas pu être enregistrée. Veuillez réessayer dans quelques instants.',
  // The signed document
  sealName: (business: string) => `${business} – cachet électronique`,
  stampLine: (date: string, name: string) => `Signé électroniquement le ${date} par ${name}`,
  certificateTitle: 'Certificat de signature',
  certificateIntro: (numero: number) =>
    `Ce certificat fait partie du devis n° ${numero} signé en ligne. Il indique qui a signé, quand, depuis où, et quel document.`,
  certQuote: 'Devis',
  certOriginalSha256: 'Empreinte SHA-256 du PDF envoyé',
  certSigner: 'Signataire',
  certEmail: 'E-mail',
  certAccount: 'Identifiant du compte',
  certDateParis: 'Date et heure (Europe/Paris)',
  certDateUtc: 'Date et heure (UTC)',
  certIp: 'Adresse IP',
  certBrowser: 'Navigateur',
  certConsent: 'Consentement',
  certConsentQuoted: (consent: string) => `« ${consent} »`,
  certCgv: 'Conditions générales de vente',
  certCgvValue: (version: number, acceptance: string) => `Version ${version}, acceptées : « ${acceptance} »`,
  certCgvSha256: 'Empreinte SHA-256 des CGV',
  certEarlyStart: 'Début avant la fin du délai de rétractation',
  certEarlyStartDeclined: 'Non demandé : la mission ne commence pas avant la fin du délai de rétractation.',
  certDrawing: 'Signature dessinée',
  certSeal: (business: string, subject: string) =>
    `Document scellé électroniquement par ${business} (signature PAdES, certificat « ${subject} ») : toute modification ultérieure du fichier est signalée par le lecteur PDF.`,
  certSealFingerprint: (sha256: string) => `Empreinte SHA-256 du certificat de cachet : ${sha256}`,
  certLegal:
    'Signature électronique simple au sens de l’article 25 du règlement (UE) n° 910/2014 (eIDAS) et des articles 1366 et 1367 du Code civil.',
  sealReason: (numero: number) => `Devis n° ${numero} signé en ligne par le client`,
  sealLocation: 'France',
} as const;

/** The e-mails of each step (notifications/); subjects the issue names are word for word. */
export const notificationTexts = {
  adminToConfirmSubject: (numero: number) => `Devis n° ${numero} à confirmer`,
  adminToConfirmBody: (numero: number, client: string, route: string) =>
    `${client} a complété le devis n° ${numero} (${route}). Il attend votre confirmation.`,
  adminSignedSubject: (numero: number) => `Devis n° ${numero} signé`,
  adminSignedBody: (numero: number, signer: string, date: string) =>
    `Le devis n° ${numero} a été signé en ligne par ${signer} le ${date}. Il est maintenant en cours.`,
  adminLink: 'Ouvrir le devis dans l’administration',
  customerSignedSubject: (numero: number) => `Votre devis n° ${numero} est signé`,
  customerSignedBody: (numero: number) =>
    `Votre signature du devis n° ${numero} est enregistrée : la mission est en cours. Le devis signé et scellé est joint à ce message ; il reste disponible dans votre espace client.`,
  customerStatusSubject: (numero: number, statut: string) => `Votre devis n° ${numero} : ${statut}`,
  customerStatusBody: {
    'en cours': (numero: number) => `Votre devis n° ${numero} est signé : la mission est en cours.`,
    terminé: (numero: number) => `La mission du devis n° ${numero} est terminée. Merci de votre confiance !`,
    archivé: (numero: number) => `Votre devis n° ${numero} a été archivé par notre équipe. Vous le retrouvez dans vos devis archivés.`,
  } as Record<string, (numero: number) => string>,
  customerDeletedSubject: (numero: number) => `Votre devis n° ${numero} a été supprimé`,
  customerDeletedBody: (numero: number) =>
    `Votre devis n° ${numero} a été supprimé par notre équipe. Pour toute question, répondez à ce message ou contactez-nous.`,
  customerLink: 'Voir mon devis',
  customerAreaLink: 'Mon espace client',
  greeting: (name: string) => `Bonjour ${name},`,
  greetingDefault: 'Bonjour,',
  optOut: 'Vous recevez ce message parce que vous suivez vos devis par e-mail ; vous pouvez l’arrêter dans votre espace client.',
  // The customer's switch in his area
  settingsTitle: 'Suivi par e-mail',
  settingsLabel: 'Recevoir par e-mail le suivi de mes devis (mission en cours, terminée, devis archivé ou supprimé)',
  settingsHint: 'Les e-mails indispensables (devis à signer, copie de votre devis signé, compte) vous sont toujours envoyés.',
  settingsSaved: 'Préférence enregistrée.',
  settingsFailure: 'La préférence n’a pas pu être enregistrée.',
} as const;
