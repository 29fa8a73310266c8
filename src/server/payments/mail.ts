import { formatCentimes } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import {
  depositCancellationTexts as k,
  receiptMailTexts as m,
  refundBouncedMailTexts as b,
  refundFailedMailTexts as f,
  refundMailTexts as r,
} from '#domain/texts/payments.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { renderNotification } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';

export const PAYMENT_MAIL_KINDS = {
  receipt: 'payment-receipt',
  receiptAdmin: 'payment-receipt-admin',
  refund: 'payment-refund',
  refundBounced: 'payment-refund-bounced',
  refundFailedAdmin: 'payment-refund-failed-admin',
  depositKept: 'payment-deposit-kept',
} as const;

/**
 * The receipts of a card payment, queued in the transaction that records it: one to the
 * customer, one to the administrator.
 */
export async function queueReceipts(
  trx: Db,
  config: Config,
  row: FactureRow,
  payment: { montantCentimes: number; reference: string | null; resteCentimes: number },
): Promise<void> {
  const numero = row.numero ?? '';
  const amount = formatCentimes(payment.montantCentimes);
  const left = formatCentimes(Math.max(0, payment.resteCentimes));
  await toCustomer(trx, config, row, PAYMENT_MAIL_KINDS.receipt, {
    subject: m.subject(numero),
    paragraphs: [m.body(amount, numero, payment.reference ?? ''), payment.resteCentimes > 0 ? m.left(left) : m.settled],
    link: { url: `${config.publicUrl}${paths.paiementFacture(row.id)}`, label: m.link },
  });
  await enqueueMail(trx, {
    kind: PAYMENT_MAIL_KINDS.receiptAdmin,
    devisId: row.devisId,
    to: config.adminEmail,
    ...renderNotification(config, {
      subject: m.adminSubject(numero, amount),
      paragraphs: [
        m.adminBody(row.clientNom, amount, numero, payment.reference ?? ''),
        payment.resteCentimes > 0 ? m.left(left) : m.settled,
      ],
      link: { url: `${config.publicUrl}${paths.adminFacture(row.id)}`, label: m.adminLink },
    }),
  });
}

/**
 * The customer's notice that the deposit of the mission he cancelled late is kept (general terms,
 * article 13), queued in the deletion's transaction: which invoice, how much, and what is left to
 * pay on it when it is not paid.
 */
export function queueDepositKept(
  trx: Db,
  config: Config,
  row: FactureRow,
  { montantCentimes, resteCentimes }: { montantCentimes: number; resteCentimes: number },
): Promise<void> {
  const numero = row.numero ?? '';
  return toCustomer(trx, config, row, PAYMENT_MAIL_KINDS.depositKept, {
    subject: k.mailSubject(row.numeroDevis),
    paragraphs: [
      k.mailBody(row.numeroDevis, formatCentimes(montantCentimes), numero),
      ...(resteCentimes > 0 ? [k.mailLeft(formatCentimes(resteCentimes))] : []),
    ],
    link: { url: `${config.publicUrl}${paths.paiementFacture(row.id)}`, label: k.mailLink },
  });
}

/** What the customer is told of a refund on his card: made, or sent back by his bank after he was told it was made. */
const REFUND_NOTICES = {
  made: { kind: PAYMENT_MAIL_KINDS.refund, texts: r },
  bounced: { kind: PAYMENT_MAIL_KINDS.refundBounced, texts: b },
} as const;

/** The customer's notice of a refund on his card (`outcome`), queued in the transaction that records the provider's word. */
export function queueRefundNotice(
  trx: Db,
  config: Config,
  row: FactureRow,
  { montantCentimes, outcome }: { montantCentimes: number; outcome: keyof typeof REFUND_NOTICES },
): Promise<void> {
  const numero = row.numero ?? '';
  const { kind, texts } = REFUND_NOTICES[outcome];
  return toCustomer(trx, config, row, kind, {
    subject: texts.subject(numero),
    paragraphs: [texts.body(formatCentimes(montantCentimes), numero), texts.next],
    link: { url: `${config.publicUrl}${paths.espaceClient}`, label: texts.link },
  });
}

/**
 * The operator's notice that the provider says a card refund failed, queued in the transaction
 * that records its word: nothing else would bring him back to the invoice (a withdrawal's is in
 * « À faire » again, money received in excess is not).
 */
export async function queueRefundFailedNotice(trx: Db, config: Config, row: FactureRow, montantCentimes: number): Promise<void> {
  const numero = row.numero ?? '';
  await enqueueMail(trx, {
    kind: PAYMENT_MAIL_KINDS.refundFailedAdmin,
    devisId: row.devisId,
    to: config.adminEmail,
    ...renderNotification(config, {
      subject: f.subject(numero),
      paragraphs: [f.body(formatCentimes(montantCentimes), row.clientNom, numero), f.next],
      link: { url: `${config.publicUrl}${paths.adminFacture(row.id)}`, label: f.link },
    }),
  });
}

/** An e-mail about an invoice to its customer, greeted by name; none when the invoice has no address. */
async function toCustomer(
  trx: Db,
  config: Config,
  row: FactureRow,
  kind: (typeof PAYMENT_MAIL_KINDS)[keyof typeof PAYMENT_MAIL_KINDS],
  mail: Omit<Parameters<typeof renderNotification>[1], 'name'>,
): Promise<void> {
  if (!row.clientEmail) return;
  await enqueueMail(trx, {
    kind,
    devisId: row.devisId,
    to: row.clientEmail,
    ...renderNotification(config, { ...mail, name: row.clientNom }),
  });
}
