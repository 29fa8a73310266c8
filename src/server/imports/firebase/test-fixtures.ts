import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { firebaseScrypt, type FirebaseHashConfig } from '#server/accounts/password-hashing.ts';

/**
 * A made-up Firebase project for the import's tests (never real data): its password hash
 * parameters, accounts whose hashes are computed here with Firebase's algorithm (password.ts's
 * `firebaseScrypt`, which password.test.ts checks against the example Firebase publishes), its
 * Firestore documents with the original app's quirks, and its signed PDFs.
 */

export const ADMIN = 'admin@convoyage.test';

/** Made-up parameters, new for every test run, in the console's JSON form. */
const signerKey = randomBytes(64);
export const HASH_PARAMETERS = {
  base64_signer_key: signerKey.toString('base64'),
  base64_salt_separator: 'Bw==',
  rounds: 8,
  mem_cost: 14,
};
const hashConfig: FirebaseHashConfig = {
  signerKey,
  saltSeparator: Buffer.from(HASH_PARAMETERS.base64_salt_separator, 'base64'),
  rounds: HASH_PARAMETERS.rounds,
  memCost: HASH_PARAMETERS.mem_cost,
};

export const PASSWORDS = { lea: 'ancien-mot-de-passe-léa', marc: 'Marc!2023-convoyage', admin: 'admin-firebase' } as const;

async function firebaseUser(fields: Record<string, unknown>, password?: string) {
  const user: Record<string, unknown> = { createdAt: '1700000000000', lastSignedInAt: '1710000000000', providerUserInfo: [], ...fields };
  if (password) {
    const salt = randomBytes(12);
    user.salt = salt.toString('base64');
    user.passwordHash = (await firebaseScrypt(password, salt, hashConfig)).toString('base64');
  }
  return user;
}

/** What `firebase auth:export users.json --format=json` writes. */
export async function authExport() {
  return {
    users: [
      await firebaseUser(
        { localId: 'uidLea0000000000000000000001', email: 'lea@exemple.fr', emailVerified: true, displayName: 'Léa Fontaine' },
        PASSWORDS.lea,
      ),
      await firebaseUser(
        {
          localId: 'uidMarc000000000000000000002',
          email: 'Marc.Roux@Transports-Roux.fr',
          emailVerified: true,
          phoneNumber: '+33611223344',
        },
        PASSWORDS.marc,
      ),
      // Signed in with Google only: no password to keep.
      await firebaseUser({
        localId: 'uidZoe0000000000000000000003',
        email: 'zoe@exemple.fr',
        emailVerified: true,
        displayName: 'Zoé Lambert',
      }),
      await firebaseUser({ localId: 'uidAdmin00000000000000000004', email: ADMIN, emailVerified: true }, PASSWORDS.admin),
      await firebaseUser(
        { localId: 'uidOff00000000000000000000005', email: 'ancien@exemple.fr', emailVerified: true, disabled: true },
        'peu-importe',
      ),
      await firebaseUser({ localId: 'uidPhone000000000000000000006', phoneNumber: '+33600000000' }),
    ],
  };
}

const ts = (iso: string) => ({ _seconds: Math.floor(Date.parse(iso) / 1000), _nanoseconds: 0 });

