/**
 * A supplier's invoice as another business's software would send it through the platform: CII
 * (Factur-X's XML) with its supplier, lines and payment means, or the same in UBL. Only what
 * readSupplierInvoice reads; the platform's own checks are not the point of these tests.
 */
export type SupplierInvoiceFacts = {
  supplier: string;
  siren?: string;
  number: string;
  issueDate?: string;
  lines: string[];
  /** BT-81 (UNTDID 4461), one payment means each, in order; none: the invoice says nothing of it. */
  paymentMeansCodes?: string[];
  totalExclCents: number;
  vatCents: number;
};

const euros = (cents: number) => (cents / 100).toFixed(2);
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The facts, with what a test need not give. */
const withDefaults = ({ siren = '552120222', issueDate = '2026-11-20', paymentMeansCodes = [], ...facts }: SupplierInvoiceFacts) => ({
  ...facts,
  siren,
  issueDate,
  paymentMeansCodes,
});

export function supplierCii(facts: SupplierInvoiceFacts): string {
  const { supplier, siren, number, issueDate, lines, paymentMeansCodes, totalExclCents, vatCents } = withDefaults(facts);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument>
    <ram:ID>${escaped(number)}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${issueDate.replace(/-/g, '')}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
${lines
  .map(
    (line, index) => `    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${escaped(line)}</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>`,
  )
  .join('\n')}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>${escaped(supplier)}</ram:Name>
        <ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${siren}</ram:ID></ram:SpecifiedLegalOrganization>
        <ram:URIUniversalCommunication><ram:URIID schemeID="0225">${siren}</ram:URIID></ram:URIUniversalCommunication>
      </ram:SellerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
${paymentMeansCodes
  .map(
    (code) =>
      `      <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${escaped(code)}</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>`,
  )
  .join('\n')}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>${euros(totalExclCents)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">${euros(vatCents)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${euros(totalExclCents + vatCents)}</ram:GrandTotalAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

export function supplierUbl(facts: SupplierInvoiceFacts): string {
  const { supplier, siren, number, issueDate, lines, paymentMeansCodes, totalExclCents, vatCents } = withDefaults(facts);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:ID>${escaped(number)}</cbc:ID>
  <cbc:IssueDate>${issueDate}</cbc:IssueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    <cbc:EndpointID schemeID="0225">${siren}</cbc:EndpointID>
    <cac:PartyLegalEntity><cbc:RegistrationName>${escaped(supplier)}</cbc:RegistrationName><cbc:CompanyID>${siren}</cbc:CompanyID></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
${paymentMeansCodes.map((code) => `  <cac:PaymentMeans><cbc:PaymentMeansCode>${escaped(code)}</cbc:PaymentMeansCode></cac:PaymentMeans>`).join('\n')}
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">${euros(vatCents)}</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:TaxExclusiveAmount currencyID="EUR">${euros(totalExclCents)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${euros(totalExclCents + vatCents)}</cbc:TaxInclusiveAmount>
  </cac:LegalMonetaryTotal>
${lines
  .map(
    (line, index) =>
      `  <cac:InvoiceLine><cbc:ID>${index + 1}</cbc:ID><cac:Item><cbc:Name>${escaped(line)}</cbc:Name></cac:Item></cac:InvoiceLine>`,
  )
  .join('\n')}
</Invoice>`;
}
