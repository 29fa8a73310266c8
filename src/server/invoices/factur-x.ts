import { FormatFactoryService, type Invoice } from '@e-invoice-eu/core';
import { formatCentimes, formatDay } from '#domain/format.ts';
import { splitFrenchAddress } from '#domain/invoices.ts';
import { readAcomptesDeduits } from '#domain/schemas/payments.ts';
import { invoicePdfTexts as t } from '#domain/texts/invoices.ts';
import { renderInvoicePdf, type IssuedDocument } from './invoice-pdf.ts';

/**
 * Factur-X, profile EN 16931: the PDF/A-3 of renderInvoicePdf with its data as CII XML
 * attached as `factur-x.xml` (AFRelationship Alternative, Factur-X XMP extension), made by
 * @e-invoice-eu/core (docs/decisions/ says why this library). We give it the invoice in its
 * internal format, which follows the EN 16931 semantic model through the UBL names; it writes
 * the CII, the PDF/A metadata and the attachment.
 *
 * VAT: a micro-entrepreneur under the franchise (art. 293 B du CGI) charges none. With an
 * intra-EU VAT number (`BUSINESS_VAT_ID`) the lines are « exempt » (category E) with the
 * French exemption code VATEX-FR-FRANCHISE, which EN 16931 accepts only with that number
 * (BR-E-02); without one they are « not subject to VAT » (category O), which forbids any VAT
 * number (BR-O-02). Both carry the legal sentence as the exemption reason.
 */

const amount = (cents: number) => (cents / 100).toFixed(2);
const quantity = (hundredths: number) => (hundredths / 100).toFixed(2);

/** The EN 16931 data of an issued invoice or credit note, in @e-invoice-eu/core's internal format. */
export function toEn16931(document: IssuedDocument): Invoice {
  const { row, lines, origin, contact } = document;
  if (!row.numero || !row.dateEmission) throw new Error(`document ${row.id} is not issued`);
  const category = row.vendeurTva ? 'E' : 'O';
  const sellerAddress = splitFrenchAddress(row.vendeurAdresse ?? '');
  const buyerAddress = splitFrenchAddress(row.clientAdresse);
  const postal = (address: ReturnType<typeof splitFrenchAddress>) => ({
    'cbc:StreetName': address.line,
    ...(address.city ? { 'cbc:CityName': address.city } : {}),
    ...(address.postcode ? { 'cbc:PostalZone': address.postcode } : {}),
    'cac:Country': { 'cbc:IdentificationCode': 'FR' as const },
  });
  const taxCategory = category === 'E' ? { 'cbc:ID': 'E' as const, 'cbc:Percent': '0' } : { 'cbc:ID': 'O' as const };
  const exemption =
    category === 'E'
      ? { 'cbc:TaxExemptionReasonCode': 'VATEX-FR-FRANCHISE', 'cbc:TaxExemptionReason': t.vatNote }
      : { 'cbc:TaxExemptionReason': t.vatNote };
  const total = amount(row.totalCentimes);
  const deposits = readAcomptesDeduits(row.acomptesDeduits);
  const notes = [t.vatNote, t.latePenalty(row.tauxPenalites ?? ''), t.noDiscount];
  if (deposits.length > 0) {
    notes.push(
      t.depositsNote(
        deposits
          .map((deposit) => `${deposit.numero} du ${formatDay(deposit.dateEmission)} (${formatCentimes(deposit.montantCentimes)})`)
          .join(', '),
      ),
    );
  }
  if (row.clientType === 'entreprise') notes.push(t.recoveryIndemnity);
  if (row.type === 'avoir' && row.motif) notes.unshift(`${t.reason} : ${row.motif}`);
  const paymentNote = row.type === 'facture' ? t.paymentTerms(row.delaiPaiementJours ?? 0) : t.creditNoteRefund;

  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': row.numero,
      'cbc:IssueDate': row.dateEmission,
      ...(row.type === 'facture' && row.dateEcheance ? { 'cbc:DueDate': row.dateEcheance } : {}),
      // 386: a prepayment (deposit) invoice; 380 an ordinary one; 381 a credit note (UNTDID 1001).
      'cbc:InvoiceTypeCode': row.type === 'avoir' ? '381' : row.nature === 'acompte' ? '386' : '380',
      'cbc:Note': notes,
      'cbc:DocumentCurrencyCode': 'EUR',
      'cbc:BuyerReference': t.quoteRef(row.numeroDevis),
      ...(row.type === 'avoir' && origin?.numero
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': origin.numero,
                  ...(origin.dateEmission ? { 'cbc:IssueDate': origin.dateEmission } : {}),
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': contact.email,
          'cbc:EndpointID@schemeID': 'EM',
          ...(row.vendeurEnseigne ? { 'cac:PartyName': { 'cbc:Name': row.vendeurEnseigne } } : {}),
          'cac:PostalAddress': postal(sellerAddress),
          ...(row.vendeurTva ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': row.vendeurTva, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] } : {}),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': row.vendeurNom ?? '',
            'cbc:CompanyID': row.vendeurSiret ?? '',
            'cbc:CompanyID@schemeID': '0009',
          },
          'cac:Contact': { 'cbc:Telephone': contact.phone, 'cbc:ElectronicMail': contact.email },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(row.clientEmail ? { 'cbc:EndpointID': row.clientEmail, 'cbc:EndpointID@schemeID': 'EM' } : {}),
          'cac:PostalAddress': postal(buyerAddress),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': row.clientNom,
            ...(row.clientSiret ? { 'cbc:CompanyID': row.clientSiret, 'cbc:CompanyID@schemeID': '0009' } : {}),
          },
        },
      },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': row.datePrestation },
      ...(row.type === 'facture' && row.iban
        ? {
            'cac:PaymentMeans': [
              {
                'cbc:PaymentMeansCode': '58',
                'cac:PayeeFinancialAccount': {
                  'cbc:ID': row.iban,
                  ...(row.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': row.bic } } : {}),
                },
              },
            ],
          }
        : {}),
      'cac:PaymentTerms': { 'cbc:Note': paymentNote },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': '0.00',
          'cbc:TaxAmount@currencyID': 'EUR',
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': total,
              'cbc:TaxableAmount@currencyID': 'EUR',
              'cbc:TaxAmount': '0.00',
              'cbc:TaxAmount@currencyID': 'EUR',
              'cac:TaxCategory': { ...taxCategory, ...exemption, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': total,
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cbc:TaxExclusiveAmount': total,
        'cbc:TaxExclusiveAmount@currencyID': 'EUR',
        'cbc:TaxInclusiveAmount': total,
        'cbc:TaxInclusiveAmount@currencyID': 'EUR',
        // BT-113, the deposits already invoiced; BR-CO-16: payable = total with VAT − prepaid.
        ...(row.acomptesCentimes > 0 ? { 'cbc:PrepaidAmount': amount(row.acomptesCentimes), 'cbc:PrepaidAmount@currencyID': 'EUR' } : {}),
        'cbc:PayableAmount': amount(row.totalCentimes - row.acomptesCentimes),
        'cbc:PayableAmount@currencyID': 'EUR',
      },
      'cac:InvoiceLine': lines.map((line) => ({
        'cbc:ID': String(line.position),
        'cbc:InvoicedQuantity': quantity(line.quantiteCentiemes),
        'cbc:InvoicedQuantity@unitCode': 'C62',
        'cbc:LineExtensionAmount': amount(line.montantCentimes),
        'cbc:LineExtensionAmount@currencyID': 'EUR',
        'cac:Item': {
          'cbc:Name': line.description.slice(0, 200),
          ...(line.description.length > 200 ? { 'cbc:Description': line.description } : {}),
          'cac:ClassifiedTaxCategory': { ...taxCategory, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
        },
        'cac:Price': { 'cbc:PriceAmount': amount(line.prixUnitaireCentimes), 'cbc:PriceAmount@currencyID': 'EUR' },
      })),
    },
  };
  return invoice as unknown as Invoice;
}

