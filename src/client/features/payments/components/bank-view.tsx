import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { draftOf, guessCsvMapping, readCsvLayout, type CsvLayout, type CsvMappingDraft } from '#domain/bank-csv.ts';
import { CATEGORIES_DEPENSE, categoryOfDebit, type CategorieDepense } from '#domain/expenses.ts';
import { formatCentimes, formatDay } from '#domain/format.ts';
import { SPLIT_INVOICES_MAX } from '#domain/payments.ts';
import { paths } from '#domain/paths.ts';
import type { Depense } from '#domain/schemas/expenses.ts';
import type { BankOverview, Operation } from '#domain/schemas/payments.ts';
import { CATEGORIE_LABELS } from '#domain/texts/expenses.ts';
import { bankPageTexts as t, statementErrors } from '#domain/texts/payments.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Disclosure } from '#client/ui/disclosure.tsx';
import { ChoiceOptions, FieldFrame, Options, SelectField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import ui from '#client/ui/ui.module.css';
import { useBank, useBankActions, useDebitProposals } from '../api/use-payments.ts';
import { CsvMappingForm } from './csv-mapping-form.tsx';

/**
 * /admin/banque: a statement imported (CAMT.053 or CSV), the credits the import could not
 * record by itself — a proposal to confirm, or an invoice to pick — and the debits waiting to
 * become mission costs.
 */
/** A mission a debit may be an expense of (the page gives the planning's). */
export type MissionChoice = { id: string; label: string };

const BLANK_MAPPING: CsvMappingDraft = {
  separateur: ';',
  formatDate: 'JJ/MM/AAAA',
  colonneDate: '',
  colonneLibelle: '',
  colonneMontant: '',
  colonneDebit: '',
  colonneCredit: '',
  colonneContrepartie: '',
  colonneReference: '',
};

/** The layout of a chosen CSV statement (its start, in UTF-8 or else Windows-1252 as French banks write them); null for anything else. */
async function csvLayoutOf(file: File): Promise<CsvLayout | null> {
  const start = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: true });
  } catch {
    text = new TextDecoder('windows-1252').decode(start);
  }
  return text.trimStart().startsWith('<') ? null : readCsvLayout(text);
}

export function BankView({ missions = [] }: { missions?: readonly MissionChoice[] }) {
  const bank = useBank();
  const actions = useBankActions();
  const [file, setFile] = useState<File | null>(null);
  const [layout, setLayout] = useState<CsvLayout | null>(null);
  const [mappingOpen, setMappingOpen] = useState(false);
  const [mappingSaved, setMappingSaved] = useState(false);
  const saved = bank.data?.correspondance ?? null;

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setMappingSaved(false);
    actions.importStatement.reset();
    const read = chosen ? await csvLayoutOf(chosen) : null;
    setLayout(read);
    if (read && !saved) setMappingOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setMappingSaved(false);
    actions.importStatement.mutate(file, {
      onError: (error) => {
        if (messageOf(error) === statementErrors.csvNoMapping) setMappingOpen(true);
      },
    });
  };
  const draft = saved ? draftOf(saved) : layout ? guessCsvMapping(layout) : BLANK_MAPPING;
  const summary = actions.importStatement.data;
  const failure = [actions.importStatement, actions.match, actions.ignore, actions.toExpense, actions.linkToExpense].find(
    (mutation) => mutation.isError,
  )?.error;

  return (
    <>
      <QueryStatus query={bank} loading={t.loading} />
      <section aria-labelledby="releve">
        <h2 id="releve">{t.importTitle}</h2>
        <p>{t.importHint}</p>
        <form onSubmit={submit}>
          <FieldFrame label={t.file}>
            {({ id, describedBy }) => (
              <input
                id={id}
                aria-describedby={describedBy}
                type="file"
                accept=".xml,.csv,text/xml,application/xml,text/csv"
                onChange={(event) => void choose(event.target.files?.[0] ?? null)}
              />
            )}
          </FieldFrame>
          <Button type="submit" isBusy={actions.importStatement.isPending} disabled={!file}>
            {t.import}
          </Button>
        </form>
        {summary && !actions.importStatement.isPending ? (
          <Message kind="success">{t.imported(summary.nouvelles, summary.rapprochees, summary.proposees, summary.debits)}</Message>
        ) : null}
        {failure ? <Message kind="error">{messageOf(failure)}</Message> : null}
        {mappingSaved ? <Message kind="success">{t.mappingSaved}</Message> : null}
        {bank.data ? (
          <Disclosure summary={t.mappingTitle} open={mappingOpen} onToggle={setMappingOpen}>
            <p>{layout && !saved ? t.mappingNeeded : t.mappingIntro}</p>
            <CsvMappingForm
              key={`${saved ? 'saved' : 'guessed'}:${layout?.colonnes.join('|') ?? ''}`}
              draft={draft}
              layout={layout}
              importsFile={!!file && !!layout}
              onSaved={() => {
                setMappingOpen(false);
                setMappingSaved(true);
                if (file && layout) actions.importStatement.mutate(file);
              }}
            />
          </Disclosure>
        ) : null}
      </section>
      {bank.data ? <Operations data={bank.data} actions={actions} missions={missions} /> : null}
    </>
  );
}

