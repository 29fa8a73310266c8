import type { Devis } from '#domain/schemas/devis.ts';
import { normalizeStatut } from '#domain/statuses.ts';
import type { DevisRow } from '#server/db/schema.ts';

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** "2026-12-01" + "08:30" → ISO text in Europe/Paris wall-clock, stored as the customer chose it. */
function combine(date: string | undefined, time: string | undefined): string | null {
  if (!date) return null;
  return time ? `${date}T${time}` : date;
}

/** The one function that turns a row into the API object. */
export function rowToDevis(row: DevisRow): Devis {
  const priseInfo = parseJson<NonNullable<Devis['priseInfo']>>(row.priseInfo);
  const livraisonInfo = parseJson<NonNullable<Devis['livraisonInfo']>>(row.livraisonInfo);
  return {
    id: row.id,
    uid: row.uid,
    email: row.email,
    numeroDevis: row.numeroDevis,
    statut: normalizeStatut(row.statut),
    archive: Boolean(row.archive),
    dateSimulation: row.dateSimulation,
    adresseDepart: row.adresseDepart,
    adresseArrivee: row.adresseArrivee,
    typeVehicule: row.typeVehicule,
    distanceKm: row.distanceKm,
    prix: row.prixCentimes / 100,
    typeConvoyage: row.typeConvoyage as Devis['typeConvoyage'],
    clientType: row.clientType as Devis['clientType'],
    clientDetails: parseJson(row.clientDetails),
    contactDepart: parseJson(row.contactDepart),
    contactArrivee: parseJson(row.contactArrivee),
    priseInfo,
    livraisonInfo,
    datePriseEnCharge: priseInfo
      ? { start: combine(priseInfo.datePriseEnCharge, priseInfo.debut), end: combine(priseInfo.datePriseEnCharge, priseInfo.fin) }
      : null,
    dateLivraisonSouhaitee: livraisonInfo
      ? {
          start: combine(livraisonInfo.dateLivraisonSouhaitee, livraisonInfo.debut),
          end: combine(livraisonInfo.dateLivraisonSouhaitee, livraisonInfo.fin),
        }
      : null,
    options: parseJson(row.options),
    infosVehicule: parseJson(row.infosVehicule),
    commentaire: row.commentaire,
    clauses: parseJson(row.clauses),
    devisSigneURL: row.signedFileKey ? `/api/devis/${encodeURIComponent(row.id)}/devis-signe` : null,
    updatedAt: row.updatedAt,
  };
}
