import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Devis } from '#domain/schemas/devis.ts';
import { statutLabel } from '#domain/statuses.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import type { Config } from '#server/config.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans covers every French letter, the euro sign and typographic spaces. */
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const euros = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kilometres = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dateFr = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/** "1 234,50 €" as the quote shows it. */
export const formatPrixPdf = (prix: number) => `${euros.format(prix)} €`;

/** "2026-12-01" → "01/12/2026"; anything else is shown as given. */
function formatDay(day: string | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (day ?? '');
}

function slot(day: string | undefined, start: string | undefined, end: string | undefined): string {
  if (!day) return texts.notSpecified;
  const range = start && end ? `, entre ${start} et ${end}` : start ? `, à partir de ${start}` : '';
  return `${formatDay(day)}${range}`;
}

const yesNo = (value: boolean | undefined) => (value ? 'Oui' : 'Non');
const lavageLabel = { '': texts.none, exterieur: 'Extérieur', complet: 'Complet' } as const;
const motorisationLabel = { essence: 'Essence', diesel: 'Diesel', electrique: 'Électrique', hybride: 'Hybride' } as const;

/** A postal address in the pieces a line may end between: "12 rue X, Bât. B, 69002 Lyon" → 3 pieces. */
export const addressPieces = (address: string) =>
  address
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean);

type Business = Config['business'];
type Contact = Config['contact'];

const COLORS = { brand: '#0f3d5e', ink: '#1b2430', rule: '#c9d1d9', box: '#4d5b6a' };
const SIZES = { body: 9, small: 8.5, heading: 10.5, minimum: 6 };
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
export async function renderQuotePdf(
  devis: Devis,
  { business, contact, date = new Date() }: { business: Business; contact: Contact; date?: Date },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 42, bottom: 42, left: 50, right: 50 },
    info: { Title: adminTexts.pdfTitle(devis.numeroDevis), Author: business.name, Subject: 'Devis de convoyage' },
    lang: 'fr-FR',
    displayTitle: true,
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
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
  doc.font('bold').fontSize(15).fillColor(COLORS.brand).text(business.name, left, top, { width: column });
  doc.fillColor(COLORS.ink);
  let identityY = doc.y + 2;
  for (const line of [business.owner, ...packPieces(addressPieces(business.address), ', ', column, column), `SIRET : ${business.siret}`]) {
    identityY = unbrokenLine(line, left, identityY, column, 'regular', SIZES.small);
  }
  for (const line of packPieces([contact.email, contact.phone], ' – ', column, column)) {
    identityY = unbrokenLine(line, left, identityY, column, 'regular', SIZES.small);
  }
  identityY = unbrokenLine(texts.vatNote, left, identityY, column, 'regular', SIZES.small);

  const right = left + column + GAP;
  doc.font('bold').fontSize(17).text(adminTexts.pdfTitle(devis.numeroDevis), right, top, { width: column, align: 'right' });
  doc
    .font('regular')
    .fontSize(SIZES.body)
    .text(`Date du devis : ${dateFr.format(date)}`, right, doc.y + 2, { width: column, align: 'right' });
  doc.text(`Simulation du ${dateFr.format(new Date(devis.dateSimulation))}`, right, doc.y, { width: column, align: 'right' });
  doc.text(`Statut : ${statutLabel(devis.statut)}`, right, doc.y, { width: column, align: 'right' });
  doc.y = Math.max(identityY, doc.y) + 4;
  doc.x = left;

  const client = devis.clientDetails;
  heading('Client');
  row({ label: 'Nom', value: client?.nom }, { label: 'Téléphone', value: client?.telephone });
  row(
    { label: 'E-mail', pieces: [client?.email || devis.email || ''] },
    {
      label: 'Type de client',
      value: devis.clientType === 'entreprise' ? 'Entreprise' : devis.clientType === 'particulier' ? 'Particulier' : null,
    },
  );
  if (devis.clientType === 'entreprise') row({ label: 'SIRET', value: client?.siret });

  heading('Trajet');
  row({ label: 'Adresse de départ', pieces: addressPieces(devis.adresseDepart) });
  row({ label: "Adresse d'arrivée", pieces: addressPieces(devis.adresseArrivee) });
  row(
    { label: 'Distance estimée', value: `${kilometres.format(devis.distanceKm)} km` },
    { label: 'Type de convoyage', value: devis.typeConvoyage },
  );
  row({ label: 'Prise en charge', value: slot(devis.priseInfo?.datePriseEnCharge, devis.priseInfo?.debut, devis.priseInfo?.fin) });
  row({
    label: 'Livraison souhaitée',
    value: slot(devis.livraisonInfo?.dateLivraisonSouhaitee, devis.livraisonInfo?.debut, devis.livraisonInfo?.fin),
  });

  heading('Contacts sur place');
  const contactPieces = (c: Devis['contactDepart']) => (c ? [c.nom, c.telephone, c.email].filter(Boolean) : []);
  row({ label: 'Au départ', pieces: contactPieces(devis.contactDepart), separator: ' – ' });
  row({ label: "À l'arrivée", pieces: contactPieces(devis.contactArrivee), separator: ' – ' });

  heading('Véhicule');
  const v = devis.infosVehicule;
  row({ label: 'Type de véhicule', value: devis.typeVehicule }, { label: 'Immatriculation', value: v?.immatriculation });
  row(
    { label: 'Marque et modèle', value: v ? `${v.marque} ${v.modele}`.trim() : null },
    { label: 'Motorisation', value: v ? motorisationLabel[v.motorisation] : null },
  );
  row({ label: 'Numéro de châssis (VIN)', value: v?.chassis });

  heading('Options');
  const o = devis.options;
  row({ label: 'Documentation', value: yesNo(o?.documentation) }, { label: 'Lavage', value: o ? lavageLabel[o.lavage] : texts.none });
  row({ label: 'Sans carburant', value: yesNo(o?.sansCarburant) }, { label: 'Plaque W garage', value: yesNo(o?.wGarage) });

  if (devis.commentaire) {
    heading('Commentaires');
    doc.font('regular').fontSize(SIZES.body).text(devis.commentaire, left, doc.y, { width });
  }

  const chosen: string[] = [];
  if (devis.clauses?.km) chosen.push(texts.clauseKm);
  if (devis.clauses?.longDistance) chosen.push(texts.clauseLongDistance);
  heading(chosen.length > 0 ? 'Prix et clauses' : 'Prix');
  doc
    .font('bold')
    .fontSize(13)
    .text(`Prix final : ${formatPrixPdf(devis.prix)}`, left, doc.y, { width });
  doc.font('regular').fontSize(SIZES.small).text(texts.vatNote, left, doc.y, { width });
  doc.font('regular').fontSize(SIZES.body);
  for (const clause of chosen) doc.text(`• ${clause}`, left, doc.y, { width });

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
    .text('Date, nom et signature du client, précédés de la mention « Bon pour accord »', right + 10, doc.y, { width: column - 20 });
  const returnY = unbrokenLine('Devis à retourner signé à', left, boxTop + 8, column, 'regular', SIZES.small);
  unbrokenLine(`${contact.email}.`, left, returnY, column, 'bold', SIZES.small);

  doc.end();
  return finished;
}
