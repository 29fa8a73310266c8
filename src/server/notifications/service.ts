import { paths } from '#domain/paths.ts';
import type { NotificationPreferences, NotificationPreferencesBody } from '#domain/schemas/notifications.ts';
import { statutLabel, type Statut } from '#domain/statuses.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { notificationTexts as n } from '#domain/texts/signature.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { enqueueMail, type OutboxAttachment, type OutboxMail } from '#server/outbox/outbox.ts';
import type { Viewer } from '#server/viewer.ts';
import { findPreferences, savePreferences, wantsStatusUpdates } from './repository.ts';
import { renderNotification } from '#server/mail/templates.ts';

/**
 * The e-mails that tell each step of a quote, queued in the transaction of the change they
 * tell of (outbox/). To the administrator: a quote to confirm, a quote signed. To the
 * customer: the copy of what he signed (essential), the inspection reports (essential: the
 * pickup PV, then the finalisation e-mail with both PVs), and the status news he may turn off
 * in his area (en cours, terminé, archived or deleted by the administrator).
 */
export const NOTIFICATION_KINDS = {
  adminToConfirm: 'admin-quote-to-confirm',
  adminSigned: 'admin-quote-signed',
  customerSignedCopy: 'customer-signed-copy',
  customerStatus: 'customer-status',
  customerPickupReport: 'customer-pickup-report',
  customerFinalisation: 'customer-finalisation',
} as const;

/** The customer's address for news of his quote: the account's, else the one he gave on the quote. */
function customerAddress(row: DevisRow): string | null {
  return row.email?.trim() || row.clientDetails?.email.trim() || null;
}

function customerName(row: DevisRow): string | null {
  return row.clientDetails?.nom ?? null;
}

const route = (row: DevisRow) => `${row.adresseDepart} → ${row.adresseArrivee}`;
const adminLink = (config: Config, row: DevisRow) => ({ url: `${config.publicUrl}${paths.adminEditDevis(row.id)}`, label: n.adminLink });
const quoteLink = (config: Config, row: DevisRow) => ({ url: `${config.publicUrl}${paths.devis(row.id)}`, label: n.customerLink });

type CustomerMail = Pick<OutboxMail, 'kind' | 'attachments' | 'heldUntil'> & { subject: string; paragraphs: string[]; optOut?: boolean };

/** An e-mail to the quote's customer about it, with the link to the quote. Null when the quote has no address to write to. */
async function mailCustomer(trx: Db, config: Config, row: DevisRow, mail: CustomerMail): Promise<string | null> {
  const to = customerAddress(row);
  if (!to) return null;
  const { kind, attachments, heldUntil, ...message } = mail;
  return enqueueMail(trx, {
    kind,
    devisId: row.id,
    to,
    attachments,
    heldUntil,
    ...renderNotification(config, { ...message, name: customerName(row), link: quoteLink(config, row) }),
  });
}

/** « Devis n° N à confirmer »: a customer completed his quote. */
export async function notifyAdminToConfirm(trx: Db, config: Config, row: DevisRow): Promise<string> {
  const subject = n.adminToConfirmSubject(row.numeroDevis);
  return enqueueMail(trx, {
    kind: NOTIFICATION_KINDS.adminToConfirm,
    devisId: row.id,
    to: config.adminEmail,
    ...renderNotification(config, {
      subject,
      paragraphs: [n.adminToConfirmBody(row.numeroDevis, customerName(row) ?? row.email ?? '—', route(row))],
      link: adminLink(config, row),
    }),
  });
}

/**
 * A signature online: « Devis n° N signé » to the administrator, and to the signer the copy of
 * the signed, sealed PDF (read from the file store when it is sent). Held until `heldUntil`:
 * the caller releases them once the signed PDF is stored, or cancels them.
 */
export async function notifySigned(
  trx: Db,
  config: Config,
  row: DevisRow,
  signature: {
    signerName: string;
    signerEmail: string;
    signedAt: string;
    signedFileKey: string;
    heldUntil: Date;
    /** What the confirmation of the contract carries besides the signed quote (the CGV and the withdrawal form, L221-13). */
    enclosures?: OutboxAttachment[];
  },
): Promise<string[]> {
  const admin = await enqueueMail(trx, {
    kind: NOTIFICATION_KINDS.adminSigned,
    devisId: row.id,
    to: config.adminEmail,
    heldUntil: signature.heldUntil,
    ...renderNotification(config, {
      subject: n.adminSignedSubject(row.numeroDevis),
      paragraphs: [n.adminSignedBody(row.numeroDevis, signature.signerName, signature.signedAt)],
      link: adminLink(config, row),
    }),
  });
  const customer = await enqueueMail(trx, {
    kind: NOTIFICATION_KINDS.customerSignedCopy,
    devisId: row.id,
    to: signature.signerEmail,
    heldUntil: signature.heldUntil,
    attachments: [
      { filename: `devis-signe-${row.numeroDevis}.pdf`, contentType: 'application/pdf', storageKey: signature.signedFileKey },
      ...(signature.enclosures ?? []),
    ],
    ...renderNotification(config, {
      subject: n.customerSignedSubject(row.numeroDevis),
      name: signature.signerName,
      paragraphs: [n.customerSignedBody(row.numeroDevis)],
      link: quoteLink(config, row),
    }),
  });
  return [admin, customer];
}

