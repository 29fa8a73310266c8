import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import type { DevisSummary } from '#domain/schemas/admin.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import type { DevisRow } from '#server/db/schema.ts';

/** "2026-12-01" + "08:30" → ISO text in Europe/Paris wall-clock, stored as the customer chose it. */
function combine(date: string | undefined, time: string | undefined): string | null {
  if (!date) return null;
  return time ? `${date}T${time}` : date;
}

/** The columns a list of quotes reads (the admin list): what `rowToSummary` needs. */
export type SummaryRow = Pick<
  DevisRow,
  | 'id'
  | 'numeroDevis'
  | 'statut'
  | 'archive'
  | 'email'
  | 'dateSimulation'
  | 'adresseDepart'
  | 'adresseArrivee'
  | 'typeVehicule'
  | 'prixCentimes'
  | 'signedFileKey'
  | 'updatedAt'
  | 'clientDetails'
  | 'valableJusquAu'
  | 'acomptePourcent'
> & {
  /** The owner's profile (utilisateurs), for a quote not yet completed. */
  ownerNom?: string | null;
  /** 1 when the quote's e-mail for signature has failed at least once and is not sent yet. */
  mailFailed?: number | boolean | null;
  ownerTelephone?: string | null;
};

/** What a quote and its summary share, mapped once. */
function summaryFields(row: SummaryRow) {
  return {
    id: row.id,
    numeroDevis: row.numeroDevis,
    statut: row.statut,
    archive: Boolean(row.archive),
    email: row.email,
    dateSimulation: row.dateSimulation,
    adresseDepart: row.adresseDepart,
    adresseArrivee: row.adresseArrivee,
    typeVehicule: row.typeVehicule,
    prix: row.prixCentimes / 100,
    devisSigneURL: row.signedFileKey ? apiPath(apiRoutes.quotes.signedPdf, { id: row.id }) : null,
    updatedAt: row.updatedAt,
    valableJusquAu: row.valableJusquAu,
    acomptePourcent: row.acomptePourcent,
  };
}

/** The one function that turns a row into the API object. */
export function rowToDevis(row: DevisRow): Devis {
  const { priseInfo, livraisonInfo } = row;
  return {
    ...summaryFields(row),
    uid: row.uid,
    distanceKm: row.distanceKm,
    typeConvoyage: row.typeConvoyage,
    clientType: row.clientType,
    clientDetails: row.clientDetails,
    contactDepart: row.contactDepart,
    contactArrivee: row.contactArrivee,
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
    options: row.options,
    infosVehicule: row.infosVehicule,
    commentaire: row.commentaire,
    clauses: row.clauses,
    acomptePourcent: row.acomptePourcent,
  };
}

const filled = (value: string | null | undefined): string | null => (value && value.trim() !== '' ? value : null);

/**
 * A quote as the admin list shows it (the same fields as rowToDevis, fewer of them). The
 * client's name and phone are those of the completed quote, else those its owner signed up
 * with: the operator can tell who a new quote is from, and call them.
 */
export function rowToSummary(row: SummaryRow): DevisSummary {
  return {
    ...summaryFields(row),
    clientNom: filled(row.clientDetails?.nom) ?? filled(row.ownerNom),
    clientTelephone: filled(row.clientDetails?.telephone) ?? filled(row.ownerTelephone),
    envoiEchoue: Boolean(row.mailFailed),
  };
}