const silentLogger = { log() {}, warn() {}, error() {} };
const FORMAT = 'Factur-X-EN16931';

/**
 * @e-invoice-eu/core 2.3 writes no CII `InvoiceReferencedDocument` (BT-25, the invoice a credit
 * note corrects) from the `cac:BillingReference` its own schema requires: its CII mapping reads
 * the ID one level higher, and writes the invoice's date in an element the CII schema refuses
 * (udt: instead of qdt:DateTimeString, caught by the XSD test). So the formatter is called
 * directly (its data schema check is InvoiceService's; our tests check the XML itself against
 * the official XSD and EN 16931 rules instead) with the reference's number where the mapping
 * reads it, and without its date (BT-26 is optional; the PDF prints it).
 */
function forCiiMapping(invoice: Invoice): Invoice {
  const data = invoice as unknown as { 'ubl:Invoice': Record<string, unknown> };
  const references = data['ubl:Invoice']['cac:BillingReference'] as
    { 'cac:InvoiceDocumentReference': { 'cbc:ID': string; 'cbc:IssueDate'?: string } }[] | undefined;
  if (!references) return invoice;
  const flat = references.map(({ 'cac:InvoiceDocumentReference': reference }) => ({ 'cbc:ID': reference['cbc:ID'] }));
  return { 'ubl:Invoice': { ...data['ubl:Invoice'], 'cac:BillingReference': flat } } as unknown as Invoice;
}

/** The Factur-X PDF of an issued invoice or credit note: what is stored, downloaded and e-mailed. */
export async function renderFacturX(document: IssuedDocument): Promise<Buffer> {
  const pdf = await renderInvoicePdf(document);
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService(FORMAT, silentLogger);
  const data = toEn16931(document);
  formatter.fillInvoiceDefaults(data);
  const result = await formatter.generate(forCiiMapping(data), {
    format: factory.normalizeFormat(FORMAT),
    lang: 'fr-fr',
    pdf: { buffer: new Uint8Array(pdf), filename: `${document.row.numero}.pdf`, mimetype: 'application/pdf' },
  });
  if (typeof result === 'string') throw new Error('Factur-X generation returned XML instead of a PDF');
  return Buffer.from(result);
}

/** The file name a customer sees: `facture-F-2026-0001.pdf`. */
export const invoiceFilename = (document: { type: 'facture' | 'avoir'; numero: string | null }) =>
  `${document.type}-${document.numero ?? 'brouillon'}.pdf`;
