import { useState, type FormEvent } from 'react';
import { formatCentimes, formatDay } from '#domain/format.ts';
import type { BankOverview, Operation } from '#domain/schemas/payments.ts';
import { bankPageTexts as t } from '#domain/texts/payments.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { useBank, useBankActions } from '../api/use-payments.ts';

/**
 * /admin/banque: a statement imported (CAMT.053 or CSV), the credits the import could not
 * record by itself — a proposal to confirm, or an invoice to pick — and the debits waiting to
 * become mission costs.
 */
export function BankView() {
  const bank = useBank();
  const actions = useBankActions();
  const [file, setFile] = useState<File | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) actions.importStatement.mutate(file);
  };
  const summary = actions.importStatement.data;
  const failure = [actions.importStatement, actions.match, actions.ignore].find((mutation) => mutation.isError)?.error;

  return (
    <>
      {bank.isPending ? <p role="status">{t.loading}</p> : null}
      {bank.isError ? <Message kind="error">{messageOf(bank.error)}</Message> : null}
      <section aria-labelledby="releve">
        <h2 id="releve">{t.importTitle}</h2>
        <p>{t.importHint}</p>
        <form onSubmit={submit}>
          <label>
            {t.file}{' '}
            <input
              type="file"
              accept=".xml,.csv,text/xml,application/xml,text/csv"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>{' '}
          <Button type="submit" isBusy={actions.importStatement.isPending} disabled={!file}>
            {t.import}
          </Button>
        </form>
        {summary && !actions.importStatement.isPending ? (
          <Message kind="success">{t.imported(summary.nouvelles, summary.rapprochees, summary.proposees)}</Message>
        ) : null}
        {failure ? <Message kind="error">{messageOf(failure)}</Message> : null}
      </section>
      {bank.data ? <Operations data={bank.data} actions={actions} /> : null}
    </>
  );
}

function Operations({ data, actions }: { data: BankOverview; actions: ReturnType<typeof useBankActions> }) {
  return (
    <>
      <section aria-labelledby="a-traiter">
        <h2 id="a-traiter">{t.toHandleTitle}</h2>
        {data.aTraiter.length === 0 ? <p>{t.nothingToHandle}</p> : null}
        <ul>
          {data.aTraiter.map((operation) => (
            <CreditToHandle key={operation.id} operation={operation} data={data} actions={actions} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="debits">
        <h2 id="debits">{t.debitsTitle}</h2>
        {data.debits.length === 0 ? <p>{t.noDebits}</p> : null}
        <ul>
          {data.debits.map((operation) => (
            <li key={operation.id}>
              {formatDay(operation.date)} – {operation.libelle} – {formatCentimes(operation.montantCentimes)}
            </li>
          ))}
        </ul>
      </section>
      {data.rapprochees.length > 0 ? (
        <section aria-labelledby="rapprochees">
          <h2 id="rapprochees">{t.recentTitle}</h2>
          <ul>
            {data.rapprochees.map((operation) => (
              <li key={operation.id}>
                {formatDay(operation.date)} – {operation.contrepartie ?? operation.libelle} – {formatCentimes(operation.montantCentimes)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function CreditToHandle({
  operation,
  data,
  actions,
}: {
  operation: Operation;
  data: BankOverview;
  actions: ReturnType<typeof useBankActions>;
}) {
  const [factureId, setFactureId] = useState(operation.factureId ?? '');
  const selectId = `facture-${operation.id}`;
  return (
    <li>
      <p>
        {formatDay(operation.date)} – {operation.contrepartie ?? ''} – {operation.libelle} –{' '}
        <strong>{formatCentimes(operation.montantCentimes)}</strong>
        {operation.statut === 'proposée' ? ` (${t.proposed})` : null}
      </p>
      <label htmlFor={selectId}>{t.invoice}</label>{' '}
      <select id={selectId} value={factureId} onChange={(event) => setFactureId(event.target.value)}>
        <option value="">{t.chooseInvoice}</option>
        {data.factures.map((invoice) => (
          <option key={invoice.id} value={invoice.id}>
            {t.invoiceOption(invoice.numero, invoice.clientNom, formatCentimes(invoice.resteCentimes))}
          </option>
        ))}
      </select>{' '}
      <Button disabled={!factureId} isBusy={actions.match.isPending} onClick={() => actions.match.mutate({ id: operation.id, factureId })}>
        {t.confirm}
      </Button>{' '}
      <Button variant="secondary" isBusy={actions.ignore.isPending} onClick={() => actions.ignore.mutate(operation.id)}>
        {t.ignore}
      </Button>
    </li>
  );
}