/** The original app's documents, as the plain export form writes them (timestamps as {_seconds, _nanoseconds}). */
export function firestoreDocuments() {
  const lea = 'uidLea0000000000000000000001';
  const marc = 'uidMarc000000000000000000002';
  return {
    utilisateurs: {
      [lea]: {
        uid: lea,
        nom: 'Léa Fontaine',
        telephone: '06 12 34 56 78',
        email: 'lea@exemple.fr',
        type: 'particulier',
        adresse: '12 rue Victor Hugo, 69002 Lyon',
        dateInscription: '2023-11-14T22:13:20.000Z',
      },
      uidAdmin00000000000000000004: { uid: 'uidAdmin00000000000000000004', nom: 'Admin', email: ADMIN, type: 'particulier' },
      // A profile whose account is gone from Firebase Authentication.
      uidGone0000000000000000000007: {
        uid: 'uidGone0000000000000000000007',
        nom: 'Paul Girard',
        email: 'paul@exemple.fr',
        type: 'particulier',
      },
    },
    devis: {
      // Empty statut, no archive field, whole euros as a number.
      devisLea1aaaaaaaaaaaaa: {
        uid: lea,
        email: 'lea@exemple.fr',
        numeroDevis: 1,
        statut: '',
        dateSimulation: '2024-03-02T09:15:00.000Z',
        adresseDepart: 'Lyon (69000)',
        adresseArrivee: 'Grenoble (38000)',
        typeVehicule: 'Citadine',
        distanceKm: 112,
        prix: 140,
      },
      // Status as the admin screen spelled it, price as text with a comma, the legacy `client`.
      devisLea2bbbbbbbbbbbbb: {
        uid: lea,
        email: 'lea@exemple.fr',
        numeroDevis: 2,
        statut: 'Confirmé',
        archive: false,
        dateSimulation: ts('2024-04-10T14:00:00.000Z'),
        adresseDepart: 'Lyon (69000)',
        adresseArrivee: 'Paris (75000)',
        typeVehicule: 'Berline',
        distanceKm: '465',
        prix: '1234,50',
        client: { nom: 'Léa Fontaine', email: 'lea@exemple.fr', telephone: '06 12 34 56 78' },
        clauses: { km: true, longDistance: false },
        typeConvoyage: 'livraison',
        clientType: 'particulier',
        options: { documentation: true, lavage: 'Extérieur', sansCarburant: false, wGarage: 'true' },
        infosVehicule: { immatriculation: 'AB-123-CD', marque: 'Peugeot', modele: '308', motorisation: 'Électrique' },
        priseInfo: { datePriseEnCharge: '2024-05-02', debut: '08:30', fin: '10:00', nom: 'Garage Nord', telephone: '04 78 00 00 00' },
        livraisonInfo: { dateLivraisonSouhaitee: '2024-05-03', debut: '14:00', fin: '18:00' },
        contactDepart: { nom: 'Garage Nord', email: 'garage@exemple.fr', telephone: '04 78 00 00 00' },
        contactArrivee: { nom: 'M. Petit', email: '', telephone: '01 40 00 00 00' },
        commentaire: 'Clés à l’accueil.\nMerci !',
      },
      // Signed: the link under one spelling, the file in devis-signes/.
      devisLea3ccccccccccccc: {
        uid: lea,
        email: 'lea@exemple.fr',
        numeroDevis: 3,
        statut: 'en cours',
        archive: false,
        dateSimulation: '2024-05-20T08:00:00.000Z',
        adresseDepart: 'Lyon (69000)',
        adresseArrivee: 'Nice (06000)',
        typeVehicule: 'SUV/Sport',
        distanceKm: 470,
        prix: 612.4,
        clientDetails: { nom: 'Léa Fontaine', email: 'lea@exemple.fr', telephone: '06 12 34 56 78' },
        devisSigneURL: 'https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/devis-signes%2FdevisLea3ccccccccccccc.pdf?alt=media',
      },
      // Number 3 again (« count + 1 » after a deletion), archived by the customer: renumbered.
      devisLea4ddddddddddddd: {
        uid: lea,
        email: 'lea@exemple.fr',
        numeroDevis: 3,
        statut: 'archivé',
        archive: true,
        dateSimulation: '2024-06-01T08:00:00.000Z',
        adresseDepart: 'Lyon (69000)',
        adresseArrivee: 'Dijon (21000)',
        typeVehicule: 'Citadine',
        distanceKm: 192,
        prix: 186,
      },
      // A company; the link under the other spelling; the pickup only as the detail view's range.
      devisMarc1eeeeeeeeeeee: {
        uid: marc,
        email: 'marc.roux@transports-roux.fr',
        numeroDevis: '4',
        statut: 'terminé',
        dateSimulation: '2024-02-01T10:00:00.000Z',
        adresseDepart: 'Marseille (13000)',
        adresseArrivee: 'Toulouse (31000)',
        typeVehicule: 'Utilitaire 6–12m³',
        distanceKm: 404,
        prix: 508,
        clientType: 'entreprise',
        clientDetails: {
          nom: 'Transports Roux',
          email: 'marc.roux@transports-roux.fr',
          telephone: '04 91 00 00 00',
          siret: '12345678900012',
        },
        datePriseEnCharge: { start: ts('2024-02-10T07:00:00.000Z'), end: ts('2024-02-10T09:00:00.000Z') },
        signedDevisUrl: 'https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/devis-signes%2FdevisMarc1eeeeeeeeeeee.pdf',
        codePromo: 'HIVER24',
      },
      // Its account was deleted from Firebase: imported under its e-mail.
      devisPaul1fffffffffffff: {
        uid: 'uidGone0000000000000000000007',
        email: 'paul@exemple.fr',
        numeroDevis: 5,
        statut: 'en attente de confirmation',
        dateSimulation: '2024-07-01T12:00:00.000Z',
        adresseDepart: 'Bordeaux (33000)',
        adresseArrivee: 'Nantes (44000)',
        typeVehicule: 'Berline',
        distanceKm: 347,
        prix: 386,
      },
      // Cannot be imported: no departure address.
      devisBroken1ggggggggggg: {
        uid: lea,
        email: 'lea@exemple.fr',
        numeroDevis: 6,
        statut: 'en attente',
        adresseArrivee: 'Nulle part',
        typeVehicule: 'Citadine',
        prix: 10,
      },
      // Sent for signature, a link but no file in devis-signes/.
      devisZoe1hhhhhhhhhhhhh: {
        uid: 'uidZoe0000000000000000000003',
        email: 'zoe@exemple.fr',
        numeroDevis: 7,
        statut: 'envoyé',
        dateSimulation: '2024-08-01T12:00:00.000Z',
        adresseDepart: 'Lille (59000)',
        adresseArrivee: 'Rouen (76000)',
        typeVehicule: 'Citadine',
        distanceKm: 254,
        prix: 252,
        devisSigneURL: 'https://firebasestorage.googleapis.com/v0/b/app.appspot.com/o/devis-signes%2FdevisZoe1hhhhhhhhhhhhh.pdf',
      },
    },
  };
}

