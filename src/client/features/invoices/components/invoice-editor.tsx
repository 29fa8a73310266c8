import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { formatCentimes, formatCentimesDecimal } from '#domain/format.ts';
import { lineAmountCents, parseEurosToCents, parseQuantity, quantityToHundredths } from '#domain/invoices.ts';
import { paths } from '#domain/paths.ts';
import { draftFormSchema, type DraftForm, type DraftUpdate, type Facture } from '#domain/schemas/invoices.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, TextAreaField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useDeleteDraft, useIssueInvoice, useUpdateDraft } from '../api/use-invoice-mutations.ts';
import styles from './invoices.module.css';

const decimal = (value: number) => String(value).replace('.', ',');
const toForm = (facture: Facture): DraftForm => ({
  lignes: facture.lignes.map((line) => ({
    description: line.description,
    quantite: decimal(line.quantite),
    prixUnitaireCentimes: formatCentimesDecimal(line.prixUnitaireCentimes),
  })),
  datePrestation: facture.datePrestation,
  client: { nom: facture.client.nom, adresse: facture.client.adresse, siret: facture.client.siret ?? '' },
});
const newLine = { description: '', quantite: '1', prixUnitaireCentimes: '' };
type ProposedLine = NonNullable<Facture['lignesProposees']>[number];
const toFormLine = (line: ProposedLine): DraftForm['lignes'][number] => ({
  description: line.description,
  quantite: decimal(line.quantite),
  prixUnitaireCentimes: formatCentimesDecimal(line.prixUnitaireCentimes),
});

/** The total of what the lines say so far (a line that does not read yet counts for nothing). */
function totalOf(lines: DraftForm['lignes']): number {
  return lines.reduce((sum, line) => {
    const quantite = parseQuantity(line.quantite);
    const prix = parseEurosToCents(line.prixUnitaireCentimes);
    return quantite === null || prix === null ? sum : sum + lineAmountCents(quantityToHundredths(quantite) ?? 0, prix);
  }, 0);
}

/**
 * A draft: its customer, service date and lines, editable; then « Émettre la facture ». The
 * form is checked by the API's own schema (draftFormSchema reads the French numbers, then
 * draftUpdateSchema). The issue and the deletion await mutateAsync rather than give callbacks
 * to mutate(): once issued (or deleted), the refetch replaces this editor, and callbacks given
 * to mutate() are dropped with their component, so the toast and the way back would depend on
 * timing.
 */
export function InvoiceEditor({ facture }: { facture: Facture }) {
  const { register, handleSubmit, control, formState } = useForm<DraftForm, unknown, DraftUpdate>({
    resolver: zodResolver(draftFormSchema),
    defaultValues: toForm(facture),
  });
  const lines = useFieldArray({ control, name: 'lignes' });
  const watchedLines = useWatch({ control, name: 'lignes' });
  const total = totalOf(watchedLines);
  // The mission's cost lines: each has its box, ticked while a line of that description is on the draft.
  const proposed = facture.lignesProposees ?? [];
  const proposalAt = (index: number) => proposed.find((line) => line.description === watchedLines[index]?.description);
  const unticked = proposed.filter((line) => !watchedLines.some((current) => current.description === line.description));
  const errors = formState.errors;
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateDraft();
  const issue = useIssueInvoice();
  const remove = useDeleteDraft();
  const toast = useToast();
  const navigate = useNavigate();

  /** Saves the draft; resolves to whether it was saved. */
  async function save(body: DraftUpdate): Promise<boolean> {
    setFailure(null);
    try {
      await update.mutateAsync({ id: facture.id, body });
      return true;
    } catch (error) {
      setFailure(messageOf(error));
      return false;
    }
  }
  const clearFailure = () => setFailure(null);

  const onSave = handleSubmit(async (body) => {
    if (await save(body)) toast.show(t.draftSaved, 'success');
  }, clearFailure);

  // A box changes the draft at once: the server frees (or re-bills) the line's expenses as it saves.
  const untick = (index: number) => {
    lines.remove(index);
    void onSave();
  };
  const tick = (line: ProposedLine) => {
    lines.append(toFormLine(line));
    void onSave();
  };

  const onIssue = handleSubmit(async (body) => {
    if (!(await save(body))) return;
    let issued: Facture | null;
    try {
      issued = await issue.mutateAsync(facture.id);
    } catch (error) {
      setFailure(messageOf(error));
      return;
    }
    toast.show(t.issued(issued!.numero!), 'success', issued!.numero!);
  }, clearFailure);

  return (
    <form onSubmit={onSave} noValidate>
      <section className={styles.section}>
        <h2>{t.clientSection}</h2>
        <TextField label={t.clientNom} error={errors.client?.nom?.message} {...register('client.nom')} />
        <TextField label={t.clientAdresse} error={errors.client?.adresse?.message} autoComplete="off" {...register('client.adresse')} />
        {facture.client.type === 'entreprise' ? (
          <TextField label={t.clientSiret} error={errors.client?.siret?.message} inputMode="numeric" {...register('client.siret')} />
        ) : null}
        <TextField label={t.serviceDate} type="date" error={errors.datePrestation?.message} {...register('datePrestation')} />
      </section>
      <section className={styles.section}>
        <h2>{t.linesSection}</h2>
        {lines.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.line}>
            <legend className="visually-hidden">{`${t.linesSection} ${index + 1}`}</legend>
            <TextAreaField
              label={t.lineDescription}
              rows={3}
              error={errors.lignes?.[index]?.description?.message}
              {...register(`lignes.${index}.description`)}
            />
            <div className={styles.lineNumbers}>
              <TextField
                label={t.lineQuantity}
                inputMode="decimal"
                error={errors.lignes?.[index]?.quantite?.message}
                {...register(`lignes.${index}.quantite`)}
              />
              <TextField
                label={t.lineUnitPrice}
                inputMode="decimal"
                error={errors.lignes?.[index]?.prixUnitaireCentimes?.message}
                {...register(`lignes.${index}.prixUnitaireCentimes`)}
              />
            </div>
            {proposalAt(index) ? <CheckboxField label={t.billLine} checked onChange={() => untick(index)} /> : null}
            {lines.fields.length > 1 ? (
              <Button variant="link" onClick={() => lines.remove(index)}>
                {t.removeLine(index + 1)}
              </Button>
            ) : null}
          </fieldset>
        ))}
        {unticked.map((line) => (
          <fieldset key={line.description} className={styles.line}>
            <legend>{line.description}</legend>
            <p>{formatCentimes(lineAmountCents(quantityToHundredths(line.quantite) ?? 0, line.prixUnitaireCentimes))}</p>
            <CheckboxField label={t.billLine} checked={false} onChange={() => tick(line)} />
          </fieldset>
        ))}
        <Button variant="secondary" onClick={() => lines.append(newLine)}>
          {t.addLine}
        </Button>
        <p className={styles.total} aria-live="polite">
          {t.total}&nbsp;: {formatCentimes(total)}
        </p>
      </section>
      {failure ? <Message kind="error">{failure}</Message> : null}
      <p className={styles.meta}>{t.issueConfirm}</p>
      <div className={styles.actions}>
        <Button isBusy={issue.isPending} disabled={update.isPending} onClick={onIssue}>
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
