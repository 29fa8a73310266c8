import { sirenOf } from '#domain/legal.ts';
import { formatCentimes, formatDay, formatQuantity } from '#domain/format.ts';
import { epcPayload, formatIban } from '#domain/payments.ts';
import { readAcomptesDeduits } from '#domain/schemas/payments.ts';
import { invoicePdfTexts as t } from '#domain/texts/invoices.ts';
import { legalTexts, type LegalFacts } from '#domain/texts/legal.ts';
import type { FactureLigneRow, FactureRow } from '#server/db/schema.ts';
import { createPdfDocument } from '#server/pdf/pdfkit-document.ts';
import { drawQrCode } from '#server/pdf/qr-code.ts';

export type IssuedDocument = {
  row: FactureRow;
  lines: readonly FactureLigneRow[];
  /** A credit note's invoice (its number and date are printed on it). */
  origin: Pick<FactureRow, 'numero' | 'dateEmission'> | null;
  contact: { email: string; phone: string };
  /** The consumer mediator, printed when configured (L616-1; docs/decisions/0060). */
  mediator: LegalFacts['mediator'];
};

/**
 * The human-readable side of a Factur-X invoice or credit note: A4, French, every legal
 * mention of a micro-entrepreneur selling services, text drawn with an embedded TrueType font.
 * Made as PDF/A-3b by pdfkit (fonts embedded, sRGB output intent, XMP identification); the
 * Factur-X step then attaches the XML. Everything printed comes from the issued row: the
 * same values the XML is built from.
 */
