import type { Devis } from '#domain/schemas/devis.ts';
import { formatWallClock } from '#domain/dates.ts';
import { statutLabel } from '#domain/statuses.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import { pdfTexts } from '#domain/texts-server.ts';
import { quoteTexts as q, valueLabel } from '#domain/texts-quotes.ts';
import type { Config } from '#server/config.ts';
import { createPdfDocument } from './pdfkit-document.ts';

const euros = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kilometres = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dateFr = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/** "1 234,50 €" as the quote shows it. */
export const formatPrixPdf = (prix: number) => `${euros.format(prix)} €`;

/** "01/12/2026, entre 08:30 et 10:00": the day as typed, then the slot. */
function slot(day: string | undefined, start: string | undefined, end: string | undefined): string {
  if (!day) return texts.notSpecified;
  const range = start && end ? pdfTexts.slotBetween(start, end) : start ? pdfTexts.slotFrom(start) : '';
  return `${formatWallClock(day) ?? day}${range}`;
}

const yesNo = (value: boolean | undefined) => (value ? q.yes : q.no);

type Business = Config['business'];
type Contact = Config['contact'];

/**
 * The quote sent to the customer for signature: French, A4, text drawn with an embedded
 * TrueType font (so it is searchable and every character survives). User data is only ever
 * drawn as text, never interpreted.
 */
export async function renderQuotePdf(
  devis: Devis,
  { business, contact, date = new Date() }: { business: Business; contact: Contact; date?: Date },
): Promise<Buffer> {
  const { doc, finished } = createPdfDocument({
    size: 'A4',
    margins: { top: 50, bottom: 50, left: 56, right: 56 },
    info: { Title: adminTexts.pdfTitle(devis.numeroDevis), Author: business.name, Subject: pdfTexts.subject },
    lang: 'fr-FR',
    displayTitle: true,
  } as PDFKit.PDFDocumentOptions);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;

  const heading = (label: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.6).font('bold').fontSize(11).fillColor('#0f3d5e').text(label, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 1)
      .lineTo(left + width, doc.y + 1)
      .lineWidth(0.5)
      .strokeColor('#c9d1d9')
      .stroke();
    doc.moveDown(0.3).fillColor('#1b2430');
  };
  const line = (label: string, value: string | null | undefined) => {
    doc.font('bold').fontSize(9.5).text(`${label} : `, left, doc.y, { continued: true, width });
    doc.font('regular').text(value && value.trim() !== '' ? value : '—');
  };

  // Business identity
  doc.font('bold').fontSize(16).fillColor('#0f3d5e').text(business.name, left, doc.y, { width });
  doc.font('regular').fontSize(9).fillColor('#1b2430');
  doc.text(business.owner);
  doc.text(business.address);
  doc.text(pdfTexts.siret(business.siret));
  doc.text(`${contact.email} – ${contact.phone}`);
  doc.text(texts.vatNote);

  // Title
  doc
    .moveDown(1)
    .font('bold')
    .fontSize(18)
    .fillColor('#1b2430')
    .text(adminTexts.pdfTitle(devis.numeroDevis), left, doc.y, { width, align: 'center' });
  doc
    .font('regular')
    .fontSize(10)
    .text(pdfTexts.quoteDate(dateFr.format(date)), { width, align: 'center' });
  doc.text(pdfTexts.simulation(dateFr.format(new Date(devis.dateSimulation)), statutLabel(devis.statut)), {
    width,
    align: 'center',
  });

  const client = devis.clientDetails;
  heading(adminTexts.sectionClient);
  line(q.clientNom, client?.nom);
  line(q.email, client?.email || devis.email);
  line(q.telephone, client?.telephone);
  line(q.clientType, valueLabel(devis.clientType));
  if (devis.clientType === 'entreprise') line(q.siret, client?.siret);

  heading(q.route);
  line(q.adresseDepart, devis.adresseDepart);
  line(q.adresseArrivee, devis.adresseArrivee);
  line(q.distance, `${kilometres.format(devis.distanceKm)} km`);
  line(q.typeConvoyage, devis.typeConvoyage);
  line(q.pickupRange, slot(devis.priseInfo?.datePriseEnCharge, devis.priseInfo?.debut, devis.priseInfo?.fin));
  line(q.deliveryRange, slot(devis.livraisonInfo?.dateLivraisonSouhaitee, devis.livraisonInfo?.debut, devis.livraisonInfo?.fin));

  heading(adminTexts.sectionContacts);
  const contactText = (c: Devis['contactDepart']) => (c ? [c.nom, c.telephone, c.email].filter(Boolean).join(' – ') : null);
  line(q.contactDepart, contactText(devis.contactDepart));
  line(q.contactArrivee, contactText(devis.contactArrivee));

  heading(adminTexts.sectionVehicle);
  const v = devis.infosVehicule;
  line(q.typeVehicule, devis.typeVehicule);
  line(q.immatriculation, v?.immatriculation);
  line(q.marque, v?.marque);
  line(q.modele, v?.modele);
  line(q.chassis, v?.chassis);
  line(q.motorisation, valueLabel(v?.motorisation));

  heading(adminTexts.sectionOptions);
  const o = devis.options;
  line(q.documentation, yesNo(o?.documentation));
  line(q.lavage, o ? valueLabel(o.lavage) : texts.none);
  line(q.sansCarburant, yesNo(o?.sansCarburant));
  line(q.wGarage, yesNo(o?.wGarage));

  if (devis.commentaire) {
    heading(adminTexts.sectionComments);
    doc.font('regular').fontSize(9.5).text(devis.commentaire, left, doc.y, { width });
  }

  heading(q.price);
  doc
    .font('bold')
    .fontSize(14)
    .text(pdfTexts.prixFinal(formatPrixPdf(devis.prix)), left, doc.y, { width });
  doc.font('regular').fontSize(9).text(texts.vatNote);
  const chosen: string[] = [];
  if (devis.clauses?.km) chosen.push(texts.clauseKm);
  if (devis.clauses?.longDistance) chosen.push(texts.clauseLongDistance);
  if (chosen.length > 0) {
    heading(adminTexts.clausesLegend);
    doc.font('regular').fontSize(9.5);
    for (const clause of chosen) doc.text(`• ${clause}`, left, doc.y, { width });
  }

  // Signature block, kept whole on one page.
  if (doc.y > doc.page.height - 190) doc.addPage();
  doc.moveDown(1.2);
  const top = doc.y;
  doc
    .rect(left + width / 2, top, width / 2, 110)
    .lineWidth(0.8)
    .strokeColor('#4d5b6a')
    .stroke();
  doc
    .font('bold')
    .fontSize(11)
    .text(adminTexts.signatureBlock, left + width / 2 + 10, top + 8, { width: width / 2 - 20 });
  doc
    .font('regular')
    .fontSize(8.5)
    .text(pdfTexts.signatureInstructions(adminTexts.signatureBlock), { width: width / 2 - 20 });
  doc
    .font('regular')
    .fontSize(8.5)
    .text(pdfTexts.returnTo(contact.email), left, top + 8, { width: width / 2 - 20 });

  doc.end();
  return finished;
}