type Actions = ReturnType<typeof useBankActions>;

/**
 * A list of operations under its title (`id` names the section for screen readers); `empty`: what
 * is said when there are none; `notice`: what the last action there did.
 */
function OperationSection({
  id,
  title,
  empty,
  notice,
  children,
}: {
  id: string;
  title: string;
  empty?: string | false;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {notice}
      {empty ? <p>{empty}</p> : null}
      <ul>{children}</ul>
    </section>
  );
}

function Operations({ data, actions, missions }: { data: BankOverview; actions: Actions; missions: readonly MissionChoice[] }) {
  const proposals = useDebitProposals();
  return (
    <>
      <OperationSection
        id="a-traiter"
        title={t.toHandleTitle}
        empty={data.aTraiter.length === 0 && t.nothingToHandle}
        notice={actions.match.isSuccess ? <Message kind="success">{t.matched(actions.match.variables.factureIds.length)}</Message> : null}
      >
        {data.aTraiter.map((operation) => (
          <CreditToHandle key={operation.id} operation={operation} data={data} actions={actions} />
        ))}
      </OperationSection>
      <OperationSection
        id="debits"
        title={t.debitsTitle}
        empty={data.debits.length === 0 && t.noDebits}
        notice={
          actions.matchRefund.isSuccess ? <Message kind="success">{t.refundMatched(actions.matchRefund.variables.numero)}</Message> : null
        }
      >
        {data.debits.map((operation) => (
          <Debit
            key={operation.id}
            operation={operation}
            actions={actions}
            missions={missions}
            proposal={proposals.data?.get(operation.id)}
            refund={data.remboursements.find((refund) => refund.montantCentimes === operation.montantCentimes)}
          />
        ))}
      </OperationSection>
      {data.rapprochees.length > 0 ? (
        <OperationSection id="rapprochees" title={t.recentTitle}>
          {data.rapprochees.map((operation) => (
            <li key={operation.id}>
              {formatDay(operation.date)} – {operation.contrepartie ?? operation.libelle} –{' '}
              {operation.montantCentimes < 0
                ? t.refunded(formatCentimes(-operation.montantCentimes))
                : formatCentimes(operation.montantCentimes)}
              {operation.factures.map((facture, index) => (
                <span key={facture.id}>
                  {index === 0 ? ' – ' : ', '}
                  <Link to={paths.adminFacture(facture.id)}>{facture.numero}</Link>
                </span>
              ))}
            </li>
          ))}
        </OperationSection>
      ) : null}
    </>
  );
}

/**
 * A credit to record: the invoice it pays (proposed, or picked), or the invoices one transfer
 * pays together (« Ajouter une facture réglée par ce virement »); the server splits it, the
 * invoice due first in full.
 */
function CreditToHandle({
  operation,
  data,
  actions,
}: {
  operation: Operation;
  data: BankOverview;
  actions: ReturnType<typeof useBankActions>;
}) {
  const [factureIds, setFactureIds] = useState([operation.factureId ?? '']);
  const chosen = data.factures.filter((invoice) => factureIds.includes(invoice.id));
  const setAt = (index: number, value: string) => setFactureIds((ids) => ids.map((current, at) => (at === index ? value : current)));
  const complete = factureIds.every(Boolean);
  return (
    <li>
      <p>
        {formatDay(operation.date)} – {operation.contrepartie ?? ''} – {operation.libelle} –{' '}
        <strong>{formatCentimes(operation.montantCentimes)}</strong>
        {operation.statut === 'proposée' ? ` (${t.proposed})` : null}
      </p>
      {factureIds.map((factureId, index) => (
        <div key={index}>
          <SelectField
            label={index === 0 ? t.invoice : t.otherInvoice(index + 1)}
            value={factureId}
            onChange={(event) => setAt(index, event.target.value)}
          >
            <ChoiceOptions
              choices={data.factures
                .filter((invoice) => invoice.id === factureId || !factureIds.includes(invoice.id))
                .map((invoice) => ({
                  id: invoice.id,
                  label: t.invoiceOption(invoice.numero, invoice.clientNom, formatCentimes(invoice.resteCentimes)),
                }))}
              empty={t.chooseInvoice}
            />
          </SelectField>
          {index > 0 ? (
            <>
              {' '}
              <Button
                variant="secondary"
                aria-label={t.removeInvoice(index + 1)}
                onClick={() => setFactureIds((ids) => ids.filter((_, at) => at !== index))}
              >
                {t.remove}
              </Button>
            </>
          ) : null}
        </div>
      ))}
      {factureIds.length > 1 ? (
        <p>
          {t.chosenTotal(
            formatCentimes(chosen.reduce((total, invoice) => total + invoice.resteCentimes, 0)),
            formatCentimes(operation.montantCentimes),
          )}
        </p>
      ) : null}
      <p>
        <Button
          disabled={!complete}
          isBusy={actions.match.isPending}
          onClick={() => actions.match.mutate({ id: operation.id, factureIds })}
        >
          {t.confirm}
        </Button>{' '}
        {complete && factureIds.length < SPLIT_INVOICES_MAX && chosen.length < data.factures.length ? (
          <>
            <Button variant="secondary" onClick={() => setFactureIds((ids) => [...ids, ''])}>
              {t.addInvoice}
            </Button>{' '}
          </>
        ) : null}
        <Button variant="secondary" isBusy={actions.ignore.isPending} onClick={() => actions.ignore.mutate(operation.id)}>
          {t.ignore}
        </Button>
      </p>
    </li>
  );
}

