// Part of the text catalogue (texts.ts), in its own module: only the import command
// (`npm run import:firebase`) and the back office's « n° d'origine » use it.

/** The collections of the report, named as in the original app (and its file store). */
export const IMPORT_COLLECTIONS = ['auth', 'utilisateurs', 'devis', 'devis-signes'] as const;
export type ImportCollection = (typeof IMPORT_COLLECTIONS)[number];

const quoted = (value: unknown) => `« ${typeof value === 'string' ? value : JSON.stringify(value)} »`;

/** What the operator reads: usage, errors on the inputs, progress, the report. */
export const importTexts = {
  usage: [
    'Usage : npm run import:firebase -- [--firestore FICHIER] [--auth FICHIER --hash-config FICHIER] [--files DOSSIER] [--dry-run]',
    '  --firestore    export JSON des collections devis et utilisateurs (l’un des deux formats usuels)',
    '  --auth         fichier écrit par « firebase auth:export users.json --format=json »',
    '  --hash-config  paramètres de hachage des mots de passe du projet (console Firebase), en JSON',
    '  --files        dossier copié par « gsutil cp -r gs://<bucket>/devis-signes . »',
    '  --dry-run      tout lire et vérifier, ne rien écrire, afficher le même rapport',
    'Au moins une source est nécessaire ; la base de données et le stockage sont ceux du serveur (DATA_DIR, DATABASE_URL, S3_*).',
  ].join('\n'),
  noSource: 'Aucune source indiquée : donnez au moins --firestore, --auth ou --files.',
  authWithoutHashConfig:
    '--auth demande aussi --hash-config : sans les paramètres de hachage du projet, les anciens mots de passe ne pourraient pas être vérifiés.',
  hashConfigWithoutAuth: '--hash-config ne sert qu’avec --auth.',
  unreadableFile: (file: string, reason: string) => `Impossible de lire ${file} : ${reason}`,
  notJson: (file: string) => `${file} n’est pas un fichier JSON valide.`,
  firestoreShape: (file: string) =>
    `${file} ne ressemble à aucun export Firestore connu : on attend {"devis": {…}, "utilisateurs": {…}} ou {"__collections__": {"devis": {…}}}.`,
  authShape: (file: string) => `${file} ne ressemble pas à un export « firebase auth:export » : on attend {"users": [ … ]}.`,
  hashConfigShape: (file: string) =>
    `${file} : paramètres de hachage incomplets ; il faut base64_signer_key, base64_salt_separator, rounds et mem_cost, tels que la console Firebase les affiche.`,
  hashConfigLimits: (file: string) => `${file} : rounds ou mem_cost hors des valeurs possibles pour le scrypt de Firebase.`,
  filesDirMissing: (dir: string) => `${dir} n’est pas un dossier lisible.`,
  databaseMissingForDryRun: 'Essai sur une base encore vide : rien n’existe encore, tout serait créé.',

  stage: {
    auth: 'Comptes (Firebase Authentication)',
    utilisateurs: 'Profils (utilisateurs)',
    devis: 'Devis',
    'devis-signes': 'Devis signés (PDF)',
  } satisfies Record<ImportCollection, string>,
  progress: (stage: string, done: number, total: number) => `${stage} : ${done}/${total}`,

  reportTitle: (dryRun: boolean) =>
    dryRun ? 'Rapport d’import Firebase — ESSAI (--dry-run) : rien n’a été écrit' : 'Rapport d’import Firebase',
  reportLine: (label: string, counts: { read: number; imported: number; alreadyImported: number; skipped: number }) =>
    `${label} : ${counts.read} lus, ${counts.imported} importés, ${counts.alreadyImported} déjà importés, ${counts.skipped} non repris`,
  reportUnmappedTitle: 'Documents non repris :',
  reportRenumberedTitle: 'Devis renumérotés (numéro d’origine déjà pris ou absent) :',
  reportRenumbered: (id: string, from: number | null, to: number) =>
    from === null ? `  devis ${id} : sans numéro d’origine → n° ${to}` : `  devis ${id} : n° ${from} → n° ${to}`,
  reportWarningsTitle: 'Remarques :',
  reportUnknownFieldsTitle: 'Champs absents de la spécification, non repris :',
  reportUnknownField: (collection: string, field: string, count: number) =>
    `  ${collection}.${field} (${count} document${count > 1 ? 's' : ''})`,
  reportCounter: (before: number, after: number) => `Compteur des numéros de devis : ${before} → ${after}`,
  reportFile: (file: string) => `Rapport complet (JSON) : ${file}`,
  reportFileFailed: (file: string, reason: string) => `Le rapport JSON n’a pas pu être écrit dans ${file} : ${reason}`,
  done: (dryRun: boolean) => (dryRun ? 'Essai terminé : relancez sans --dry-run pour importer.' : 'Import terminé.'),
  failed: (reason: string) =>
    `L’import s’est arrêté : ${reason}\nCe qui a été importé est complet ; relancez la même commande pour reprendre.`,

  /** Why a document was not imported (the report lists each one). */
  reasons: {
    notAnObject: 'le document n’est pas un objet',
    adminAccount: 'adresse de l’administrateur : elle n’est pas importée comme client',
    noEmail: 'compte sans adresse e-mail',
    invalidEmail: (email: unknown) => `adresse e-mail invalide ${quoted(email)}`,
    disabled: 'compte désactivé dans Firebase',
    invalidId: (id: string) => `identifiant inutilisable ${quoted(id)}`,
    duplicateEmail: (other: string) => `adresse e-mail déjà portée par le compte Firebase ${other}`,
    emailTaken: 'adresse déjà inscrite dans l’application : le compte existant est conservé (ses devis lui sont rattachés)',
    profileWithoutAccount: 'profil sans compte : ni dans l’export Authentication, ni dans l’application',
    adminProfile: 'profil de l’administrateur',
    profileOfExistingAccount: 'le compte de cette adresse existait déjà dans l’application, avec son profil',
    missingField: (field: string) => `champ obligatoire absent ou vide : ${field}`,
    invalidPrice: (value: unknown) => `prix illisible ${quoted(value)}`,
    fileWithoutQuote: (id: string) => `aucun devis ${quoted(id)} ni dans l’export Firestore, ni dans l’application`,
    fileNotPdfName: 'fichier sans l’extension .pdf',
    fileRefused: (message: string) => `fichier refusé par les contrôles de téléversement : ${message}`,
    fileTooLarge: 'fichier de plus de 10 Mo',
    fileAlreadySigned: 'le devis a déjà un devis signé dans l’application : celui-ci est conservé',
    fileQuoteNotImported: 'son devis n’a pas été importé (voir plus haut)',
  },

  /** Remarks on documents imported all the same. */
  warnings: {
    noPassword:
      'compte sans mot de passe Firebase (connexion Google, lien…) : le client choisira un mot de passe avec « Mot de passe oublié »',
    badPasswordHash: 'empreinte de mot de passe illisible : le client choisira un mot de passe avec « Mot de passe oublié »',
    profileFromAccount: 'aucun profil (utilisateurs) : profil créé à partir du compte',
    accountPending: 'aucun compte pour ce devis : rattaché au client par son adresse e-mail quand il se connectera',
    unknownStatut: (value: unknown) => `statut inconnu ${quoted(value)} : lu comme « en attente »`,
    invalidNumero: (value: unknown) => `numéro de devis illisible ${quoted(value)}`,
    invalidEmail: (field: string, value: unknown) => `${field} : adresse e-mail invalide ${quoted(value)}, non reprise`,
    invalidValue: (field: string, value: unknown) => `${field} : valeur inconnue ${quoted(value)}, non reprise`,
    invalidDistance: (value: unknown) => `distance illisible ${quoted(value)} : 0 km`,
    invalidDate: (field: string, value: unknown) => `${field} : date illisible ${quoted(value)}, gardée telle quelle`,
    controlCharacters: (field: string) => `${field} : caractères de contrôle remplacés par des espaces`,
    signedUrlWithoutFile: 'lien de devis signé sans fichier dans --files : le PDF n’est pas repris',
    signedFileWithoutUrl: 'PDF signé trouvé sans lien dans le document : repris quand même',
    newId: (id: string) => `identifiant Firebase inutilisable ici, remplacé par ${id}`,
    subcollections: (names: string[]) => `sous-collections non reprises : ${names.join(', ')}`,
    otherCollection: (name: string, count: number) => `collection ${quoted(name)} (${count} documents) : hors du périmètre, non reprise`,
  },
};

/** What the back office shows of an imported quote. */
export const importedQuoteTexts = {
  numeroOriginal: 'N° d’origine (ancienne application)',
  numeroOriginalShort: (numero: number) => `n° d’origine ${numero}`,
};
