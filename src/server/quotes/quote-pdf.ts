import { formatDay, formatDistance, formatParisDateLong, formatPrice, formatWallClock } from '#domain/format.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { depositAtSignature } from '#domain/payments.ts';
import { statutLabel } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { REFACTURATION_LABELS } from '#domain/texts/expenses.ts';
import { quoteTexts as q, valueLabel } from '#domain/texts/quotes.ts';
import { legalTexts as l, type LegalFacts } from '#domain/texts/legal.ts';
import { pdfTexts } from '#domain/texts/server.ts';
import { createPdfDocument } from '#server/pdf/pdfkit-document.ts';

/** "01/12/2026, entre 08:30 et 10:00": the day as typed, then the slot. */
function slot(day: string | undefined, start: string | undefined, end: string | undefined): string {
  if (!day) return texts.notSpecified;
  const range = start && end ? pdfTexts.slotBetween(start, end) : start ? pdfTexts.slotFrom(start) : '';
  return `${formatWallClock(day) ?? day}${range}`;
}

const yesNo = (value: boolean | undefined) => (value ? q.yes : q.no);

/** A postal address in the pieces a line may end between: "12 rue X, Bât. B, 69002 Lyon" → 3 pieces. */
export const addressPieces = (address: string) =>
  address
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean);

const COLORS = { brand: '#0f3d5e', ink: '#1b2430', rule: '#c9d1d9', box: '#4d5b6a' };
const SIZES = { body: 9, small: 8.5, legal: 7, heading: 10.5, minimum: 6 };
const GAP = 16;

/**
 * A value shown on one row: free text wraps like any text; `pieces` (an address, an e-mail,
 * a contact's name, phone and e-mail) are never cut: a line ends only between two pieces, and
 * a piece too wide for the line is drawn smaller rather than split.
 */
type Field = { label: string; value?: string | null; pieces?: string[]; separator?: string };

/**
 * The quote sent to the customer for signature: French, A4, text drawn with an embedded
 * TrueType font (so it is searchable and every character survives). User data is only ever
 * drawn as text, never interpreted. Laid out to hold on one page, signature box included,
 * unless a long comment needs more.
 */
