// Part of the text catalogue (texts.ts): the texts of what the server sends, e-mails and the
// quote's PDF. Only the server imports this module.

/** The business identity at the foot of every e-mail and document. */
export const identityLine = (name: string, siret: string, address: string) => `${name} – SIRET ${siret} – ${address}`;

/** Account e-mails (sign-up verification, password reset). */
export const mailTexts = {
  greeting: (name: string) => `Bonjour ${name},`,
  verification: {
    subject: 'Confirmez votre adresse e-mail',
    intro: 'Merci pour votre inscription. Pour activer votre compte, ouvrez ce lien :',
    introHtml: 'Merci pour votre inscription. Pour activer votre compte, cliquez sur le lien ci-dessous :',
    link: 'Confirmer mon adresse e-mail',
    outro: "Ce lien est valable 24 heures. Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.",
  },
  resetPassword: {
    subject: 'Réinitialisation de votre mot de passe',
    intro: 'Pour choisir un nouveau mot de passe, ouvrez ce lien :',
    introHtml: 'Pour choisir un nouveau mot de passe, cliquez sur le lien ci-dessous :',
    link: 'Choisir un nouveau mot de passe',
    outro: "Ce lien est valable 1 heure. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
  },
} as const;

/** The quote sent for signature (PDF); its field labels are the customer area's (quoteTexts). */
export const pdfTexts = {
  subject: 'Devis de convoyage',
  siret: (siret: string) => `SIRET : ${siret}`,
  quoteDate: (date: string) => `Date du devis : ${date}`,
  simulation: (date: string, statut: string) => `Simulation du ${date} – statut : ${statut}`,
  slotBetween: (start: string, end: string) => `, entre ${start} et ${end}`,
  slotFrom: (start: string) => `, à partir de ${start}`,
  prixFinal: (prix: string) => `Prix final : ${prix}`,
  signatureInstructions: (mention: string) => `Date, nom et signature du client, précédés de la mention « ${mention} »`,
  returnTo: (email: string) => `Devis à retourner signé à ${email}.`,
} as const;