/**
 * The same documents in the `__collections__` form, timestamps as `{"__datatype__":
 * "timestamp", "value": {…}}`, each document with its (empty) sub-collections.
 */
export function toCollectionsForm(plain: ReturnType<typeof firestoreDocuments>) {
  const wrap = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(wrap);
    if (typeof value !== 'object' || value === null) return value;
    const object = value as Record<string, unknown>;
    if (Object.keys(object).sort().join() === '_nanoseconds,_seconds') return { __datatype__: 'timestamp', value: object };
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, wrap(item)]));
  };
  const collection = (docs: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(docs).map(([id, doc]) => [id, { ...(wrap(doc) as object), __collections__: {} }]));
  return { __collections__: { devis: collection(plain.devis), utilisateurs: collection(plain.utilisateurs) } };
}

/** A small real PDF; `script` adds what the upload's checks strip (a script run at opening). */
export async function signedPdf(text: string, { script = false } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  if (script) {
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.alert('ancien')") }),
    );
  }
  return Buffer.from(await doc.save());
}

export type WrittenProject = { dir: string; firestore: string; auth: string; hashConfig: string; files: string; args: string[] };

/**
 * Writes the three inputs as an operator would have them: the Firestore export, the accounts'
 * export and hash parameters, and `devis-signes/` as `gsutil cp -r` leaves it.
 */
export async function writeProject(dir: string, { form = 'plain' }: { form?: 'plain' | 'collections' } = {}): Promise<WrittenProject> {
  mkdirSync(path.join(dir, 'devis-signes'), { recursive: true });
  const documents = firestoreDocuments();
  const paths = {
    firestore: path.join(dir, 'firestore.json'),
    auth: path.join(dir, 'users.json'),
    hashConfig: path.join(dir, 'hash-config.json'),
    files: path.join(dir, 'devis-signes'),
  };
  writeFileSync(paths.firestore, JSON.stringify(form === 'plain' ? documents : toCollectionsForm(documents), null, 2));
  writeFileSync(paths.auth, JSON.stringify(await authExport(), null, 2));
  writeFileSync(paths.hashConfig, JSON.stringify(HASH_PARAMETERS, null, 2));
  writeFileSync(path.join(paths.files, 'devisLea3ccccccccccccc.pdf'), await signedPdf('Devis 3 signé par Léa Fontaine', { script: true }));
  writeFileSync(path.join(paths.files, 'devisMarc1eeeeeeeeeeee.pdf'), await signedPdf('Devis 4 signé par Transports Roux'));
  writeFileSync(path.join(paths.files, 'devisInconnu0000000000.pdf'), await signedPdf('Devis disparu'));
  writeFileSync(path.join(paths.files, 'devisBroken1ggggggggggg.pdf'), await signedPdf('Devis sans adresse'));
  writeFileSync(path.join(paths.files, 'devisPaul1fffffffffffff.pdf'), Buffer.from('Ceci n’est pas un PDF.\n'));
  writeFileSync(path.join(paths.files, 'LISEZMOI.txt'), 'copie du bucket');
  return {
    dir,
    ...paths,
    args: ['--firestore', paths.firestore, '--auth', paths.auth, '--hash-config', paths.hashConfig, '--files', paths.files],
  };
}
