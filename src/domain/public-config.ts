/**
 * The seller as the law asks every document to name him: the name with « EI » (Code de
 * commerce L526-22, R123-237), the trade name, SIRET and the SIREN it begins with, address,
 * contact, and for invoices VAT number and bank details. One validated section of the
 * configuration (BUSINESS_*, CONTACT_*), read by pages, PDFs, e-mails and Factur-X
 * (docs/decisions/0070).
 */
export type Seller = {
  /** « Jean Dupont EI »: the name every document and invoice carries. */
  legalName: string;
  /** The trade name (« Convoyage Pro »), shown first. */
  tradeName: string;
  /** Who runs the business, as the legal notice names him. */
  owner: string;
  /** As configured (spaces allowed); `siren` is its first nine digits. */
  siret: string;
  siren: string;
  address: string;
  /** The hosting provider the legal notice names. */
  host: string;
  email: string;
  phone: string;
  vatId?: string;
  iban?: string;
  bic?: string;
};

/** What the browser knows of the configuration: the business identity and contact details. */
export type PublicConfig = {
  contact: { email: string; phone: string };
  business: { name: string; legalName: string; owner: string; siret: string; address: string; host: string };
  /**
   * What the privacy page says of the configuration: the outside services that receive
   * personal data (their host names, null when the built-in one is used) and the retention
   * periods. Optional so that the home page's bundle carries no placeholder for it.
   */
  privacy?: PrivacyFacts;
  /** The consumer mediator for /mentions-legales (legal/, L616-1), null when unset. Optional like privacy. */
  mediator?: { nom: string; url: string; adresse?: string } | null;
};

export type PrivacyFacts = {
  processors: { geocoder: string | null; router: string | null; smtp: string | null; s3: string | null; sms: string | null };
  retention: {
    sentMailDays: number;
    expiredSessionDays: number;
    verificationDays: number;
    throttleHours: number;
    auditDays: number;
    /** TRACKING_RETENTION_DAYS: the positions of a mission, after its delivery. */
    trackingDays: number;
  };
};

/**
 * The identity until the operator sets CONTACT_* and BUSINESS_* (README): the server's
 * defaults, and what the browser shows when it knows nothing better.
 */
export const placeholderPublicConfig: PublicConfig = {
  contact: { email: 'contact@convoyage-pro.fr', phone: '06 12 34 56 78' },
  business: {
    name: 'Convoyage Pro',
    legalName: 'Jean Dupont EI',
    owner: 'Jean Dupont, entrepreneur individuel',
    siret: '123 456 789 00012',
    address: '12 rue de la République, 69002 Lyon',
    host: 'Hébergement assuré par l’éditeur sur son propre serveur (France)',
  },
};
