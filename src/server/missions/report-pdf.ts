import { formatDistance, formatParisDateAtTime } from '#domain/format.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { STANDARD_PHOTOS, type Damage, type Emplacement, type Etape, type InspectionFields } from '#domain/schemas/missions.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { VEHICLE_OUTLINE } from '#domain/vehicle-outline.ts';
import type { Seller } from '#domain/public-config.ts';
import { createPdfDocument } from '#server/pdf/pdfkit-document.ts';
import { drawStrokes } from '#server/pdf/drawing.ts';

const ACCENT = '#0f3d5e';
const TEXT = '#1b2430';
const RULE = '#c9d1d9';
const DAMAGE = '#b3261e';
const EARLIER = '#8a94a0';

export type ReportPhoto = { id: string; emplacement: Emplacement; dommageId: string | null; takenAt: string | null; jpeg: Buffer };

export type ReportInput = {
  etape: Etape;
  devis: Pick<Devis, 'numeroDevis' | 'adresseDepart' | 'adresseArrivee' | 'typeVehicule' | 'infosVehicule' | 'clientDetails'>;
  fields: InspectionFields;
  photos: ReportPhoto[];
  /** At delivery: the damage recorded at pickup, listed as a reminder and drawn in grey. */
  pickupDamages?: Damage[];
  completedAt: Date;
  seller: Seller;
};

/**
 * The inspection report (PV), A4, French: the mission, what was recorded, the damage on the
 * vehicle outline and in a list, the remarks (and reservations at delivery), both signatures
 * drawn as vector strokes, then every photo with its caption and capture time.
 */
export async function renderInspectionReport(input: ReportInput): Promise<Buffer> {
  const { etape, devis, fields, seller } = input;
  const title = m.pvTitle[etape];
  const { doc, finished } = createPdfDocument({
    size: 'A4',
    margins: { top: 50, bottom: 56, left: 50, right: 50 },
    bufferPages: true,
    info: { Title: `${title} – ${m.pvQuote(devis.numeroDevis)}`, Author: seller.tradeName, Subject: title },
    lang: 'fr-FR',
    displayTitle: true,
  } as PDFKit.PDFDocumentOptions);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  const heading = (label: string) => {
    ensure(60);
    doc.moveDown(0.6).font('bold').fontSize(11).fillColor(ACCENT).text(label, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 1)
      .lineTo(left + width, doc.y + 1)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.3).fillColor(TEXT);
  };
  const row = (label: string, value: string) => {
    ensure(16);
    const y = doc.y;
    doc.font('bold').fontSize(9.5).fillColor(TEXT).text(label, left, y, { width: 150 });
    const labelBottom = doc.y;
    doc.font('regular').text(value || '—', left + 155, y, { width: width - 155 });
    doc.y = Math.max(labelBottom, doc.y) + 2;
  };

  // Title and mission
  doc.font('bold').fontSize(18).fillColor(ACCENT).text(title, left, 50, { width });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(TEXT)
    .text(`${m.pvQuote(devis.numeroDevis)} – ${seller.tradeName}`, { width });
  heading(m.pvVehicle);
  const vehicle = devis.infosVehicule;
  row(m.pvClient, devis.clientDetails?.nom ?? '—');
  row(m.pvRoute, `${devis.adresseDepart} → ${devis.adresseArrivee}`);
  row(m.pvVehicle, vehicle ? `${vehicle.marque} ${vehicle.modele} (${devis.typeVehicule})` : devis.typeVehicule);
  row(m.pvPlate, vehicle?.immatriculation ?? '—');
  if (vehicle?.chassis) row(m.pvVin, vehicle.chassis);

  heading(m.pageTitle[etape]);
  row(m.pvDate, formatParisDateAtTime(fields.dateHeure));
  row(m.pvPlace, fields.lieu);
  row(m.pvOdometer, formatDistance(fields.kilometrage));
  row(m.pvEnergy, `${fields.niveauEnergie} %`);
  row(m.pvKeys, String(fields.cles));
  const documents = [
    ...fields.documents.map((key) => m.documents[key] ?? key),
    ...(fields.autresDocuments ? [fields.autresDocuments] : []),
  ];
  row(m.pvDocuments, documents.length ? documents.join(', ') : m.pvNone);

  // Damage: the outline with numbered spots, and the list.
  heading(m.pvDamages);
  ensure(170);
  const outlineTop = doc.y;
  const outline = { x: left, y: outlineTop, width: 80, height: 160 };
  drawOutline(doc, outline, fields.dommages, input.pickupDamages ?? []);
  const listLeft = left + 100;
  doc.y = outlineTop;
  const damageLines = fields.dommages.map((damage, index) => m.pvDamageLine(index + 1, m.damageKinds[damage.nature], damage.note));
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(TEXT)
    .text(damageLines.length ? damageLines.join('\n') : m.pvDamagesNone, listLeft, doc.y, { width: width - 100 });
  if (input.pickupDamages) {
    doc
      .moveDown(0.5)
      .font('bold')
      .fontSize(9)
      .fillColor(EARLIER)
      .text(m.pvPickupDamages, listLeft, doc.y, { width: width - 100 });
    const earlier = input.pickupDamages.map((damage, index) => m.pvDamageLine(index + 1, m.damageKinds[damage.nature], damage.note));
    doc
      .font('regular')
      .fontSize(9)
      .text(earlier.length ? earlier.join('\n') : m.pickupDamagesNone, listLeft, doc.y, { width: width - 100 });
  }
  doc.y = Math.max(doc.y, outlineTop + outline.height) + 6;
  doc.x = left;

  if (fields.remarques) {
    heading(m.pvRemarks);
    doc.font('regular').fontSize(9.5).text(fields.remarques, left, doc.y, { width });
  }
  if (etape === 'livraison') {
    heading(m.pvReserves);
    doc
      .font('regular')
      .fontSize(9.5)
      .text(fields.reserves || m.pvNone, left, doc.y, { width });
  }

  // Signatures, side by side.
  heading(m.pvSignatures);
  ensure(130);
  const boxTop = doc.y;
  const boxWidth = (width - 20) / 2;
  const signers = [
    { label: m.pvDriver, block: fields.signatureConvoyeur },
    { label: m.pvContact[etape], block: fields.signatureContact },
  ];
  signers.forEach(({ label, block }, index) => {
    const x = left + index * (boxWidth + 20);
    doc.font('bold').fontSize(9).fillColor(TEXT).text(label, x, boxTop, { width: boxWidth });
    doc.font('regular').fontSize(9).text(block.nom, x, doc.y, { width: boxWidth });
    const drawingTop = boxTop + 28;
    doc.rect(x, drawingTop, boxWidth, 80).lineWidth(0.6).strokeColor(RULE).stroke();
    drawStrokes(doc, block.signature, { x: x + 8, y: drawingTop + 8, width: boxWidth - 16, height: 64 });
  });
  doc.y = boxTop + 116;
  doc.x = left;
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(TEXT)
    .text(`${m.pvDate} : ${formatParisDateAtTime(input.completedAt.toISOString())}`, left, doc.y, { width });

  // Photos: two a row, each with its caption.
  heading(m.pvPhotos);
  const missing = STANDARD_PHOTOS.filter((slot) => !input.photos.some((photo) => photo.emplacement === slot));
  if (missing.length) {
    doc
      .font('regular')
      .fontSize(9)
      .text(`${m.pvNotPhotographed} : ${missing.map((slot) => m.photoLabels[slot]).join(', ')}`, left, doc.y, { width });
    doc.moveDown(0.4);
  }
  const cellWidth = (width - 16) / 2;
  const cellHeight = 190;
  let column = 0;
  for (const photo of orderPhotos(input.photos, fields.dommages)) {
    if (column === 0) ensure(cellHeight + 4);
    const x = left + column * (cellWidth + 16);
    const y = doc.y;
    doc.image(photo.jpeg, x, y, { fit: [cellWidth, cellHeight - 18], align: 'center', valign: 'center' });
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(TEXT)
      .text(
        m.pvPhotoCaption(captionOf(photo, fields.dommages), photo.takenAt ? formatParisDateAtTime(photo.takenAt) : null),
        x,
        y + cellHeight - 14,
        {
          width: cellWidth,
          lineBreak: false,
          ellipsis: true,
        },
      );
    column = (column + 1) % 2;
    doc.y = column === 0 ? y + cellHeight + 4 : y;
  }

  // Footer on every page.
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    const footerY = doc.page.height - 40;
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(EARLIER)
      .text(`${title} – ${m.pvQuote(devis.numeroDevis)} – ${m.pvFooter(seller)}`, left, footerY, {
        width: width - 80,
        lineBreak: false,
        ellipsis: true,
      })
      .text(m.pvPage(index + 1, range.count), left + width - 80, footerY, { width: 80, align: 'right', lineBreak: false });
  }
  doc.end();
  return finished;
}

