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

const attachment = (row: FactureRow) => ({
  filename: invoiceFilename(row),
  contentType: 'application/pdf',
  storageKey: row.pdfKey!,
});
const areaLink = (config: Config) => ({ url: `${config.publicUrl}${paths.espaceClient}`, label: m.link });

/** The issued invoice or credit note, sent to the customer with its Factur-X PDF. Null when he has no address. */
export async function queueDocumentMail(trx: Db, config: Config, row: FactureRow, origin: FactureRow | null): Promise<string | null> {
  if (!row.clientEmail || !row.pdfKey || !row.numero) return null;
  const total = formatCentimes(row.totalCentimes);
  const paragraphs =
    row.type === 'facture'
      ? [m.issuedBody(row.numero, row.numeroDevis, total, formatDay(row.dateEcheance)), ...(row.iban ? [m.bankLine(row.iban)] : [])]
      : [m.creditBody(row.numero, origin?.numero ?? '', total)];
  // The same mediator mention as the PDF it delivers (docs/decisions/0060).
  const mediator = config.legal.mediator;
  if (mediator) paragraphs.push(legalTexts.mediatorLine({ mediator }));
  return enqueueMail(trx, {
    kind: INVOICE_MAIL_KINDS.document,
    devisId: row.devisId,
    to: row.clientEmail,
    attachments: [attachment(row)],
    ...renderNotification(config, {
      subject: row.type === 'facture' ? m.issuedSubject(row.numero) : m.creditSubject(row.numero),
      name: row.clientNom,
      paragraphs,
      link: areaLink(config),
    }),
  });
}

/** A reminder of an invoice still to pay, with the invoice attached again. */
export async function queueReminderMail(trx: Db, config: Config, row: FactureRow, state: { resteCentimes: number; late: boolean }) {
  if (!row.clientEmail || !row.pdfKey || !row.numero) return null;
  return enqueueMail(trx, {
    kind: INVOICE_MAIL_KINDS.reminder,
    devisId: row.devisId,
    to: row.clientEmail,
    attachments: [attachment(row)],
    ...renderNotification(config, {
      subject: m.reminderSubject(row.numero),
      name: row.clientNom,
      paragraphs: [
        m.reminderBody(row.numero, formatCentimes(state.resteCentimes), formatDay(row.dateEcheance), state.late),
        ...(row.iban ? [m.bankLine(row.iban)] : []),
      ],
      link: areaLink(config),
    }),
  });
}
