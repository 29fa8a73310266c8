import { formatCentimes, formatDay } from '#domain/format.ts';
import { sirenOfSiret } from '#domain/siret.ts';
import { documentTypeCode, splitFrenchAddress } from '#domain/invoices.ts';
import { readAcomptesDeduits } from '#domain/schemas/payments.ts';
import { facturXTexts as fx, invoicePdfTexts as t } from '#domain/texts/invoices.ts';
import type { IssuedDocument } from './invoice-pdf.ts';

/**
 * The `factur-x.xml` of an issued invoice or credit note: UN/CEFACT Cross Industry Invoice D22B,
 * profile EN 16931, written so that a French approved platform accepts it (the EN 16931 rules and
 * the French rules BR-FR of XP Z12-012; docs/decisions/ names each choice and its source):
 * - the billing frame BT-23 « S1 » (services), « S4 » for a final invoice deducting deposits
 *   (BR-FR-08, BR-FR-CO-08), the processing note BAR B2B or B2C;
 * - a deposit invoice is of type 386; a final invoice states its deposits as paid (BT-113, with
 *   BT-115 what is left, BR-CO-16) and references the first of them (BG-3, one in EN 16931's CII);
 * - the notes PMT (recovery indemnity), PMD (late penalties) and AAB (no discount) (BR-FR-05);
 * - the seller by SIREN (BT-30, scheme 0002, BR-FR-10) and SIRET (BT-29, 0009), his electronic
 *   address BT-34 his SIREN (scheme 0225, BR-FR-13); the business buyer likewise (BT-47, BT-46,
 *   BT-49 = his SIREN, BR-FR-11/12/21), a private buyer by his e-mail (scheme EM);
 * - VAT: the franchise (art. 293 B du CGI). With an intra-EU VAT number, category E with the
 *   French exemption code VATEX-FR-FRANCHISE (BR-E-02 with BT-31); without one, category Z at 0 %
 *   with the SIREN as the seller's tax registration (scheme FC, BR-Z-02), as DGFiP rule G1.47
 *   allows a seller in the franchise who has no VAT number; the legal sentence is a note;
 * - a credit note's invoice with its date (BT-25, BT-26, BR-FR-CO-05).
 */

export const CII_NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** EN 16931 profile of Factur-X (BT-24), `flowProfile` « CIUS » for the platforms. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
/** Billing frame (BT-23): services, neither paid already nor a final invoice after a deposit. */
export const BILLING_FRAME_SERVICES = 'S1';
/** Billing frame (BT-23): the final invoice of services after deposit invoices. */
export const BILLING_FRAME_AFTER_DEPOSIT = 'S4';

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 has no place for the other control characters.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

type Node = string | false | null | undefined | Node[];

/** `<name attr="…">children</name>`; a child list that renders empty leaves the element out. */
function el(name: string, children: Node, attributes: Record<string, string | undefined> = {}): string {
  const inner = render(children);
  if (inner === '') return '';
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  return `<${name}${attrs}>${inner}</${name}>`;
}

/** A text element: the value escaped; nothing when there is no value. */
const text = (name: string, value: string | null | undefined, attributes: Record<string, string | undefined> = {}) =>
  value === null || value === undefined || value === '' ? '' : el(name, escapeXml(value), attributes);

const render = (children: Node): string => (Array.isArray(children) ? children.map(render).join('') : children ? children : '');

const amount = (cents: number) => (cents / 100).toFixed(2);
const quantity = (hundredths: number) => (hundredths / 100).toFixed(2);
const date102 = (day: string) => day.replace(/-/g, '');
const dateTime = (type: 'udt' | 'qdt', day: string) => el(`${type}:DateTimeString`, date102(day), { format: '102' });

export type FacturXFacts = {
  /** BT-3: 380 invoice, 381 credit note, 386 deposit invoice. */
  typeCode: '380' | '381' | '386';
  isBusiness: boolean;
  sellerSiren: string;
  buyerSiren: string | null;
};

/** What decides the French parts of an invoice's data: its type, and whether its buyer is a business with a SIREN. */
export function facturXFacts(document: IssuedDocument): FacturXFacts {
  const { row } = document;
  const buyerSiren = row.clientType === 'entreprise' && row.clientSiret ? sirenOfSiret(row.clientSiret) : null;
  return {
    typeCode: documentTypeCode(row),
    isBusiness: buyerSiren !== null,
    sellerSiren: sirenOfSiret(row.vendeurSiret ?? '') ?? '',
    buyerSiren,
  };
}

