/** A phone number as a tap-to-call link: "06 12 34 56 78" → "tel:0612345678". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
