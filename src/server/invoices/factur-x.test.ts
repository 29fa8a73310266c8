import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatCentimes } from '#domain/format.ts';
import { invoiceMailTexts, invoicePdfTexts } from '#domain/texts/invoices.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { pdfAttachments, pdfCatalogue, pdfXmp, platformRefusals } from '#server/test/einvoice-rules.ts';
import { addressOf, buildTestApp, createAdmin, createCustomer, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { addProfile, api, issuedInvoice } from './test-factories.ts';

type Headers = { cookie: string; origin: string };
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** "1 234,50 €" as the PDF text layer gives it back (Intl's narrow no-break spaces become plain spaces). */
const shown = (cents: number) => flat(formatCentimes(cents).replace(/[\u202f\u00a0]/g, ' '));
const xmlValue = (xml: string, tag: string) => new RegExp(`<ram:${tag}[^>]*>([^<]*)</ram:${tag}>`).exec(xml)?.[1];

const VAT_VARIANTS = [
  { name: 'without a VAT number (category Z, SIREN as tax registration FC)', env: {}, category: 'Z', taxRegistration: ['FC', '123456789'] },
  // This seller has named his consumer mediator (issue 28): it is on his invoices and their e-mails; the other has not.
  {
    name: 'with an intra-EU VAT number (category E, VATEX-FR-FRANCHISE)',
    env: { BUSINESS_VAT_ID: 'FR40123456789', MEDIATEUR_NOM: 'CM2C', MEDIATEUR_URL: 'https://www.cm2c.net' },
    category: 'E',
    taxRegistration: ['VA', 'FR40123456789'],
  },
] as const;

/** Every check a French approved platform runs on the XML: both schemas, EN 16931, BR-FR (fatal rules). */
async function expectAcceptedByPlatforms(xml: string) {
  expect(await platformRefusals(xml)).toEqual([]);
}

// The EN 16931 rules are an XSLT of several megabytes that Saxon compiles on first use: the
// first validation of a run takes many seconds on a busy machine (not a budget, a time limit).
vi.setConfig({ testTimeout: 120_000 });

describe.each(ENGINES)('Factur-X invoices on %s', (engine) => {
  describe.each(VAT_VARIANTS)('seller $name', ({ env, category, taxRegistration }) => {
    let t: TestApp;
    let admin: Headers;

    beforeAll(async () => {
      t = await buildTestApp(engine, {
        env: { ...env, BUSINESS_IBAN: 'FR76 3000 6000 0112 3456 7890 189', BUSINESS_BIC: 'AGRIFRPP', INVOICE_PAYMENT_DAYS: '30' },
      });
      admin = (await createAdmin(t)).headers;
    });
    afterAll(async () => {
      await t.close();
    });

    it('e-mails a PDF/A-3 carrying factur-x.xml that is valid against the CII XSD and the EN 16931 rules, and shows the same amounts', async () => {
      const customer = await createCustomer(t, { name: 'Société Transports Martin' });
      await addProfile(t, customer, { type: 'entreprise' });
      const { invoice } = await issuedInvoice(t, admin, customer, { entreprise: true });
      expect(invoice.numero).toMatch(/^F-\d{4}-0001$/);

      const mails = await t.outbox();
      const mail = mails.find(
        (message) => addressOf(message) === customer.email && message.subject === invoiceMailTexts.issuedSubject(invoice.numero!),
      );
      expect(mail, 'the invoice e-mail').toBeDefined();
      const pdf = mail!.attachments.find((file) => file.filename === `facture-${invoice.numero}.pdf`)!.content;

      // The XML inside, as a receiving platform reads it.
      const files = await pdfAttachments(pdf);
      expect(files.map((file) => [file.name, file.relationship])).toEqual([['factur-x.xml', '/Alternative']]);
      const xml = files[0]!.data.toString('utf8');
      await expectAcceptedByPlatforms(xml);
      expect(xml).toContain('urn:cen.eu:en16931:2017');
      expect(xmlValue(xml, 'CategoryCode')).toBe(category);
      expect(xml).toContain(invoicePdfTexts.vatNote);
      // The French parts a platform routes and checks by: services (S1), B2B, SIREN and SIRET of both, their addresses.
      expect(xml).toMatch(/<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>S1<\/ram:ID>/);
      expect(xml).toContain('<ram:IncludedNote><ram:Content>B2B</ram:Content><ram:SubjectCode>BAR</ram:SubjectCode></ram:IncludedNote>');
      for (const subject of ['PMT', 'PMD', 'AAB']) expect(xml).toContain(`<ram:SubjectCode>${subject}</ram:SubjectCode>`);
      expect(xml).toContain('<ram:GlobalID schemeID="0009">12345678900012</ram:GlobalID>');
      expect(xml).toContain('<ram:ID schemeID="0002">123456789</ram:ID>');
      expect(xml).toContain('<ram:URIID schemeID="0225">123456789</ram:URIID>');
      expect(xml).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
      expect(xml).toContain('<ram:URIID schemeID="0225">732829320</ram:URIID>');
      expect(xml).toContain(`<ram:SpecifiedTaxRegistration><ram:ID schemeID="${taxRegistration[0]}">${taxRegistration[1]}</ram:ID>`);

      // The PDF/A-3 identification and the Factur-X metadata a reader looks for.
      const xmp = await pdfXmp(pdf);
      expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(xmp).toMatch(/<fx:DocumentFileName>factur-x.xml<\/fx:DocumentFileName>/);
      expect(xmp).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
      expect(await pdfCatalogue(pdf)).toMatchObject({ associatedFiles: 1 });
      expect((await pdfCatalogue(pdf)).outputIntents).toBeGreaterThanOrEqual(1);

      // What the PDF shows is what the XML says.
      const text = flat((await readPdf(pdf)).text);
      const total = Number(xmlValue(xml, 'GrandTotalAmount')) * 100;
      const due = Number(xmlValue(xml, 'DuePayableAmount')) * 100;
      const line = Number(xmlValue(xml, 'LineTotalAmount')) * 100;
      expect(total).toBe(invoice.totalCentimes);
      expect(due).toBe(invoice.totalCentimes);
      expect(line).toBe(invoice.totalCentimes);
      expect(text).toContain(shown(total));
      expect(text).toContain(`Facture n° ${/<rsm:ExchangedDocument>\s*<ram:ID>([^<]+)</.exec(xml)![1]}`);
      const issueDate = /<ram:IssueDateTime>\s*<udt:DateTimeString format="102">(\d{4})(\d{2})(\d{2})</.exec(xml)!;
      expect(text).toContain(`${issueDate[3]}/${issueDate[2]}/${issueDate[1]}`);
    });

    it('prints every mention French law requires of a micro-entrepreneur selling services', async () => {
      const customer = await createCustomer(t, { name: 'Garage Durand' });
      await addProfile(t, customer, { type: 'entreprise', adresse: '8 avenue Jean Jaurès, 69007 Lyon' });
      const { invoice } = await issuedInvoice(t, admin, customer, { entreprise: true });
      const download = await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: admin });
      expect(download.statusCode).toBe(200);
      const text = flat((await readPdf(download.rawPayload)).text);
      const c = t.config;
      for (const mention of [
        c.seller.legalName, // the seller's name with « EI »
        c.seller.tradeName,
        c.seller.address,
        'SIRET : 123 456 789 00012',
        'Garage Durand',
        '8 avenue Jean Jaurès, 69007 Lyon',
        'SIRET : 732 829 320 00074', // the professional customer's
        'SIREN : 732829320', // derived from it (issue 28)
        invoicePdfTexts.operationNature,
        invoicePdfTexts.issueDate,
        invoicePdfTexts.serviceDate,
        invoicePdfTexts.dueDate,
        'Convoyage d’un véhicule (Berline)',
        invoicePdfTexts.quantity,
        invoicePdfTexts.unitPrice,
        invoicePdfTexts.vatNote,
        invoicePdfTexts.paymentTerms(30),
        'IBAN FR76 3000 6000 0112 3456 7890 189',
        invoicePdfTexts.latePenalty(c.invoicing.latePenaltyRate),
        invoicePdfTexts.recoveryIndemnity,
        invoicePdfTexts.noDiscount,
      ]) {
        expect(text, mention).toContain(flat(mention));
      }
      expect(c.seller.legalName).toMatch(/\bEI$/);
    });

    it('leaves the 40 € indemnity off an invoice to a private customer, and names the mediator when the seller has one', async () => {
      const customer = await createCustomer(t, { name: 'Marie Curie' });
      await addProfile(t, customer);
      const { invoice } = await issuedInvoice(t, admin, customer);
      const download = await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: customer.headers });
      const text = flat((await readPdf(download.rawPayload)).text);
      expect(text).toContain(invoicePdfTexts.latePenalty(t.config.invoicing.latePenaltyRate));
      expect(text).not.toContain(flat(invoicePdfTexts.recoveryIndemnity));

      // The consumer mediator, on the invoice and in the e-mail that delivers it, when the seller has one; never a placeholder.
      const mail = (await t.outbox()).find(
        (message) => addressOf(message) === customer.email && message.subject === invoiceMailTexts.issuedSubject(invoice.numero!),
      );
      const mediator = 'Médiateur de la consommation : CM2C, https://www.cm2c.net';
      if ('MEDIATEUR_NOM' in env) {
        expect(text).toContain(mediator);
        expect(flat(mail?.text ?? '')).toContain(mediator);
      } else {
        expect(text).not.toContain('Médiateur');
        expect(mail?.text ?? '').not.toContain('Médiateur');
      }
    });

    it('makes a credit note a valid Factur-X document of type 381 referring to its invoice', async () => {
      const customer = await createCustomer(t, { name: 'Paul Martin' });
      await addProfile(t, customer);
      const { invoice } = await issuedInvoice(t, admin, customer);
      const credit = await api.credit(t, admin, invoice.id, { motif: 'Mission annulée à la demande du client' });
      expect(credit.status).toBe(201);
      const download = await t.app.inject({ method: 'GET', url: credit.body.pdfUrl!, headers: customer.headers });
      expect(download.statusCode).toBe(200);
      const [file] = await pdfAttachments(download.rawPayload);
      const xml = file!.data.toString('utf8');
      await expectAcceptedByPlatforms(xml);
      expect(xmlValue(xml, 'TypeCode')).toBe('381');
      // The invoice it corrects, with its date (BR-FR-CO-05).
      const issued = invoice.dateEmission!.replace(/-/g, '');
      expect(xml).toContain(
        `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.numero}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${issued}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`,
      );
      // A private customer: B2C, his e-mail as electronic address, no SIREN.
      expect(xml).toContain('<ram:Content>B2C</ram:Content><ram:SubjectCode>BAR</ram:SubjectCode>');
      expect(xml).toContain(`<ram:URIID schemeID="EM">${customer.email}</ram:URIID>`);
      const text = flat((await readPdf(download.rawPayload)).text);
      expect(text).toContain(`Avoir n° ${credit.body.numero}`);
      expect(text).toContain(`Avoir relatif à la facture n° ${invoice.numero}`);
      expect(text).toContain(shown(Number(xmlValue(xml, 'GrandTotalAmount')) * 100));
    });
  });
});
