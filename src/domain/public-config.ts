/** What the browser knows of the configuration: the business identity and contact details. */
export type PublicConfig = {
  contact: { email: string; phone: string };
  business: { name: string; owner: string; siret: string; address: string; host: string };
};
