import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CATEGORIES_DEPENSE, MOYENS_PAIEMENT_DEPENSE } from '#domain/expenses.ts';
import { formatCentimesDecimal, parisToday } from '#domain/format.ts';
import { depenseFormSchema, type Depense, type DepenseCreate, type DepenseForm } from '#domain/schemas/expenses.ts';
import { CATEGORIE_LABELS, expenseTexts as t, MOYEN_DEPENSE_LABELS } from '#domain/texts/expenses.ts';
import { messageOf } from '#client/lib/api.ts';
import { isUnreachable } from '#client/lib/offline-sender.ts';
import { compressPhoto } from '#client/lib/compress-photo.ts';
import { Button } from '#client/ui/button.tsx';
import { ChoiceOptions, FieldFrame, Options, SelectField, TextAreaField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useExpenseActions } from '../api/use-expenses.ts';
import type { WaitingExpense } from '../offline/store.ts';
import { keepChangeOnPhone, recordExpense, reviseExpense } from '../offline/sync.ts';
import styles from './expenses.module.css';

/** A mission the form may put an expense on. */
export type MissionChoice = { id: string; label: string };

type ExpenseFormProps = {
  /** The mission the expense is for, fixed (the mission page); otherwise `missions` to choose from, or none. */
  mission?: MissionChoice;
  missions?: readonly MissionChoice[];
  /** An expense the server has: the form changes it there, or, without the network, keeps the change on the phone for the sender. */
  expense?: Depense;
  /** An expense still on this phone: the form changes it there (offline too), the sender sends the change. */
  waiting?: WaitingExpense;
  /** Closes the form: after a change, or « Annuler » (a new expense keeps the form open for the next receipt). */
  onDone?: () => void;
};

const blankForm = (devisId: string): DepenseForm => ({
  id: crypto.randomUUID(),
  devisId,
  categorie: '',
  montantCentimes: '',
  tvaCentimes: '',
  date: parisToday(),
  moyenPaiement: 'carte',
  note: '',
});

const formOf = (expense: Pick<Depense, keyof DepenseCreate>): DepenseForm => ({
  id: expense.id,
  devisId: expense.devisId ?? '',
  categorie: expense.categorie,
  montantCentimes: formatCentimesDecimal(expense.montantCentimes),
  tvaCentimes: expense.tvaCentimes ? formatCentimesDecimal(expense.tvaCentimes) : '',
  date: expense.date,
  moyenPaiement: expense.moyenPaiement,
  note: expense.note,
});

/**
 * The missions to choose from, with the expense's own when the list no longer has it (a finished
 * mission the planning no longer shows, a deleted quote): saving keeps it rather than making the
 * expense a general one. The server names the quote (`numeroDevis`, null once deleted); an
 * expense still on the phone does not know it.
 */
function choicesFor(missions: readonly MissionChoice[], current: { devisId: string | null; numeroDevis?: number | null } | undefined) {
  const devisId = current?.devisId;
  if (!devisId || missions.some((mission) => mission.id === devisId)) return missions;
  const label =
    current.numeroDevis === undefined
      ? t.itsMission
      : current.numeroDevis === null
        ? t.missionDeleted
        : t.missionNumber(current.numeroDevis);
  return [...missions, { id: devisId, label }];
}

/**
 * The receipt as it will be kept and sent: a photo compressed in the page like the inspection
 * photos (upright, at most 1600 px, a JPEG under 400 kB, no EXIF), a PDF as it is (the server
 * checks and rebuilds both).
 */
async function receiptOf(file: File | null): Promise<Blob | null> {
  if (!file) return null;
  if (file.type === 'application/pdf') return file;
  return (await compressPhoto(file)).blob;
}

/**
 * « Ajouter une dépense »: category, amount paid and the VAT on the receipt, date, means of
 * payment, note, mission, and the receipt from the phone's camera or a PDF. A new expense is
 * kept on the phone under the id the page made, then sent by the shared sender: it works on a
 * train without signal. An expense the server has is changed directly, or, when the network
 * does not answer, kept on the phone as a change for the sender.
 */