/** Statuses whose news the customer gets (envoyé has its own e-mail, with the quote). */
const NEWS: readonly Statut[] = ['en cours', 'terminé', 'archivé'];

/**
 * The customer's news of a status the administrator set, unless he turned them off. Returns
 * the message's id, or null when nothing was queued.
 */
export async function notifyCustomerOfStatus(
  trx: Db,
  config: Config,
  row: DevisRow,
  { heldUntil }: { heldUntil?: Date } = {},
): Promise<string | null> {
  const statut = row.statut as Statut;
  const body = n.customerStatusBody[statut];
  if (!NEWS.includes(statut) || !body || !customerAddress(row)) return null;
  if (row.uid && !(await wantsStatusUpdates(trx, row.uid))) return null;
  return mailCustomer(trx, config, row, {
    kind: NOTIFICATION_KINDS.customerStatus,
    heldUntil,
    subject: n.customerStatusSubject(row.numeroDevis, statutLabel(statut)),
    paragraphs: [body(row.numeroDevis)],
    optOut: true,
  });
}

/** The customer's news that the administrator deleted his quote, unless he turned them off. */
export async function notifyCustomerOfDeletion(trx: Db, config: Config, row: DevisRow): Promise<string | null> {
  const to = customerAddress(row);
  if (!to || (row.uid && !(await wantsStatusUpdates(trx, row.uid)))) return null;
  return enqueueMail(trx, {
    kind: NOTIFICATION_KINDS.customerStatus,
    devisId: null,
    to,
    ...renderNotification(config, {
      subject: n.customerDeletedSubject(row.numeroDevis),
      name: customerName(row),
      paragraphs: [n.customerDeletedBody(row.numeroDevis)],
      link: { url: `${config.publicUrl}${paths.espaceClient}`, label: n.customerAreaLink },
      optOut: true,
    }),
  });
}

/** A report (PV) of the mission, as an attachment read from the file store when the e-mail is sent. */
export type ReportAttachment = { filename: string; storageKey: string };

const pdfAttachment = (report: ReportAttachment) => ({
  filename: report.filename,
  contentType: 'application/pdf',
  storageKey: report.storageKey,
});

/**
 * « Votre véhicule est pris en charge »: the pickup report, to the customer. Essential (it is
 * the evidence of the vehicle's state when it was handed over): sent whatever his switch says.
 * Returns null when the quote has no address to write to.
 */
export async function notifyPickedUp(
  trx: Db,
  config: Config,
  row: DevisRow,
  pickup: { date: string; place: string; report: ReportAttachment },
): Promise<string | null> {
  return mailCustomer(trx, config, row, {
    kind: NOTIFICATION_KINDS.customerPickupReport,
    attachments: [pdfAttachment(pickup.report)],
    subject: m.pickupMailSubject(row.numeroDevis),
    paragraphs: [m.pickupMailBody(row.numeroDevis, pickup.date, pickup.place)],
  });
}

/**
 * The finalisation e-mail: the vehicle is delivered, the mission is over, with both reports
 * attached (pickup, then delivery). Essential, like the pickup report. Returns null when the
 * quote has no address to write to.
 */
export async function notifyDelivered(
  trx: Db,
  config: Config,
  row: DevisRow,
  delivery: { date: string; place: string; reports: ReportAttachment[] },
): Promise<string | null> {
  return mailCustomer(trx, config, row, {
    kind: NOTIFICATION_KINDS.customerFinalisation,
    attachments: delivery.reports.map(pdfAttachment),
    subject: m.finalMailSubject(row.numeroDevis),
    paragraphs: [m.finalMailBody(row.numeroDevis, delivery.date, delivery.place), m.finalMailThanks],
  });
}

/** The customer's switches for what is not essential: status news by e-mail, the tracking's text messages. */
export async function getPreferences(db: Db, viewer: Viewer): Promise<NotificationPreferences> {
  const { statusUpdates, smsUpdates } = await findPreferences(db, viewer.id);
  return { suiviParEmail: statusUpdates, suiviParSms: smsUpdates };
}

export async function setPreferences(db: Db, viewer: Viewer, body: NotificationPreferencesBody): Promise<NotificationPreferences> {
  const smsUpdates = body.suiviParSms ?? (await findPreferences(db, viewer.id)).smsUpdates;
  await savePreferences(db, viewer.id, { statusUpdates: body.suiviParEmail, smsUpdates });
  return { suiviParEmail: body.suiviParEmail, suiviParSms: smsUpdates };
}

/** Whether the customer of a quote gets the tracking's text messages (a quote without account: yes). */
export async function wantsTrackingSms(db: Db, uid: string | null): Promise<boolean> {
  return uid ? (await findPreferences(db, uid)).smsUpdates : true;
}
