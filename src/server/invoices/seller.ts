import type { Config } from '#server/config.ts';

/** What an issued document says of its seller and payment terms, from the configuration of the day. */
export function sellerOf(config: Config) {
  return {
    vendeurNom: config.invoicing.legalName,
    vendeurEnseigne: config.business.name,
    vendeurAdresse: config.business.address,
    vendeurSiret: config.business.siret.replace(/\s/g, ''),
    vendeurTva: config.invoicing.vatId ?? null,
    iban: config.invoicing.iban ?? null,
    bic: config.invoicing.bic ?? null,
    delaiPaiementJours: config.invoicing.paymentDays,
    tauxPenalites: config.invoicing.latePenaltyRate,
  };
}
