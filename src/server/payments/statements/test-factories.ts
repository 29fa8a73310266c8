/**
 * Statement files as banks write them, built for tests (parsers here, the upload route in
 * payments/): the camt.053 layouts of genkgo/camt's fixtures (v2 and v8), and the CSV layouts
 * of /work/research/wire-formats.md §2.2.
 */

export type CamtTransfer = {
  montant: string;
  sens?: 'CRDT' | 'DBIT';
  date?: string;
  nom?: string;
  motif?: string;
  reference?: string;
  statut?: 'BOOK' | 'PDNG';
  devise?: string;
  info?: string;
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A camt.053 statement of one account with these entries, in version 02 (`Dbtr/Nm`) or 08 (`Dbtr/Pty/Nm`, `Sts/Cd`, `DtTm`). */
export function camt053Xml(
  transfers: readonly CamtTransfer[],
  { version = '02' as '02' | '04' | '08', iban = 'FR7630006000011234567890189' } = {},
) {
  const v8 = version === '08';
  const entries = transfers
    .map((transfer) => {
      const sens = transfer.sens ?? 'CRDT';
      const role = sens === 'CRDT' ? 'Dbtr' : 'Cdtr';
      const date = transfer.date ?? '2026-11-26';
      const name = transfer.nom
        ? v8
          ? `<${role}><Pty><Nm>${escape(transfer.nom)}</Nm></Pty></${role}>`
          : `<${role}><Nm>${escape(transfer.nom)}</Nm></${role}>`
        : '';
      return `
      <Ntry>
        <Amt Ccy="${transfer.devise ?? 'EUR'}">${transfer.montant}</Amt>
        <CdtDbtInd>${sens}</CdtDbtInd>
        ${v8 ? `<Sts><Cd>${transfer.statut ?? 'BOOK'}</Cd></Sts>` : `<Sts>${transfer.statut ?? 'BOOK'}</Sts>`}
        <BookgDt>${v8 ? `<DtTm>${date}T13:15:00+01:00</DtTm>` : `<Dt>${date}</Dt>`}</BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        ${transfer.reference ? `<AcctSvcrRef>${escape(transfer.reference)}</AcctSvcrRef>` : ''}
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${sens === 'CRDT' ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties>${name}</RltdPties>
          ${transfer.motif ? `<RmtInf><Ustrd>${escape(transfer.motif)}</Ustrd></RmtInf>` : ''}
        </TxDtls></NtryDtls>
        ${transfer.info ? `<AddtlNtryInf>${escape(transfer.info)}</AddtlNtryInf>` : ''}
      </Ntry>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>CAMT053-20261127-001</MsgId><CreDtTm>2026-11-27T06:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${iban}-20261126</Id>
      <CreDtTm>2026-11-27T06:00:00+01:00</CreDtTm>
      <Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1200.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-26</Dt></Dt></Bal>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** Crédit Agricole's export: a preamble, `Date;Libellé;Débit Euros;Crédit Euros;`, multi-line labels, Windows-1252. */
export function creditAgricoleCsv(rows: readonly { date: string; libelle: string; debit?: string; credit?: string }[]): Buffer {
  const lines = [
    'Téléchargement du 27/11/2026;',
    '',
    'M. DUPONT JEAN;',
    'Compte de Dépôt carte n° 12345678901;',
    'Solde au 26/11/2026 1 650,00 €',
    '',
    'Liste des opérations du compte entre le 01/11/2026 et le 26/11/2026;',
    '',
    'Date;Libellé;Débit Euros;Crédit Euros;',
    ...rows.map((row) => `${row.date};"${row.libelle}";${row.debit ?? ''};${row.credit ?? ''};`),
  ];
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

export const creditAgricoleMapping = {
  separateur: ';',
  formatDate: 'JJ/MM/AAAA',
  colonneDate: 'Date',
  colonneLibelle: 'Libellé',
  colonneMontant: null,
  colonneDebit: 'Débit Euros',
  colonneCredit: 'Crédit Euros',
  colonneContrepartie: null,
  colonneReference: null,
} as const;

/** BoursoBank's export: `dateOp;dateVal;label;…;amount;…`, ISO dates, signed amounts with a thousands space, UTF-8. */
export function boursoCsv(rows: readonly { date: string; label: string; amount: string }[]): Buffer {
  const header = 'dateOp;dateVal;label;category;categoryParent;supplierFound;amount;comment;accountNum;accountLabel;accountbalance';
  const lines = rows.map(
    (row) =>
      `${row.date};${row.date};"${row.label}";"Virements reçus";"Virements";"";"${row.amount}";"";00012345678;"BoursoBank";"1 650,00"`,
  );
  return Buffer.from([header, ...lines].join('\n'), 'utf8');
}

export const boursoMapping = {
  separateur: ';',
  formatDate: 'AAAA-MM-JJ',
  colonneDate: 'dateOp',
  colonneLibelle: 'label',
  colonneMontant: 'amount',
  colonneDebit: null,
  colonneCredit: null,
  colonneContrepartie: null,
  colonneReference: null,
} as const;
