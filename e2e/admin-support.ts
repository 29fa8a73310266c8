import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createAuth } from '#server/accounts/auth.ts';
import { upsertAdmin } from '#server/cli/admin.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/index.ts';
import { createQuote, transitionQuote } from '#server/quotes/repository.ts';
import { E2E_DATA_DIR } from './support.ts';

export const E2E_ADMIN = { email: 'admin@convoyage.test', password: 'admin-mot-de-passe-e2e' };

/** The environment of the app that playwright.config.ts starts. */
const env = () => ({ DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: E2E_ADMIN.email, LOG_LEVEL: 'silent' });

export async function ensureAdmin() {
  await upsertAdmin({ ...E2E_ADMIN, env: env() });
}

/**
 * Works on the running app's SQLite file through the app's own modules (WAL lets two
 * processes share it): a verified customer with a password, and a completed quote whose
 * number comes from the devis_counter row like any other.
 */
async function withApp<T>(
  fn: (ctx: { database: ReturnType<typeof openDatabase>; config: ReturnType<typeof loadConfig> }) => Promise<T>,
): Promise<T> {
  const config = loadConfig(env());
  const database = openDatabase(config.database);
  try {
    return await fn({ database, config });
  } finally {
    await database.close();
  }
}

export async function createVerifiedCustomer(customer: { email: string; password: string; name: string; telephone: string }) {
  return withApp(async ({ database, config }) => {
    const auth = createAuth({ config, database, outbox: { kick: () => undefined } });
    const ctx = await auth.$context;
    const user = await ctx.internalAdapter.createUser(
      { email: customer.email, name: customer.name, emailVerified: true },
      { method: 'email-password' },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await ctx.password.hash(customer.password),
    });
    await database.db
      .insertInto('utilisateurs')
      .values({
        uid: user.id,
        nom: customer.name,
        telephone: customer.telephone,
        email: customer.email,
        type: 'particulier',
        adresse: '1 place Bellecour, 69002 Lyon',
        dateInscription: new Date().toISOString(),
      })
      .execute();
    return { id: user.id };
  });
}

export async function insertCompletedQuote(
  owner: { id: string | null; email: string | null; nom: string; telephone: string },
  complete = true,
) {
  return withApp(async ({ database }) => {
    const row = await createQuote(
      database,
      {
        uid: owner.id,
        email: owner.email,
        dateSimulation: new Date().toISOString(),
        adresseDepart: 'Lyon (69000)',
        adresseArrivee: 'Marseille (13000)',
        typeVehicule: 'Berline',
        distanceKm: 314,
        prixCentimes: 31_400,
      },
      { userId: owner.id, role: 'customer' },
    );
    if (!complete) return row;
    const completed = await transitionQuote(database, {
      id: row.id,
      expected: 'en attente',
      to: 'en attente de confirmation',
      by: { userId: owner.id, role: 'customer' },
      changes: {
        typeConvoyage: 'Livraison',
        clientType: 'particulier',
        clientDetails: { nom: owner.nom, email: owner.email ?? '', telephone: owner.telephone },
        contactDepart: { nom: 'Garage du Rhône', email: 'garage@exemple.fr', telephone: '04 78 00 00 00' },
        contactArrivee: { nom: 'Concession Provence', email: 'provence@exemple.fr', telephone: '04 91 00 00 00' },
        priseInfo: { datePriseEnCharge: '2026-12-01', debut: '08:30', fin: '10:00' },
        livraisonInfo: { dateLivraisonSouhaitee: '2026-12-02', debut: '14:00', fin: '18:30' },
        options: { documentation: true, lavage: 'exterieur', sansCarburant: false, wGarage: true },
        infosVehicule: {
          immatriculation: 'AB-123-CD',
          marque: 'Peugeot',
          modele: '508',
          chassis: '',
          motorisation: 'hybride',
        },
        commentaire: 'Clés à récupérer à l’accueil.',
      },
    });
    return completed!;
  });
}

/** A real, small PDF, as a scanner would produce after signature. */
export async function makeSignedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('Bon pour accord - signature du client', { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}