/** Standard photos in their order, then the damage photos by damage number, then the extras. */
function orderPhotos(photos: ReportPhoto[], damages: Damage[]): ReportPhoto[] {
  const rank = (photo: ReportPhoto) => {
    const standard = (STANDARD_PHOTOS as readonly string[]).indexOf(photo.emplacement);
    if (standard >= 0) return standard;
    if (photo.emplacement === 'dommage')
      return (
        100 +
        Math.max(
          0,
          damages.findIndex((damage) => damage.id === photo.dommageId),
        )
      );
    return 1000;
  };
  return [...photos].sort((a, b) => rank(a) - rank(b));
}

function captionOf(photo: ReportPhoto, damages: Damage[]): string {
  if (photo.emplacement !== 'dommage') return m.photoLabels[photo.emplacement];
  const index = damages.findIndex((damage) => damage.id === photo.dommageId);
  const damage = damages[index];
  return damage ? `${m.damageNumber(index + 1)} – ${m.damageKinds[damage.nature]}` : m.photoLabels.dommage;
}

/** The outline scaled into `box`, with the damage as numbered red spots (earlier damage in grey). */
function drawOutline(
  doc: PDFKit.PDFDocument,
  box: { x: number; y: number; width: number; height: number },
  damages: Damage[],
  earlier: Damage[],
) {
  const scale = Math.min(box.width / VEHICLE_OUTLINE.width, box.height / VEHICLE_OUTLINE.height);
  doc.save().translate(box.x, box.y).scale(scale);
  for (const path of VEHICLE_OUTLINE.paths) doc.path(path).lineWidth(2).strokeColor(EARLIER).stroke();
  doc.restore();
  const spot = (damage: Damage, label: string, color: string) => {
    const x = box.x + damage.x * VEHICLE_OUTLINE.width * scale;
    const y = box.y + damage.y * VEHICLE_OUTLINE.height * scale;
    doc.save().circle(x, y, 5.5).fillColor(color).fill();
    doc
      .font('bold')
      .fontSize(6.5)
      .fillColor('#ffffff')
      .text(label, x - 5.5, y - 3.6, { width: 11, align: 'center', lineBreak: false });
    doc.restore();
  };
  earlier.forEach((damage, index) => spot(damage, String(index + 1), EARLIER));
  damages.forEach((damage, index) => spot(damage, String(index + 1), DAMAGE));
}
