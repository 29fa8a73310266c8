import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Statut } from '#domain/statuses.ts';
import { toJsonColumns } from '#server/db/json-columns.ts';
import { createQuote, type QuoteChanges } from '#server/quotes/repository.ts';
import type { TestApp } from '#server/test/helpers.ts';

/** A completed quote (every section of the completion form filled), in any status. */
export async function insertQuote(
  t: TestApp,
  {
    statut = 'en attente de confirmation',
    uid = null,
    email = 'client@exemple.fr',
    ...changes
  }: { statut?: Statut; uid?: string | null; email?: string | null } & QuoteChanges = {},
) {
  const row = await createQuote(
    t.app.database,
    {
      uid,
      email,
      dateSimulation: '2026-11-20T09:00:00.000Z',
      adresseDepart: 'Lyon (69000)',
      adresseArrivee: 'Marseille (13000)',
      typeVehicule: 'Berline',
      distanceKm: 314,
      prixCentimes: 31_400,
      typeConvoyage: 'Livraison',
      clientType: 'particulier',
      clientDetails: { nom: 'Hélène Dupré', email: email ?? '', telephone: '06 11 22 33 44' },
      contactDepart: { nom: 'Garage du Rhône', email: 'garage@exemple.fr', telephone: '04 78 00 00 00' },
      contactArrivee: { nom: 'Mme Œlle', email: 'arrivee@exemple.fr', telephone: '04 91 00 00 00' },
      priseInfo: { datePriseEnCharge: '2026-12-01', debut: '08:30', fin: '10:00' },
      livraisonInfo: { dateLivraisonSouhaitee: '2026-12-02', debut: '14:00', fin: '18:30' },
      options: { documentation: true, lavage: 'exterieur', sansCarburant: false, wGarage: true },
      infosVehicule: {
        immatriculation: 'AB-123-CD',
        marque: 'Peugeot',
        modele: '508',
        chassis: 'VF3ABCDEF12345678',
        motorisation: 'hybride',
      },
      commentaire: 'Clés à récupérer à l’accueil.',
    },
    { userId: uid, role: 'customer' },
  );
  const updated = await t.app.database.db
    .updateTable('devis')
    .set((eb) => ({ ...toJsonColumns(changes), statut, version: eb('version', '+', 1) }))
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return updated;
}

/** A real, small, valid PDF. */
export async function makePdf(text = 'Devis signé'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** The text a PDF reader finds in a PDF, spaces collapsed. */
export async function pdfText(content: Buffer | null | undefined): Promise<string> {
  if (!content) return '';
  const { readPdf } = await import('#server/test/pdf-text.ts');
  return (await readPdf(content)).text.replace(/\s+/g, ' ').trim();
}

/** A multipart/form-data body with the given files, for app.inject. */
export function multipartBody(files: { name?: string; filename: string; contentType: string; content: Buffer }[]) {
  const boundary = `----convoyage${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'fichier'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/admin/devis/:id/confirmer: the administrator confirms the quote at `prixFinal` with these clauses. */
export const confirmQuote = (
  t: TestApp,
  headers: Record<string, string>,
  id: string,
  prixFinal: unknown,
  clauses = { km: true, longDistance: true },
) => t.app.inject({ method: 'POST', url: `/api/admin/devis/${id}/confirmer`, headers, payload: { prixFinal, clauses } });

/** POST /api/admin/devis/:id/devis-signe with the given files, as the caller whose headers are given. */
export function uploadSigned(t: TestApp, headers: Record<string, string>, id: string, files: Parameters<typeof multipartBody>[0]) {
  const body = multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/devis/${id}/devis-signe`,
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });
}
