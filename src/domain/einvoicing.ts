/**
 * E-invoicing through an approved platform: the rules both sides need (docs/decisions/ gives the
 * sources). Pure; the labels are in texts/einvoicing.ts.
 */

/**
 * The lifecycle statuses of an invoice (DGFiP, external specifications v3.2, « Tableau 8 »):
 * 200, 210, 212 and 213 are mandatory and go to the administration; the others are optional.
 */
export const LIFECYCLE_CODES = ['200', '201', '202', '203', '204', '205', '206', '207', '208', '209', '210', '211', '212', '213'] as const;
export type LifecycleCode = (typeof LIFECYCLE_CODES)[number];
export const isLifecycleCode = (value: string): value is LifecycleCode => (LIFECYCLE_CODES as readonly string[]).includes(value);

/** Where the sending of a flow stands on our side, before the platform's statuses take over. */
export const SENDING_STATES = ['en attente', 'non conforme', 'échec'] as const;
export type SendingState = (typeof SENDING_STATES)[number];

/** A flow's status in our queue to the platform (an invoice, a lifecycle status or an e-reporting file). */
export const FLOW_STATUSES = ['pending', 'sending', 'sent', 'failed', 'invalid'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/**
 * What the back office shows of an invoice at the platform: a lifecycle code once the platform has
 * said something, else where our sending stands. `null`: the invoice does not go to the platform.
 */
export type EtatPlateforme = LifecycleCode | SendingState;
export const ETATS_PLATEFORME: readonly EtatPlateforme[] = [...SENDING_STATES, ...LIFECYCLE_CODES];

/** Where a received supplier invoice stands: received, then approved or refused (the status sent back). */
export const PURCHASE_STATUTS = ['reçue', 'approuvée', 'refusée'] as const;
export type PurchaseStatut = (typeof PURCHASE_STATUTS)[number];

/** The statuses a buyer may send back on an invoice we received (those the product offers: approve or refuse). */
export const PURCHASE_DECISIONS = { approuvée: '205', refusée: '210' } as const satisfies Record<string, LifecycleCode>;
export type PurchaseDecision = keyof typeof PURCHASE_DECISIONS;

/** Reasons a buyer may give for refusing an invoice (FNFE BR-FR-CDV-CL-09 for status 210, DGFiP « Tableau des motifs de refus »). */
export const REFUSAL_REASONS = [
  'TX_TVA_ERR',
  'MONTANTTOTAL_ERR',
  'CALCUL_ERR',
  'NON_CONFORME',
  'DOUBLON',
  'DEST_ERR',
  'TRANSAC_INC',
  'EMMET_INC',
  'CONTRAT_TERM',
  'DOUBLE_FACT',
  'CMD_ERR',
  'ADR_ERR',
  'REF_CT_ABSENT',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A business customer with a SIREN gets e-invoices (processing rule B2B); anyone else is e-reported (B2C). */
export const isBusinessBuyer = (document: { clientType: string; clientSiret: string | null }) =>
  document.clientType === 'entreprise' && /^\d{14}$/.test((document.clientSiret ?? '').replace(/[\s.]/g, ''));

/** What the Directory Service says of a SIREN. */
export const DIRECTORY_ANSWERS = ['oui', 'bientôt', 'non', 'inconnu'] as const;
export type DirectoryAnswer = (typeof DIRECTORY_ANSWERS)[number];

/**
 * A directory line's state to an answer, as Dolibarr's connector reads the lines of two live
 * platforms: one line `Enabled` → receives; only `Upcoming` → soon; only `Disabled` or no line → not
 * (yet) through a platform; lines without a state → unknown.
 */
export function directoryAnswer(states: readonly (string | null | undefined)[]): DirectoryAnswer {
  if (states.length === 0) return 'non';
  const known = states.map((state) => state?.toLowerCase() ?? null);
  if (known.includes('enabled')) return 'oui';
  if (known.includes('upcoming')) return 'bientôt';
  if (known.every((state) => state === 'disabled')) return 'non';
  return 'inconnu';
}

/**
 * E-reporting periods of a business under the VAT franchise (DGFiP, external specifications v3.2,
 * « Tableau 13 »): calendar two-month periods starting 1 January, March, May, July, September,
 * November; the data of a period is due at the platform by the last day of the month after it.
 * A period is named by its first month: `2027-09` is September–October 2027.
 */
export type ReportingPeriod = { id: string; start: string; end: string; dueBy: string };

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function reportingPeriodOf(day: string): ReportingPeriod {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return reportingPeriod(year, month % 2 === 1 ? month : month - 1);
}

function reportingPeriod(year: number, firstMonth: number): ReportingPeriod {
  const endMonth = firstMonth + 1;
  const dueYear = endMonth === 12 ? year + 1 : year;
  const dueMonth = endMonth === 12 ? 1 : endMonth + 1;
  return {
    id: `${year}-${pad(firstMonth)}`,
    start: `${year}-${pad(firstMonth)}-01`,
    end: `${year}-${pad(endMonth)}-${pad(lastDayOf(year, endMonth))}`,
    dueBy: `${dueYear}-${pad(dueMonth)}-${pad(lastDayOf(dueYear, dueMonth))}`,
  };
}

/** The period before `period`. */
export function previousReportingPeriod(period: ReportingPeriod): ReportingPeriod {
  const year = Number(period.id.slice(0, 4));
  const month = Number(period.id.slice(5, 7));
  return month === 1 ? reportingPeriod(year - 1, 11) : reportingPeriod(year, month - 2);
}

export const REPORTING_PERIOD_ID = /^\d{4}-(01|03|05|07|09|11)$/;
export const reportingPeriodById = (id: string): ReportingPeriod => reportingPeriod(Number(id.slice(0, 4)), Number(id.slice(5, 7)));

/**
 * The obligations' calendar (DGFiP, external specifications v3.2, § 2.3.5): every business must be
 * able to receive e-invoices from 1 September 2026; a micro-entreprise issues them, and e-reports,
 * from 1 September 2027.
 */
export const RECEIVING_MANDATORY_FROM = '2026-09-01';
export const ISSUING_MANDATORY_FROM = '2027-09-01';