export async function renderInvoicePdf({ row, lines, origin, contact, mediator }: IssuedDocument): Promise<Buffer> {
  const numero = row.numero ?? '';
  const title = row.nature === 'acompte' ? t.depositTitle(numero) : t.title(row.type, numero);
  const deposits = readAcomptesDeduits(row.acomptesDeduits);
  const { doc, finished } = createPdfDocument({
    size: 'A4',
    margins: { top: 48, bottom: 56, left: 50, right: 50 },
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'fr-FR',
    displayTitle: true,
    tagged: false,
    info: {
      Title: title,
      Author: row.vendeurNom ?? '',
      Subject: title,
      CreationDate: row.emiseLe ? new Date(row.emiseLe) : new Date(),
    },
    bufferPages: true,
  } as PDFKit.PDFDocumentOptions);
  doc.font('regular');

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const half = width / 2 - 10;
  const ink = '#1b2430';
  const accent = '#0f3d5e';

  // Seller (left) and document identity (right).
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(accent)
    .text(row.vendeurNom ?? '', left, top, { width: half });
  doc.font('regular').fontSize(9).fillColor(ink);
  if (row.vendeurEnseigne) doc.text(row.vendeurEnseigne, { width: half });
  doc.text(row.vendeurAdresse ?? '', { width: half });
  doc.text(t.siret(formatSiret(row.vendeurSiret ?? '')), { width: half });
  if (row.vendeurTva) doc.text(t.vatId(row.vendeurTva), { width: half });
  doc.text(`${contact.email} – ${contact.phone}`, { width: half });
  const sellerBottom = doc.y;

  const right = left + width / 2 + 10;
  doc.font('bold').fontSize(16).fillColor(accent).text(title, right, top, { width: half, align: 'right' });
  doc.font('regular').fontSize(9).fillColor(ink);
  const facts: [string, string][] = [
    [t.issueDate, formatDay(row.dateEmission)],
    [t.serviceDate, formatDay(row.datePrestation)],
  ];
  if (row.type === 'facture' && row.dateEcheance) facts.push([t.dueDate, formatDay(row.dateEcheance)]);
  for (const [label, value] of facts) doc.text(`${label} : ${value}`, right, doc.y, { width: half, align: 'right' });
  doc.text(t.quoteRef(row.numeroDevis), right, doc.y, { width: half, align: 'right' });
  if (row.type === 'avoir' && origin?.numero) {
    doc.font('bold').text(t.creditRef(origin.numero, formatDay(origin.dateEmission)), right, doc.y, { width: half, align: 'right' });
    doc.font('regular');
  }
  doc.y = Math.max(sellerBottom, doc.y) + 18;

  // Customer.
  doc.font('bold').fontSize(10).fillColor(accent).text(t.buyer, right, doc.y, { width: half });
  doc.font('regular').fontSize(9.5).fillColor(ink).text(row.clientNom, right, doc.y, { width: half });
  doc.text(row.clientAdresse, right, doc.y, { width: half });
  if (row.clientSiret) {
    // Between professionals, the customer's SIREN and the nature of the operation (décret 2022-1299, docs/decisions/0060).
    doc.text(t.siret(formatSiret(row.clientSiret)), right, doc.y, { width: half });
    const siren = sirenOf(row.clientSiret);
    if (siren) doc.text(t.siren(siren), right, doc.y, { width: half });
    doc.text(t.operationNature, right, doc.y, { width: half });
  }
  doc.y += 14;
  if (row.type === 'avoir' && row.motif) {
    doc.font('bold').fontSize(9.5).text(`${t.reason} : `, left, doc.y, { continued: true, width });
    doc.font('regular').text(row.motif);
    doc.moveDown(0.5);
  }

  // Lines.
  const columns = { description: width - 250, quantity: 60, unitPrice: 90, amount: 100 };
  const x = {
    description: left,
    quantity: left + columns.description,
    unitPrice: left + columns.description + columns.quantity,
    amount: left + columns.description + columns.quantity + columns.unitPrice,
  };
  const header = () => {
    const y = doc.y;
    doc.rect(left, y - 3, width, 18).fill('#eef2f6');
    doc.fillColor(ink).font('bold').fontSize(9);
    doc.text(t.description, x.description + 4, y, { width: columns.description - 8 });
    doc.text(t.quantity, x.quantity, y, { width: columns.quantity, align: 'right' });
    doc.text(t.unitPrice, x.unitPrice, y, { width: columns.unitPrice, align: 'right' });
    doc.text(t.amount, x.amount, y, { width: columns.amount - 4, align: 'right' });
    doc.y = y + 20;
    doc.font('regular');
  };
  header();
  for (const line of lines) {
    const height = doc.heightOfString(line.description, { width: columns.description - 8 });
    if (doc.y + height > doc.page.height - doc.page.margins.bottom - 150) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.fontSize(9).fillColor(ink);
    doc.text(line.description, x.description + 4, y, { width: columns.description - 8 });
    doc.text(formatQuantity(line.quantiteCentiemes), x.quantity, y, { width: columns.quantity, align: 'right' });
    doc.text(formatCentimes(line.prixUnitaireCentimes), x.unitPrice, y, { width: columns.unitPrice, align: 'right' });
    doc.text(formatCentimes(line.montantCentimes), x.amount, y, { width: columns.amount - 4, align: 'right' });
    doc.y = y + height + 6;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .lineWidth(0.4)
      .strokeColor('#c9d1d9')
      .stroke();
  }

  // Totals.
  doc.moveDown(0.4);
  const totalsX = x.unitPrice - 60;
  const totalsWidth = left + width - totalsX - 4;
  /** A label and its amount; a wide label (a deducted deposit's number and date) starts further left. */
  const totalLine = (label: string, value: string, bold = false, wide = false) => {
    const y = doc.y;
    const labelX = wide ? totalsX - 110 : totalsX;
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 11 : 9.5);
    doc.text(label, labelX, y, { width: totalsX + totalsWidth / 2 - labelX });
    const labelBottom = doc.y;
    doc.text(value, totalsX + totalsWidth / 2, y, { width: totalsWidth / 2, align: 'right' });
    doc.y = Math.max(labelBottom, doc.y);
    doc.moveDown(0.2);
  };
  totalLine(t.totalHt, formatCentimes(row.totalCentimes));
  totalLine(t.vat, formatCentimes(0));
  const totalLabel = row.type === 'avoir' ? t.totalCredit : deposits.length > 0 ? t.totalService : t.total;
  totalLine(totalLabel, formatCentimes(row.totalCentimes), true, deposits.length > 0);
  if (deposits.length > 0) {
    for (const deposit of deposits) {
      totalLine(t.depositDeducted(deposit.numero, formatDay(deposit.dateEmission)), formatCentimes(-deposit.montantCentimes), false, true);
    }
    totalLine(t.amountDue, formatCentimes(row.totalCentimes - row.acomptesCentimes), true, true);
  }
  doc
    .font('bold')
    .fontSize(9.5)
    .text(t.vatNote, left, doc.y + 6, { width });

  // Payment and legal mentions; the EPC code of a transfer of what this document asks.
  const transferCode =
    row.type === 'facture' && row.iban
      ? epcPayload({
          bic: row.bic,
          name: row.vendeurNom ?? '',
          iban: row.iban,
          amountCents: row.totalCentimes - row.acomptesCentimes,
          text: numero,
        })
      : null;
  doc.moveDown(0.8).font('regular').fontSize(8.5).fillColor(ink);
  const mentions: string[] = [];
  if (row.type === 'facture') {
    mentions.push(t.paymentTerms(row.delaiPaiementJours ?? 0));
    if (row.dateEcheance) mentions.push(`${t.dueDate} : ${formatDay(row.dateEcheance)}.`);
    mentions.push(t.paymentMeans);
    if (row.iban && !transferCode) mentions.push(t.bank(formatIban(row.iban), row.bic));
  } else {
    mentions.push(t.creditNoteRefund);
  }
  mentions.push(t.latePenalty(row.tauxPenalites ?? ''));
  if (row.clientType === 'entreprise') mentions.push(t.recoveryIndemnity);
  mentions.push(t.noDiscount);
  // An invoice is kept for ever: the mediator when there is one, never a placeholder (docs/decisions/0060).
  if (mediator) mentions.push(legalTexts.mediatorLine({ mediator }));
  for (const mention of mentions) doc.text(mention, left, doc.y, { width });
  if (transferCode && row.iban) {
    const size = 96;
    if (doc.y + size + 24 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y + 8;
    const textX = left + size + 12;
    drawQrCode(doc, transferCode, { x: left, y, size });
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(ink)
      .text(t.qrCaption, textX, y + 24, { width: width - size - 12 });
    doc.font('regular').text(t.transferDetails(formatIban(row.iban), row.bic, numero), textX, doc.y + 2, { width: width - size - 12 });
    doc.y = y + size + 4;
  }
  doc.moveDown(0.6).fillColor('#555').text(t.facturX, left, doc.y, { width });

  // Page numbers, drawn inside the bottom margin.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#555')
      .text(t.page(index + 1, range.count), left, doc.page.height - 36, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return finished;
}

const formatSiret = (siret: string) => siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4');
