import { formatParisDateLong } from '#domain/format.ts';
import { legalTexts as l, type LegalFacts } from '#domain/texts/legal.ts';
import { createPdfDocument } from '#server/pdf/pdfkit-document.ts';
import type { Cgv } from './cgv.ts';

/**
 * The CGV in force as the PDF the signed-quote e-mail carries (a durable medium, L221-13), with
 * their version and SHA-256, followed by the model withdrawal form (annex to R221-1) that the
 * confirmation of a distance contract must come with. Markdown is read for its headings only;
 * everything else is drawn as plain text.
 */
export function renderCgvPdf(cgv: Cgv, facts: LegalFacts): Promise<Buffer> {
  // Every signature sends it: rendered once per text and seller, then reused.
  const key = `${cgv.version}:${cgv.sha256}:${JSON.stringify(facts.seller)}`;
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = renderPdf(cgv, facts);
    rendered.set(key, pdf);
    pdf.catch(() => rendered.delete(key));
  }
  return pdf;
}

const rendered = new Map<string, Promise<Buffer>>();

async function renderPdf(cgv: Cgv, facts: LegalFacts): Promise<Buffer> {
  const { doc, finished } = createPdfDocument({
    size: 'A4',
    margins: { top: 50, bottom: 50, left: 56, right: 56 },
    info: { Title: l.cgvTitle, Author: facts.seller.tradeName },
    lang: 'fr-FR',
    displayTitle: true,
  } as PDFKit.PDFDocumentOptions);
  const width = doc.page.width - 112;
  for (const block of cgv.texte.split(/\n{2,}/)) {
    for (const line of block.split('\n')) {
      const heading = /^(#{1,3})\s+(.*)$/.exec(line);
      if (heading) {
        doc
          .moveDown(0.5)
          .font('bold')
          .fontSize(heading[1] === '#' ? 16 : 11)
          .text(heading[2]!, { width });
      } else if (line.trim() !== '') {
        doc.font('regular').fontSize(9).text(line, { width, align: 'justify' });
      }
    }
  }
  doc
    .moveDown(1)
    .font('regular')
    .fontSize(8)
    .text(l.cgvVersion(cgv.version, formatParisDateLong(cgv.date)), { width });
  doc.text(l.cgvSha256(cgv.sha256), { width });

  doc.addPage();
  doc.font('bold').fontSize(14).text(l.formTitle, { width });
  doc.moveDown(0.5).font('regular').fontSize(9.5).text(l.formIntro, { width });
  doc.moveDown(0.5).text(l.formTo(facts.seller.legalName, facts.seller.address, facts.seller.email), { width });
  for (const line of l.formLines) doc.moveDown(0.8).text(line, { width });
  doc.moveDown(1.2).fontSize(8.5).text(l.formOnline, { width });
  doc.end();
  return finished;
}
