import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { depositAtSignature } from '#domain/payments.ts';
import { parsePrixFinal } from '#domain/schemas/admin.ts';
import { acomptePourcentSchema } from '#domain/schemas/payments.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { paths } from '#domain/paths.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { expectedMarginCentimes, REFACTURATIONS, type Refacturation } from '#domain/expenses.ts';
import { formatCentimes } from '#domain/format.ts';
import type { MissionCosts } from '#domain/schemas/expenses.ts';
import { expenseTexts, REFACTURATION_LABELS } from '#domain/texts/expenses.ts';
import { depositTexts } from '#domain/texts/payments.ts';
import { ApiError } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useConfirmQuote } from '../api/use-confirm-quote.ts';
import styles from './admin.module.css';

type FormValues = { prixFinal: string; acompte: string; km: boolean; longDistance: boolean; refacturation: Refacturation[] };

/** The deposit field's whole per cent, or the message saying why it does not read. */
function parseAcompte(value: string): { ok: true; pourcent: number } | { ok: false; message: string } {
  const parsed = acomptePourcentSchema.safeParse(value.trim() === '' ? 0 : Number(value.trim()));
  return parsed.success ? { ok: true, pourcent: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
}

const priceText = (prix: number) => prix.toFixed(2).replace('.', ',').replace(/,00$/, '');

/**
 * Final price, deposit (« Acompte », prefilled with DEPOSIT_PERCENT, 0: none; the line the
 * customer will read shown as it is typed) and clauses; the server confirms, renders the PDF
 * and e-mails it. With the mission's expected costs (from its costs route), the expected margin
 * beside the final price, recomputed as the price is typed and the re-billed boxes change.
 */
export function ConfirmForm({
  devis,
  expectedCosts,
}: {
  devis: Devis;
  expectedCosts?: Pick<MissionCosts, 'retourPrevuCentimes' | 'carburantPrevuCentimes'> | undefined;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirmQuote(devis.id);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, control } = useForm<FormValues>({
    defaultValues: {
      prixFinal: priceText(devis.prix),
      acompte: String(devis.acomptePourcent ?? devis.acompteParDefaut ?? 0),
      km: devis.clauses?.km ?? false,
      longDistance: devis.clauses?.longDistance ?? false,
      refacturation: devis.clauses?.refacturation ?? [],
    },
  });
  const [prixTyped, acompteTyped, refacturationTicked] = useWatch({ control, name: ['prixFinal', 'acompte', 'refacturation'] });
  const typedPrix = parsePrixFinal(prixTyped);
  const marginLine =
    expectedCosts && typedPrix.ok
      ? expenseTexts.expectedMarginAtConfirmation(
          formatCentimes(
            expectedMarginCentimes({
              prixCentimes: typedPrix.centimes,
              retourPrevuCentimes: expectedCosts.retourPrevuCentimes,
              carburantPrevuCentimes: expectedCosts.carburantPrevuCentimes,
              refacturation: Array.isArray(refacturationTicked) ? refacturationTicked : [],
            }),
          ),
        )
      : undefined;
  const typedAcompte = parseAcompte(acompteTyped);
  const depositLine =
    typedPrix.ok && typedAcompte.ok ? depositAtSignature({ prix: typedPrix.centimes / 100, acomptePourcent: typedAcompte.pourcent }) : null;

  // mutateAsync, not mutate's callbacks: the refetch after the change moves the quote to
  // « envoyé », which unmounts this form, and callbacks given to mutate() never run once their
  // component is gone (the toast and the way back to the list would then depend on timing).
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const prix = parsePrixFinal(values.prixFinal);
    const acompte = parseAcompte(values.acompte);
    if (!prix.ok || !acompte.ok) return;
    try {
      await confirm.mutateAsync({
        prixFinal: values.prixFinal,
        acomptePourcent: acompte.pourcent,
        clauses: { km: values.km, longDistance: values.longDistance, refacturation: values.refacturation },
      });
    } catch (error) {
      if (error instanceof ApiError && error.message === texts.clientEmailMissing) setFailure(texts.clientEmailMissing);
      else if (error instanceof ApiError && error.status === 422) setFailure(error.message);
      else setFailure(texts.confirmFailure);
      return;
    }
    toast.show(adminTexts.confirmSuccess, 'success');
    navigate(paths.admin);
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="confirm-title">
      <h2 id="confirm-title">{adminTexts.sectionConfirm}</h2>
      <TextField
        label={adminTexts.prixFinalLabel}
        inputMode="decimal"
        autoComplete="off"
        hint={marginLine}
        error={formState.errors.prixFinal?.message}
        {...register('prixFinal', {
          validate: (value) => {
            const prix = parsePrixFinal(value);
            return prix.ok || prix.message;
          },
        })}
      />
      <TextField
        label={depositTexts.label}
        inputMode="numeric"
        autoComplete="off"
        hint={depositLine ?? depositTexts.fieldHint}
        error={formState.errors.acompte?.message}
        {...register('acompte', {
          validate: (value) => {
            const acompte = parseAcompte(value);
            return acompte.ok || acompte.message;
          },
        })}
      />
      <fieldset>
        <legend>{adminTexts.clausesLegend}</legend>
        <CheckboxField label={texts.clauseKm} {...register('km')} />
        <CheckboxField label={texts.clauseLongDistance} {...register('longDistance')} />
      </fieldset>
      <fieldset>
        <legend>{expenseTexts.rebilledLegend}</legend>
        {REFACTURATIONS.map((kind) => (
          <CheckboxField key={kind} label={REFACTURATION_LABELS[kind]} value={kind} {...register('refacturation')} />
        ))}
      </fieldset>
      {failure ? <Message kind="error">{failure}</Message> : null}
      <Button type="submit" isBusy={confirm.isPending}>
        {adminTexts.confirmQuote}
      </Button>
    </form>
  );
}