function postalAddress(address: string) {
  const parts = splitFrenchAddress(address);
  return el('ram:PostalTradeAddress', [
    text('ram:PostcodeCode', parts.postcode),
    text('ram:LineOne', parts.line),
    text('ram:CityName', parts.city),
    text('ram:CountryID', 'FR'),
  ]);
}

/** The CII XML of an issued invoice or credit note (Factur-X EN 16931, D22B). */
export function buildFacturXml(document: IssuedDocument): string {
  const { row, lines, origin, contact } = document;
  if (!row.numero || !row.dateEmission) throw new Error(`document ${row.id} is not issued`);
  const facts = facturXFacts(document);
  const isCredit = row.type === 'avoir';
  const hasVatNumber = Boolean(row.vendeurTva);
  const category = hasVatNumber ? 'E' : 'Z';
  const total = amount(row.totalCentimes);
  const deposits = isCredit ? [] : readAcomptesDeduits(row.acomptesDeduits);
  const siret = (row.vendeurSiret ?? '').replace(/\s/g, '');

  const notes: { content: string; subject?: string }[] = [
    ...(isCredit && row.motif ? [{ content: `${t.reason} : ${row.motif}` }] : []),
    { content: facts.isBusiness ? 'B2B' : 'B2C', subject: 'BAR' },
    { content: t.vatNote },
    { content: facts.isBusiness ? t.recoveryIndemnity : fx.noRecoveryIndemnity, subject: 'PMT' },
    { content: t.latePenalty(row.tauxPenalites ?? ''), subject: 'PMD' },
    { content: t.noDiscount, subject: 'AAB' },
    ...(deposits.length > 0
      ? [
          {
            content: t.depositsNote(
              deposits
                .map((deposit) => `${deposit.numero} du ${formatDay(deposit.dateEmission)} (${formatCentimes(deposit.montantCentimes)})`)
                .join(', '),
            ),
          },
        ]
      : []),
  ];

  const lineItems = lines.map((line) =>
    el('ram:IncludedSupplyChainTradeLineItem', [
      el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(line.position))),
      el('ram:SpecifiedTradeProduct', [
        text('ram:Name', line.description.slice(0, 200)),
        line.description.length > 200 && text('ram:Description', line.description),
      ]),
      el(
        'ram:SpecifiedLineTradeAgreement',
        el('ram:NetPriceProductTradePrice', text('ram:ChargeAmount', amount(line.prixUnitaireCentimes))),
      ),
      el('ram:SpecifiedLineTradeDelivery', text('ram:BilledQuantity', quantity(line.quantiteCentiemes), { unitCode: 'C62' })),
      el('ram:SpecifiedLineTradeSettlement', [
        el('ram:ApplicableTradeTax', [
          text('ram:TypeCode', 'VAT'),
          text('ram:CategoryCode', category),
          text('ram:RateApplicablePercent', '0'),
        ]),
        el('ram:SpecifiedTradeSettlementLineMonetarySummation', text('ram:LineTotalAmount', amount(line.montantCentimes))),
      ]),
    ]),
  );

  const seller = el('ram:SellerTradeParty', [
    text('ram:GlobalID', siret, { schemeID: '0009' }),
    text('ram:Name', row.vendeurNom ?? ''),
    el('ram:SpecifiedLegalOrganization', [
      text('ram:ID', facts.sellerSiren, { schemeID: '0002' }),
      text('ram:TradingBusinessName', row.vendeurEnseigne),
    ]),
    el('ram:DefinedTradeContact', [
      el('ram:TelephoneUniversalCommunication', text('ram:CompleteNumber', contact.phone)),
      el('ram:EmailURIUniversalCommunication', text('ram:URIID', contact.email)),
    ]),
    postalAddress(row.vendeurAdresse ?? ''),
    el('ram:URIUniversalCommunication', text('ram:URIID', facts.sellerSiren, { schemeID: '0225' })),
    hasVatNumber
      ? el('ram:SpecifiedTaxRegistration', text('ram:ID', row.vendeurTva, { schemeID: 'VA' }))
      : el('ram:SpecifiedTaxRegistration', text('ram:ID', facts.sellerSiren, { schemeID: 'FC' })),
  ]);

  const buyerSiret = row.clientSiret?.replace(/\s/g, '') ?? null;
  const buyer = el('ram:BuyerTradeParty', [
    facts.isBusiness && text('ram:GlobalID', buyerSiret, { schemeID: '0009' }),
    text('ram:Name', row.clientNom),
    facts.isBusiness && el('ram:SpecifiedLegalOrganization', text('ram:ID', facts.buyerSiren, { schemeID: '0002' })),
    postalAddress(row.clientAdresse),
    facts.isBusiness
      ? el('ram:URIUniversalCommunication', text('ram:URIID', facts.buyerSiren, { schemeID: '0225' }))
      : el('ram:URIUniversalCommunication', text('ram:URIID', row.clientEmail, { schemeID: 'EM' })),
  ]);

  const paymentMeans =
    !isCredit && row.iban
      ? el('ram:SpecifiedTradeSettlementPaymentMeans', [
          text('ram:TypeCode', '58'),
          el('ram:PayeePartyCreditorFinancialAccount', text('ram:IBANID', row.iban)),
          el('ram:PayeeSpecifiedCreditorFinancialInstitution', text('ram:BICID', row.bic)),
        ])
      : '';

  const tax = el('ram:ApplicableTradeTax', [
    text('ram:CalculatedAmount', '0.00'),
    text('ram:TypeCode', 'VAT'),
    category === 'E' && text('ram:ExemptionReason', t.vatNote),
    text('ram:BasisAmount', total),
    text('ram:CategoryCode', category),
    category === 'E' && text('ram:ExemptionReasonCode', 'VATEX-FR-FRANCHISE'),
    text('ram:RateApplicablePercent', '0'),
  ]);

  const terms = el('ram:SpecifiedTradePaymentTerms', [
    text('ram:Description', isCredit ? t.creditNoteRefund : t.paymentTerms(row.delaiPaiementJours ?? 0)),
    !isCredit && row.dateEcheance && el('ram:DueDateDateTime', dateTime('udt', row.dateEcheance)),
  ]);

  const summation = el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
    text('ram:LineTotalAmount', total),
    text('ram:TaxBasisTotalAmount', total),
    text('ram:TaxTotalAmount', '0.00', { currencyID: 'EUR' }),
    text('ram:GrandTotalAmount', total),
    row.acomptesCentimes > 0 && text('ram:TotalPrepaidAmount', amount(row.acomptesCentimes)),
    text('ram:DuePayableAmount', amount(row.totalCentimes - row.acomptesCentimes)),
  ]);

  // BG-3: a credit note's invoice (BR-FR-CO-05), or a final invoice's (first) deposit invoice.
  const referenced = isCredit
    ? origin?.numero
      ? { numero: origin.numero, dateEmission: origin.dateEmission }
      : null
    : (deposits[0] ?? null);
  const reference = referenced
    ? el('ram:InvoiceReferencedDocument', [
        text('ram:IssuerAssignedID', referenced.numero),
        referenced.dateEmission && el('ram:FormattedIssueDateTime', dateTime('qdt', referenced.dateEmission)),
      ])
    : '';

  const body = [
    el('rsm:ExchangedDocumentContext', [
      el(
        'ram:BusinessProcessSpecifiedDocumentContextParameter',
        text('ram:ID', deposits.length > 0 ? BILLING_FRAME_AFTER_DEPOSIT : BILLING_FRAME_SERVICES),
      ),
      el('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', EN16931_GUIDELINE)),
    ]),
    el('rsm:ExchangedDocument', [
      text('ram:ID', row.numero),
      text('ram:TypeCode', facts.typeCode),
      el('ram:IssueDateTime', dateTime('udt', row.dateEmission)),
      notes.map((note) => el('ram:IncludedNote', [text('ram:Content', note.content), text('ram:SubjectCode', note.subject)])),
    ]),
    el('rsm:SupplyChainTradeTransaction', [
      lineItems,
      el('ram:ApplicableHeaderTradeAgreement', [text('ram:BuyerReference', t.quoteRef(row.numeroDevis)), seller, buyer]),
      el(
        'ram:ApplicableHeaderTradeDelivery',
        el('ram:ActualDeliverySupplyChainEvent', el('ram:OccurrenceDateTime', dateTime('udt', row.datePrestation))),
      ),
      el('ram:ApplicableHeaderTradeSettlement', [
        text('ram:PaymentReference', isCredit ? undefined : row.numero),
        text('ram:InvoiceCurrencyCode', 'EUR'),
        paymentMeans,
        tax,
        terms,
        summation,
        reference,
      ]),
    ]),
  ];
  const namespaces = Object.entries(CII_NAMESPACES)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice${namespaces}>${render(body)}</rsm:CrossIndustryInvoice>\n`;
}
