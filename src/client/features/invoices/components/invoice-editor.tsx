import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCentimes, formatCentimesDecimal } from '#domain/format.ts';
import { lineAmountCents, parseEurosToCents, parseQuantity, quantityToHundredths } from '#domain/invoices.ts';
import { paths } from '#domain/paths.ts';
import type { DraftUpdate, Facture } from '#domain/schemas/invoices.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { TextAreaField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useDeleteDraft, useIssueInvoice, useUpdateDraft } from '../api/use-invoice-mutations.ts';
import styles from './invoices.module.css';

type LineForm = { description: string; quantite: string; prix: string };

const decimal = (value: number) => String(value).replace('.', ',');
const toForm = (facture: Facture): LineForm[] =>
  facture.lignes.map((line) => ({
    description: line.description,
    quantite: decimal(line.quantite),
    prix: formatCentimesDecimal(line.prixUnitaireCentimes),
  }));

/** What the form holds, as the API takes it; null with the errors when something does not read. */
function toBody(lines: LineForm[], datePrestation: string, client: { nom: string; adresse: string; siret: string }) {
  const errors: Record<string, string> = {};
  const lignes = lines.map((line, index) => {
    const quantite = parseQuantity(line.quantite);
    const prix = parseEurosToCents(line.prix);
    if (!line.description.trim()) errors[`description-${index}`] = t.requiredField;
    if (quantite === null) errors[`quantite-${index}`] = t.invalidQuantity;
    if (prix === null || prix < 0) errors[`prix-${index}`] = t.invalidAmount;
    return { description: line.description.trim(), quantite: quantite ?? 0, prixUnitaireCentimes: prix ?? 0 };
  });
  if (!client.nom.trim()) errors.nom = t.requiredField;
  if (!client.adresse.trim()) errors.adresse = t.requiredField;
  const body: DraftUpdate = {
    lignes,
    datePrestation,
    client: { nom: client.nom.trim(), adresse: client.adresse.trim(), siret: client.siret.replace(/\s/g, '') || null },
  };
  return { body, errors };
}

/**
 * A draft: its customer, service date and lines, editable; then « Émettre la facture ».
 * The issue and the deletion await mutateAsync rather than give callbacks to mutate(): once
 * issued (or deleted), the refetch replaces this editor, and callbacks given to mutate() are
 * dropped with their component, so the toast and the way back would depend on timing.
 */
export function InvoiceEditor({ facture }: { facture: Facture }) {
  const [lines, setLines] = useState<LineForm[]>(() => toForm(facture));
  const [datePrestation, setDatePrestation] = useState(facture.datePrestation);
  const [client, setClient] = useState({ nom: facture.client.nom, adresse: facture.client.adresse, siret: facture.client.siret ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateDraft();
  const issue = useIssueInvoice();
  const remove = useDeleteDraft();
  const toast = useToast();
  const navigate = useNavigate();

  const total = lines.reduce((sum, line) => {
    const quantite = parseQuantity(line.quantite);
    const prix = parseEurosToCents(line.prix);
    return quantite === null || prix === null ? sum : sum + lineAmountCents(quantityToHundredths(quantite) ?? 0, prix);
  }, 0);
  const setLine = (index: number, patch: Partial<LineForm>) =>
    setLines((current) => current.map((line, position) => (position === index ? { ...line, ...patch } : line)));

  /** Saves the draft; resolves to whether it was saved. */
  async function save(): Promise<boolean> {
    const { body, errors: found } = toBody(lines, datePrestation, client);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return false;
    try {
      await update.mutateAsync({ id: facture.id, body });
      return true;
    } catch (error) {
      setFailure(messageOf(error));
      return false;
    }
  }

  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        if (await save()) toast.show(t.draftSaved, 'success');
      }}
      noValidate
    >
      <section className={styles.section}>
        <h2>{t.clientSection}</h2>
        <TextField
          label={t.clientNom}
          value={client.nom}
          error={errors.nom}
          onChange={(event) => setClient({ ...client, nom: event.target.value })}
        />
        <TextField
          label={t.clientAdresse}
          value={client.adresse}
          error={errors.adresse}
          autoComplete="off"
          onChange={(event) => setClient({ ...client, adresse: event.target.value })}
        />
        {facture.client.type === 'entreprise' ? (
          <TextField
            label={t.clientSiret}
            value={client.siret}
            inputMode="numeric"
            onChange={(event) => setClient({ ...client, siret: event.target.value })}
          />
        ) : null}
        <TextField label={t.serviceDate} type="date" value={datePrestation} onChange={(event) => setDatePrestation(event.target.value)} />
      </section>
      <section className={styles.section}>
        <h2>{t.linesSection}</h2>
        {lines.map((line, index) => (
          <fieldset key={index} className={styles.line}>
            <legend className="visually-hidden">{`${t.linesSection} ${index + 1}`}</legend>
            <TextAreaField
              label={t.lineDescription}
              value={line.description}
              rows={3}
              error={errors[`description-${index}`]}
              onChange={(event) => setLine(index, { description: event.target.value })}
            />
            <div className={styles.lineNumbers}>
              <TextField
                label={t.lineQuantity}
                inputMode="decimal"
                value={line.quantite}
                error={errors[`quantite-${index}`]}
                onChange={(event) => setLine(index, { quantite: event.target.value })}
              />
              <TextField
                label={t.lineUnitPrice}
                inputMode="decimal"
                value={line.prix}
                error={errors[`prix-${index}`]}
                onChange={(event) => setLine(index, { prix: event.target.value })}
              />
            </div>
            {lines.length > 1 ? (
              <Button variant="link" onClick={() => setLines((current) => current.filter((_, position) => position !== index))}>
                {t.removeLine(index + 1)}
              </Button>
            ) : null}
          </fieldset>
        ))}
        <Button variant="secondary" onClick={() => setLines((current) => [...current, { description: '', quantite: '1', prix: '' }])}>
          {t.addLine}
        </Button>
        <p className={styles.total} aria-live="polite">
          {t.total} : {formatCentimes(total)}
        </p>
      </section>
      {failure ? <Message kind="error">{failure}</Message> : null}
      <p className={styles.meta}>{t.issueConfirm}</p>
      <div className={styles.actions}>
        <Button
          isBusy={issue.isPending}
          disabled={update.isPending}
          onClick={async () => {
            if (!(await save())) return;
            let issued: Facture | null;
            try {
              issued = await issue.mutateAsync(facture.id);
            } catch (error) {
              setFailure(messageOf(error));
              return;
            }
            toast.show(t.issued(issued!.numero!), 'success');
          }}
        >
          {t.issue}
        </Button>
        <Button type="submit" variant="secondary" isBusy={update.isPending && !issue.isPending}>
          {t.saveDraft}
        </Button>
        <Button
          variant="danger"
          isBusy={remove.isPending}
          onClick={async () => {
            try {
              await remove.mutateAsync(facture.id);
            } catch (error) {
              setFailure(messageOf(error));
              return;
            }
            toast.show(t.draftDeleted, 'success');
            navigate(paths.adminFactures);
          }}
        >
          {t.deleteDraft}
        </Button>
      </div>
    </form>
  );
}
