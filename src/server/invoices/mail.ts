import { formatCentimes, formatDay } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import { epcPayload, formatIban } from '#domain/payments.ts';
import { invoiceMailTexts as m } from '#domain/texts/invoices.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { renderNotification } from '#server/mail/templates.ts';
import { enqueueMail, type OutboxAttachment } from '#server/outbox/outbox.ts';
import { qrCodePng } from '#server/pdf/qr-code.ts';
import { invoiceFilename } from './factur-x.ts';

/**
 * The e-mails of invoices, queued in the transaction of their change (outbox/): the invoice or
 * credit note when its PDF is recorded (the document is what the e-mail delivers), a reminder
 * when the administrator sends one. They are essential e-mails: the customer's switch for
 * news of his quotes does not stop them.
 */
export const INVOICE_MAIL_KINDS = { document: 'invoice-document', reminder: 'invoice-reminder' } as const;

type Written = { subject: string; paragraphs: string[]; link?: { url: string; label: string }; attachments?: OutboxAttachment[] };

/**
 * An e-mail to the customer of an issued invoice or credit note, its PDF attached (and the
 * files `write` adds), with the link `write` gives or to his area; `write` gives its subject and
 * paragraphs from the document's number. Null when he has no address (or the document is not
 * issued yet).
 */
async function mailWithDocument(
  trx: Db,
  config: Config,
  row: FactureRow,
  kind: string,
  write: (numero: string) => Written | Promise<Written>,
): Promise<string | null> {
  if (!row.clientEmail || !row.pdfKey || !row.numero) return null;
  const { subject, paragraphs, link, attachments = [] } = await write(row.numero);
  return enqueueMail(trx, {
    kind,
    devisId: row.devisId,
    to: row.clientEmail,
    attachments: [{ filename: invoiceFilename(row), contentType: 'application/pdf', storageKey: row.pdfKey }, ...attachments],
    ...renderNotification(config, {
      subject,
      paragraphs,
      name: row.clientNom,
      link: link ?? { url: `${config.publicUrl}${paths.espaceClient}`, label: m.link },
    }),
  });
}

/**
 * How to pay `amountCents` of an invoice: its page (« Payer en ligne » when a card provider is
 * configured), and with a bank account configured the transfer's details in text and its EPC
 * QR code as a PNG file (e-mails carry no inline image: templates.ts).
 */
async function meansToPay(config: Config, row: FactureRow, amountCents: number) {
  const link = { url: `${config.publicUrl}${paths.paiementFacture(row.id)}`, label: config.payments.provider ? m.payOnline : m.payPage };
  const payload =
    row.iban && row.numero ? epcPayload({ bic: row.bic, name: row.vendeurNom ?? '', iban: row.iban, amountCents, text: row.numero }) : null;
  if (!payload || !row.iban) return { link, paragraphs: row.iban ? [m.bankLine(row.iban)] : [], attachments: [] as OutboxAttachment[] };
  const qr: OutboxAttachment = { filename: `virement-${row.numero}.png`, contentType: 'image/png', content: await qrCodePng(payload) };
  return { link, paragraphs: [m.transferLine(formatIban(row.iban), row.bic, row.numero!)], attachments: [qr] };
}

/** The issued invoice or credit note, sent to the customer with its Factur-X PDF. Null when he has no address. */
export function queueDocumentMail(trx: Db, config: Config, row: FactureRow, origin: FactureRow | null): Promise<string | null> {
  return mailWithDocument(trx, config, row, INVOICE_MAIL_KINDS.document, async (numero) => {
    const total = formatCentimes(row.totalCentimes);
    // The same mediator mention as the PDF it delivers (docs/decisions/0060).
    const mediator = config.legal.mediator ? [legalTexts.mediatorLine({ mediator: config.legal.mediator })] : [];
    if (row.type === 'avoir') {
      return { subject: m.creditSubject(numero), paragraphs: [m.creditBody(numero, origin?.numero ?? '', total), ...mediator] };
    }
    const isDeposit = row.nature === 'acompte';
    const due = row.totalCentimes - row.acomptesCentimes;
    const pay = await meansToPay(config, row, due);
    const body = isDeposit
      ? m.depositBody(numero, row.numeroDevis, total, formatDay(row.dateEcheance))
      : m.issuedBody(numero, row.numeroDevis, formatCentimes(due), formatDay(row.dateEcheance));
    return {
      subject: isDeposit ? m.depositSubject(numero) : m.issuedSubject(numero),
      paragraphs: [body, ...pay.paragraphs, ...mediator],
      link: pay.link,
      attachments: pay.attachments,
    };
  });
}

/**
 * A reminder of an invoice still to pay, with the invoice attached again and the means to pay
 * what is left. A late reminder to a business customer states the late-payment penalties and
 * the fixed 40 € recovery indemnity (Code de commerce L441-10 II and D441-5); a consumer owes
 * neither, and his reminder says nothing of them.
 */
export function queueReminderMail(trx: Db, config: Config, row: FactureRow, state: { resteCentimes: number; late: boolean }) {
  return mailWithDocument(trx, config, row, INVOICE_MAIL_KINDS.reminder, async (numero) => {
    const pay = await meansToPay(config, row, state.resteCentimes);
    const penalties = state.late && row.clientType === 'entreprise' ? [m.latePenalties(row.tauxPenalites ?? '')] : [];
    return {
      subject: m.reminderSubject(numero),
      paragraphs: [
        m.reminderBody(numero, formatCentimes(state.resteCentimes), formatDay(row.dateEcheance), state.late),
        ...penalties,
        ...pay.paragraphs,
      ],
      link: pay.link,
      attachments: pay.attachments,
    };
  });
}