export async function renderQuotePdf(devis: Devis, { legal, date = new Date() }: { legal: LegalFacts; date?: Date }): Promise<Buffer> {
  const { seller } = legal;
  const { doc, finished } = createPdfDocument({
    size: 'A4',
    margins: { top: 42, bottom: 42, left: 50, right: 50 },
    info: { Title: adminTexts.pdfTitle(devis.numeroDevis), Author: seller.tradeName, Subject: pdfTexts.subject },
    lang: 'fr-FR',
    displayTitle: true,
  } as PDFKit.PDFDocumentOptions);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const column = (width - GAP) / 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  /** Lines of `pieces` for a first line `firstWidth` wide and the others `width` wide. */
  const packPieces = (pieces: string[], separator: string, firstWidth: number, otherWidth: number) => {
    doc.font('regular').fontSize(SIZES.body);
    const lines: string[] = [];
    let current = '';
    for (const piece of pieces) {
      const candidate = current ? `${current}${separator}${piece}` : piece;
      const available = lines.length === 0 ? firstWidth : otherWidth;
      if (current && doc.widthOfString(candidate) > available) {
        lines.push(`${current}${separator.trimEnd()}`);
        current = piece;
      } else {
        current = candidate;
      }
    }
    lines.push(current);
    return lines;
  };

  /** One line drawn whole: smaller type if it would not fit, never wrapped. */
  const unbrokenLine = (text: string, x: number, y: number, available: number, font = 'regular', size = SIZES.body) => {
    doc.font(font).fontSize(size);
    const natural = doc.widthOfString(text);
    const fitted = natural > available ? Math.max(SIZES.minimum, (size * available) / natural) : size;
    doc.fontSize(fitted).text(text, x, y, { lineBreak: false });
    return y + doc.fontSize(size).currentLineHeight(true);
  };

  /** A labelled value in a box `w` wide at (x, y); returns the y below it. */
  const drawField = (field: Field, x: number, y: number, w: number): number => {
    const label = `${field.label} : `;
    doc.font('bold').fontSize(SIZES.body);
    const labelWidth = doc.widthOfString(label);
    if (!field.pieces) {
      const value = field.value && field.value.trim() !== '' ? field.value : '—';
      doc.text(label, x, y, { width: w, continued: true });
      doc.font('regular').text(value);
      return doc.y;
    }
    const pieces = field.pieces.filter((piece) => piece.trim() !== '');
    if (pieces.length === 0) return drawField({ label: field.label, value: null }, x, y, w);
    const lines = packPieces(pieces, field.separator ?? ', ', w - labelWidth, w);
    doc.font('bold').fontSize(SIZES.body).text(label, x, y, { lineBreak: false });
    let lineY = unbrokenLine(lines[0]!, x + labelWidth, y, w - labelWidth);
    for (const line of lines.slice(1)) lineY = unbrokenLine(line, x, lineY, w);
    return lineY;
  };

  /** A row of one field across the page, or two side by side. */
  const row = (...fields: Field[]) => {
    ensureRoom(2 * doc.font('regular').fontSize(SIZES.body).currentLineHeight(true));
    const y = doc.y;
    if (fields.length === 1) {
      doc.y = drawField(fields[0]!, left, y, width);
    } else {
      const ends = fields.map((field, index) => drawField(field, left + index * (column + GAP), y, column));
      doc.y = Math.max(...ends);
    }
    doc.x = left;
  };

  const heading = (label: string) => {
    ensureRoom(60);
    doc.moveDown(0.45).font('bold').fontSize(SIZES.heading).fillColor(COLORS.brand).text(label, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 1)
      .lineTo(left + width, doc.y + 1)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.moveDown(0.25).fillColor(COLORS.ink);
  };

  // Business identity on the left, the quote's number and dates on the right.
  const top = doc.y;
  doc.font('bold').fontSize(15).fillColor(COLORS.brand).text(seller.tradeName, left, top, { width: column });
  doc.fillColor(COLORS.ink);
  let identityY = doc.y + 2;
  for (const line of [seller.legalName, ...packPieces(addressPieces(seller.address), ', ', column, column), pdfTexts.siret(seller.siret)]) {
    identityY = unbrokenLine(line, left, identityY, column, 'regular', SIZES.small);
  }
  for (const line of packPieces([seller.email, seller.phone], ' – ', column, column)) {
    identityY = unbrokenLine(line, left, identityY, column, 'regular', SIZES.small);
  }
  identityY = unbrokenLine(texts.vatNote, left, identityY, column, 'regular', SIZES.small);

  const right = left + column + GAP;
  doc.font('bold').fontSize(17).text(adminTexts.pdfTitle(devis.numeroDevis), right, top, { width: column, align: 'right' });
  doc
    .font('regular')
    .fontSize(SIZES.body)
    .text(pdfTexts.quoteDate(formatParisDateLong(date)), right, doc.y + 2, { width: column, align: 'right' });
  doc.text(pdfTexts.simulationDate(formatParisDateLong(devis.dateSimulation)), right, doc.y, { width: column, align: 'right' });
  doc.text(pdfTexts.statut(statutLabel(devis.statut)), right, doc.y, { width: column, align: 'right' });
  if (devis.valableJusquAu) {
    doc.font('bold').text(l.validUntil(formatDay(devis.valableJusquAu)), right, doc.y, { width: column, align: 'right' });
    doc.font('regular');
  }
  doc.y = Math.max(identityY, doc.y) + 4;
  doc.x = left;

  const client = devis.clientDetails;
  heading(adminTexts.sectionClient);
  row({ label: q.clientNom, value: client?.nom }, { label: q.telephone, value: client?.telephone });
  row({ label: q.email, pieces: [client?.email || devis.email || ''] }, { label: q.clientType, value: valueLabel(devis.clientType) });
  if (devis.clientType === 'entreprise') row({ label: q.siret, value: client?.siret });

  heading(q.route);
  row({ label: q.adresseDepart, pieces: addressPieces(devis.adresseDepart) });
  row({ label: q.adresseArrivee, pieces: addressPieces(devis.adresseArrivee) });
  row({ label: q.distance, value: formatDistance(devis.distanceKm) }, { label: q.typeConvoyage, value: valueLabel(devis.typeConvoyage) });
  row({ label: q.pickupRange, value: slot(devis.priseInfo?.datePriseEnCharge, devis.priseInfo?.debut, devis.priseInfo?.fin) });
  row({
    label: q.deliveryRange,
    value: slot(devis.livraisonInfo?.dateLivraisonSouhaitee, devis.livraisonInfo?.debut, devis.livraisonInfo?.fin),
  });

  heading(adminTexts.sectionContacts);
  const contactPieces = (c: Devis['contactDepart']) => (c ? [c.nom, c.telephone, c.email].filter(Boolean) : []);
  row({ label: q.contactDepart, pieces: contactPieces(devis.contactDepart), separator: ' – ' });
  row({ label: q.contactArrivee, pieces: contactPieces(devis.contactArrivee), separator: ' – ' });

  heading(adminTexts.sectionVehicle);
  const v = devis.infosVehicule;
  row({ label: q.typeVehicule, value: devis.typeVehicule }, { label: q.immatriculation, value: v?.immatriculation });
  row({ label: q.marque, value: v?.marque }, { label: q.modele, value: v?.modele });
  row({ label: q.motorisation, value: valueLabel(v?.motorisation) }, { label: q.chassis, value: v?.chassis });

  heading(adminTexts.sectionOptions);
  const o = devis.options;
  row({ label: q.documentation, value: yesNo(o?.documentation) }, { label: q.lavage, value: o ? valueLabel(o.lavage) : texts.none });
  row({ label: q.sansCarburant, value: yesNo(o?.sansCarburant) }, { label: q.wGarage, value: yesNo(o?.wGarage) });

  if (devis.commentaire) {
    heading(adminTexts.sectionComments);
    doc.font('regular').fontSize(SIZES.body).text(devis.commentaire, left, doc.y, { width });
  }

  const chosen: string[] = [];
  if (devis.clauses?.km) chosen.push(texts.clauseKm);
  if (devis.clauses?.longDistance) chosen.push(texts.clauseLongDistance);
  for (const kind of devis.clauses?.refacturation ?? []) chosen.push(REFACTURATION_LABELS[kind]);
  heading(chosen.length > 0 ? adminTexts.sectionConfirm : pdfTexts.priceHeading);
  doc
    .font('bold')
    .fontSize(13)
    .text(pdfTexts.prixFinal(formatPrice(devis.prix)), left, doc.y, { width });
  const deposit = depositAtSignature(devis);
  if (deposit) doc.font('bold').fontSize(SIZES.body).text(deposit, left, doc.y, { width });
  doc.font('regular').fontSize(SIZES.small).text(texts.vatNote, left, doc.y, { width });
  doc.font('regular').fontSize(SIZES.body);
  for (const clause of chosen) doc.text(`• ${clause}`, left, doc.y, { width });

  // What the law asks the seller to tell before the contract (L221-5, L616-1, R111-2): withdrawal, mediator, insurer, CGV.
  doc.moveDown(0.4).font('regular').fontSize(SIZES.legal);
  if (devis.clientType !== 'entreprise') doc.text(l.withdrawalNotice(null), left, doc.y, { width });
  doc.text(l.mediatorLine(legal), left, doc.y, { width });
  doc.text(l.insuranceLine(legal), left, doc.y, { width });
  doc.text(pdfTexts.cgvReference, left, doc.y, { width });

  // Signature block, kept whole on one page: the box on the right, where to send it on the left.
  const boxHeight = 100;
  doc.moveDown(0.8);
  ensureRoom(boxHeight + 4);
  const boxTop = doc.y;
  doc.rect(right, boxTop, column, boxHeight).lineWidth(0.8).strokeColor(COLORS.box).stroke();
  doc
    .font('bold')
    .fontSize(11)
    .text(adminTexts.signatureBlock, right + 10, boxTop + 8, { width: column - 20 });
  doc
    .font('regular')
    .fontSize(SIZES.small)
    .text(pdfTexts.signatureInstructions(adminTexts.signatureBlock), right + 10, doc.y, { width: column - 20 });
  const returnY = unbrokenLine(pdfTexts.returnTo, left, boxTop + 8, column, 'regular', SIZES.small);
  unbrokenLine(`${seller.email}.`, left, returnY, column, 'bold', SIZES.small);

  doc.end();
  return finished;
}