/**
 * A debit of a statement: « Enregistrer en dépense » in one tap, its category guessed from the
 * label (changeable), a mission if it was one's; once recorded, it says so.
 */
function Debit({
  operation,
  actions,
  missions,
  proposal,
  refund,
}: {
  operation: Operation;
  actions: Actions;
  missions: readonly MissionChoice[];
  /** The expense recorded already that this debit likely pays: linked rather than recorded twice. */
  proposal?: Depense;
  /** A refund by transfer of the same amount recorded on an invoice: this debit likely pays it back. */
  refund?: BankOverview['remboursements'][number];
}) {
  const [categorie, setCategorie] = useState<CategorieDepense>(() =>
    categoryOfDebit(`${operation.contrepartie ?? ''} ${operation.libelle}`),
  );
  const [devisId, setDevisId] = useState('');
  const busy = actions.toExpense.isPending && actions.toExpense.variables.id === operation.id;
  const linking = actions.linkToExpense.isPending && actions.linkToExpense.variables.id === operation.id;
  const ignoring = actions.ignore.isPending && actions.ignore.variables === operation.id;
  const matchingRefund = actions.matchRefund.isPending && actions.matchRefund.variables.id === operation.id;
  return (
    <li data-testid="debit">
      <p>
        {formatDay(operation.date)} – {operation.contrepartie ? `${operation.contrepartie} – ` : ''}
        {operation.libelle} – <strong>{formatCentimes(-operation.montantCentimes)}</strong>
      </p>
      {operation.depenseId ? (
        <p>
          {t.isExpense} – <Link to={paths.adminDepenses}>{t.seeExpenses}</Link>
        </p>
      ) : (
        <>
          {refund ? (
            <p>
              {t.refundProposal(refund.numero, refund.clientNom, formatDay(refund.date), refund.retractation)}{' '}
              <Button
                isBusy={matchingRefund}
                onClick={() => actions.matchRefund.mutate({ id: operation.id, factureId: refund.factureId, numero: refund.numero })}
              >
                {t.matchRefund}
              </Button>
            </p>
          ) : null}
          {actions.matchRefund.isError && actions.matchRefund.variables.id === operation.id ? (
            <Message kind="error">{messageOf(actions.matchRefund.error)}</Message>
          ) : null}
          {proposal ? (
            <p>
              {t.alreadyRecorded(
                formatDay(proposal.date),
                CATEGORIE_LABELS[proposal.categorie],
                formatCentimes(proposal.montantCentimes),
                proposal.note,
              )}{' '}
              <Button isBusy={linking} onClick={() => actions.linkToExpense.mutate({ id: operation.id, depenseId: proposal.id })}>
                {t.linkToExpense}
              </Button>
            </p>
          ) : null}
          <SelectField label={t.debitCategory} value={categorie} onChange={(event) => setCategorie(event.target.value as CategorieDepense)}>
            <Options values={CATEGORIES_DEPENSE} label={(value) => CATEGORIE_LABELS[value]} />
          </SelectField>
          <SelectField label={t.debitMission} value={devisId} onChange={(event) => setDevisId(event.target.value)}>
            <ChoiceOptions choices={missions} empty={t.noMission} />
          </SelectField>
          <p className={ui.buttonRow}>
            <Button
              variant={proposal || refund ? 'secondary' : 'primary'}
              isBusy={busy}
              onClick={() => actions.toExpense.mutate({ id: operation.id, categorie, devisId: devisId || null })}
            >
              {t.toExpense}
            </Button>
            {/* No expense: a deposit given back after a withdrawal, the owner's own transfer. */}
            <Button variant="secondary" isBusy={ignoring} aria-label={t.ignoreDebit} onClick={() => actions.ignore.mutate(operation.id)}>
              {t.ignore}
            </Button>
          </p>
        </>
      )}
    </li>
  );
}
