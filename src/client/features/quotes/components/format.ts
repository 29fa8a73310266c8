import { formatDate, formatEuros, formatKm } from '#client/lib/format.ts';

/** "418,5 €" (fr-FR amount, euro sign after it). */
export const formatPrix = (prix: number) => `${formatEuros(prix)} €`;
export const formatDistance = (km: number) => `${formatKm(km)} km`;
/** The simulation date, fr-FR, in France's time zone. */
export const formatSimulationDate = (iso: string) => formatDate(iso);
