import { formatCentimes, formatDay } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import { invoiceMailTexts as m } from '#domain/texts/invoices.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { renderNotification } from '#server/mail/templates.ts';
import { enqueueMail } from '#server/outbox/outbox.ts';
import { invoiceFilename } from './factur-x.ts';

/**
 * The e-mails of invoices, queued in the transaction of their change (outbox/): the invoice or
 * credit note when its PDF is recorded (the document is what the e-mail delivers), a reminder
 * when the administrator sends one. They are essential e-mails: the customer's switch for
 * news of his quotes does not stop them.
 */
export const INVOICE_MAIL_KINDS = { document: 'invoice-document', reminder: 'invoice-reminder' } as const;

/**
 * An e-mail to the customer of an issued invoice or credit note, its PDF attached, with the
 * link to his area; `write` gives its subject and paragraphs from the document's number. Null
 * when he has no address (or the document is not issued yet).
 */
async function mailWithDocument(
  trx: Db,
  config: Config,
  row: FactureRow,
  kind: string,
  write: (numero: string) => { subject: string; paragraphs: string[] },
): Promise<string | null> {
  if (!row.clientEmail || !row.pdfKey || !row.numero) return null;
  return enqueueMail(trx, {
    kind,
    devisId: row.devisId,
    to: row.clientEmail,
    attachments: [{ filename: invoiceFilename(row), contentType: 'application/pdf', storageKey: row.pdfKey }],
    ...renderNotification(config, {
      ...write(row.numero),
      name: row.clientNom,
      link: { url: `${config.publicUrl}${paths.espaceClient}`, label: m.link },
    }),
  });
}

const bankLines = (row: FactureRow) => (row.iban ? [m.bankLine(row.iban)] : []);

/** The issued invoice or credit note, sent to the customer with its Factur-X PDF. Null when he has no address. */
export function queueDocumentMail(trx: Db, config: Config, row: FactureRow, origin: FactureRow | null): Promise<string | null> {
  return mailWithDocument(trx, config, row, INVOICE_MAIL_KINDS.document, (numero) => {
    const total = formatCentimes(row.totalCentimes);
    const paragraphs =
      row.type === 'facture'
        ? [m.issuedBody(numero, row.numeroDevis, total, formatDay(row.dateEcheance)), ...bankLines(row)]
        : [m.creditBody(numero, origin?.numero ?? '', total)];
    // The same mediator mention as the PDF it delivers (docs/decisions/0060).
    const mediator = config.legal.mediator;
    if (mediator) paragraphs.push(legalTexts.mediatorLine({ mediator }));
    return { subject: row.type === 'facture' ? m.issuedSubject(numero) : m.creditSubject(numero), paragraphs };
  });
}

/** A reminder of an invoice still to pay, with the invoice attached again. */
export function queueReminderMail(trx: Db, config: Config, row: FactureRow, state: { resteCentimes: number; late: boolean }) {
  return mailWithDocument(trx, config, row, INVOICE_MAIL_KINDS.reminder, (numero) => ({
    subject: m.reminderSubject(numero),
    paragraphs: [m.reminderBody(numero, formatCentimes(state.resteCentimes), formatDay(row.dateEcheance), state.late), ...bankLines(row)],
  }));
}