export function ExpenseForm({ mission, missions, expense, waiting, onDone }: ExpenseFormProps) {
  const { register, handleSubmit, reset, formState } = useForm<DepenseForm, unknown, DepenseCreate>({
    resolver: zodResolver(depenseFormSchema),
    defaultValues: expense ? formOf(expense) : waiting ? formOf(waiting.body) : blankForm(mission?.id ?? ''),
  });
  const isChange = Boolean(expense ?? waiting);
  const errors = formState.errors;
  const actions = useExpenseActions();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [fileInput, setFileInput] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    setSaved(null);
    let receipt: Blob | null;
    try {
      receipt = await receiptOf(file);
    } catch {
      setFailure(t.receiptUnreadable);
      return;
    }
    if (waiting) {
      await reviseExpense(body, receipt);
      toast.show(t.changedOnPhone, 'success');
      onDone?.();
      return;
    }
    if (!expense) {
      await recordExpense(body, receipt);
      reset(blankForm(mission?.id ?? ''));
      setFile(null);
      setFileInput((key) => key + 1);
      setSaved(t.savedOnPhone);
      return;
    }
    const { id, ...fields } = body;
    try {
      await actions.update.mutateAsync({ id, fields });
      if (receipt) await actions.putReceipt.mutateAsync({ id, receipt });
    } catch (error) {
      if (!isUnreachable(error)) {
        setFailure(messageOf(error));
        return;
      }
      // No network (a tunnel, a car park): the change waits on the phone and goes with the next send.
      await keepChangeOnPhone(body, receipt);
      toast.show(t.changedOnPhone, 'success');
      onDone?.();
      return;
    }
    toast.show(t.changed, 'success');
    onDone?.();
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={isChange ? t.editTitle : t.addTitle}>
      {mission ? (
        <p className={styles.missionLine}>
          {t.mission}&nbsp;: {mission.label}
        </p>
      ) : missions ? (
        <SelectField label={t.mission} error={errors.devisId?.message} {...register('devisId')}>
          <ChoiceOptions choices={choicesFor(missions, expense ?? waiting?.body)} empty={t.noMission} />
        </SelectField>
      ) : null}
      <SelectField label={t.category} error={errors.categorie?.message} {...register('categorie')}>
        <Options values={CATEGORIES_DEPENSE} empty={t.chooseCategory} label={(categorie) => CATEGORIE_LABELS[categorie]} />
      </SelectField>
      <div className={styles.amounts}>
        <TextField
          label={t.amount}
          inputMode="decimal"
          autoComplete="off"
          error={errors.montantCentimes?.message}
          {...register('montantCentimes')}
        />
        <TextField
          label={t.vat}
          hint={t.vatHint}
          inputMode="decimal"
          autoComplete="off"
          error={errors.tvaCentimes?.message}
          {...register('tvaCentimes')}
        />
      </div>
      <div className={styles.amounts}>
        <TextField label={t.date} type="date" error={errors.date?.message} {...register('date')} />
        <SelectField label={t.paymentMeans} error={errors.moyenPaiement?.message} {...register('moyenPaiement')}>
          <Options values={MOYENS_PAIEMENT_DEPENSE} label={(moyen) => MOYEN_DEPENSE_LABELS[moyen]} />
        </SelectField>
      </div>
      <TextAreaField label={t.note} rows={2} error={errors.note?.message} {...register('note')} />
      <FieldFrame
        label={expense?.justificatif || waiting?.receipt ? t.receiptReplace : t.receipt}
        hint={file ? t.receiptChosen(file.name) : t.receiptHint}
      >
        {({ id, describedBy }) => (
          <input
            key={fileInput}
            id={id}
            aria-describedby={describedBy}
            type="file"
            accept="image/*,application/pdf"
            capture="environment"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </FieldFrame>
      {failure ? <Message kind="error">{failure}</Message> : null}
      {saved ? <Message kind="success">{saved}</Message> : null}
      <p className={styles.actions}>
        <Button type="submit" isBusy={formState.isSubmitting}>
          {formState.isSubmitting && file ? t.preparing : isChange ? t.saveChanges : t.save}
        </Button>
        {onDone ? (
          <Button variant="secondary" onClick={onDone}>
            {t.cancel}
          </Button>
        ) : null}
      </p>
    </form>
  );
}

/** « Ajouter une dépense »: opens the form for a new expense (of `mission`, or one of `missions`) until it is closed. */
export function AddExpense(choice: Pick<ExpenseFormProps, 'mission' | 'missions'>) {
  const [isAdding, setIsAdding] = useState(false);
  return isAdding ? (
    <ExpenseForm {...choice} onDone={() => setIsAdding(false)} />
  ) : (
    <p>
      <Button onClick={() => setIsAdding(true)}>{t.add}</Button>
    </p>
  );
}
