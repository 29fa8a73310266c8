import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { completionSchema, LIMITS, type Completion, type CompletionInput } from '#domain/schemas/devis-completion.ts';
import { CLIENT_TYPES, LAVAGES, MOTORISATIONS, TYPES_CONVOYAGE } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { parisToday } from '#domain/format.ts';
import { TIME_SLOTS } from '#domain/time-slots.ts';
import { ApiError } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, Options, RadioGroupField, SelectField, TextAreaField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { clearCompletionDraft, readCompletionDraft, saveCompletionDraft, withDraft } from '#client/lib/completion-draft.ts';
import styles from './quotes.module.css';
import { fieldOf } from '#client/lib/form-field.ts';

type CompletionFormProps = {
  /** The quote's id: what is typed is kept as a draft of this quote until it is sent. */
  devisId: string;
  /** From the session and the profile given at sign-up. */
  defaults: { nom: string; email: string; telephone: string };
  isSubmitting: boolean;
  onSubmit: (completion: Completion) => Promise<unknown>;
};

const emptyForm = (defaults: CompletionFormProps['defaults']): CompletionInput => ({
  clientType: 'particulier',
  clientDetails: { nom: defaults.nom, email: defaults.email, telephone: defaults.telephone, siret: '' },
  contactDepart: { nom: '', email: '', telephone: '' },
  contactArrivee: { nom: '', email: '', telephone: '' },
  priseInfo: { datePriseEnCharge: '', debut: '', fin: '' },
  livraisonInfo: { dateLivraisonSouhaitee: '', debut: '', fin: '' },
  infosVehicule: {
    immatriculation: '',
    plaqueEtrangere: false,
    marque: '',
    modele: '',
    chassis: '',
    motorisation: '' as CompletionInput['infosVehicule']['motorisation'],
  },
  options: { documentation: false, lavage: '', sansCarburant: false, wGarage: false },
  typeConvoyage: undefined as unknown as CompletionInput['typeConvoyage'],
  commentaire: '',
});

/** Name, e-mail and phone of someone: the customer (filled from the browser's profile) or a contact on site. */
const PERSON_FIELDS = [
  { key: 'nom', type: 'text', autoComplete: 'name' },
  { key: 'email', type: 'email', autoComplete: 'email' },
  { key: 'telephone', type: 'tel', autoComplete: 'tel' },
] as const;

/** A plate or a VIN: capitals, and nothing the browser would suggest. */
const CODE = { autoComplete: 'off', autoCapitalize: 'characters' } as const;

const DAY_FIELDS = { priseInfo: 'priseInfo.datePriseEnCharge', livraisonInfo: 'livraisonInfo.dateLivraisonSouhaitee' } as const;

/** The completion form of /devis/{id}/completer, validated by the same schema as the API. */
export function CompletionForm({ devisId, defaults, isSubmitting, onSubmit }: CompletionFormProps) {
  const [draft] = useState(() => readCompletionDraft(devisId));
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    getValues,
    formState: { errors, isSubmitted },
  } = useForm<CompletionInput, unknown, Completion>({
    resolver: zodResolver(completionSchema),
    defaultValues: draft ? withDraft(emptyForm(defaults), draft) : emptyForm(defaults),
    mode: 'onTouched',
  });

  const clientType = useWatch({ control, name: 'clientType' });
  const isForeign = useWatch({ control, name: 'infosVehicule.plaqueEtrangere' });
  const today = parisToday();

  // A SIRET belongs to companies only: switching to particulier forgets it.
  useEffect(() => {
    if (clientType !== 'entreprise') setValue('clientDetails.siret', '');
  }, [clientType, setValue]);

  const hasErrors = Object.keys(errors).length > 0;
  const field = fieldOf(register, errors);

  const submit = handleSubmit(async (completion) => {
    try {
      await onSubmit(completion);
      clearCompletionDraft(devisId);
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.details)) {
        for (const detail of error.details as { path: string; message: string }[]) {
          setError((detail.path || 'root.server') as Path<CompletionInput>, { message: detail.message });
        }
      }
      setError('root.server', { message: error instanceof Error ? error.message : texts.unknownError });
    }
  });

  /** Name, e-mail and phone of someone: the customer (`autoFill`: from the browser's profile) or a contact on site. */
  const person = (prefix: 'clientDetails' | 'contactDepart' | 'contactArrivee', nomLabel: string, autoFill: boolean) =>
    PERSON_FIELDS.map(({ key, type, autoComplete }) => (
      <TextField
        key={key}
        label={key === 'nom' ? nomLabel : t[key]}
        type={type}
        autoComplete={autoFill ? autoComplete : 'off'}
        maxLength={LIMITS[key]}
        {...field(`${prefix}.${key}`)}
      />
    ));

  const contact = (prefix: 'contactDepart' | 'contactArrivee', legend: string) => (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <div className={`${styles.columns} ${styles.columns3}`}>{person(prefix, t.nom, false)}</div>
    </fieldset>
  );

  /** A wished day and its time slot, for the pickup or the delivery. */
  const dayAndSlot = (prefix: keyof typeof DAY_FIELDS, label: string) => (
    <div className={`${styles.columns} ${styles.columns3}`}>
      <TextField label={label} type="date" min={today} {...field(DAY_FIELDS[prefix])} />
      {(['debut', 'fin'] as const).map((bound) => (
        <SelectField key={bound} label={bound === 'debut' ? t.startTime : t.endTime} {...field(`${prefix}.${bound}`)}>
          <Options values={TIME_SLOTS} empty={t.chooseSlot} />
        </SelectField>
      ))}
    </div>
  );

  return (
    <form
      onSubmit={submit}
      // Each thing the customer types or chooses is kept as a draft (the change bubbles up here).
      onChange={() => saveCompletionDraft(devisId, getValues())}
      noValidate
      aria-describedby={hasErrors ? 'completion-errors' : undefined}
    >
      {draft ? <Message kind="info">{t.draftRestored}</Message> : null}
      <fieldset className={styles.fieldset}>
        <legend>{t.clientInfo}</legend>
        <div className={styles.columns}>
          <SelectField label={t.clientType} {...field('clientType')}>
            <Options values={CLIENT_TYPES} label={(type) => t.labels[type]} />
          </SelectField>
          {clientType === 'entreprise' ? (
            <TextField
              label={t.siret}
              hint={t.siretHint}
              inputMode="numeric"
              autoComplete="off"
              maxLength={LIMITS.siret}
              {...field('clientDetails.siret')}
            />
          ) : null}
          {person('clientDetails', t.clientNom, true)}
        </div>
      </fieldset>

      {contact('contactDepart', t.contactDepart)}
      {contact('contactArrivee', t.contactArrivee)}

      <fieldset className={styles.fieldset}>
        <legend>{t.datesTitle}</legend>
        {dayAndSlot('priseInfo', t.pickupDate)}
        {dayAndSlot('livraisonInfo', t.deliveryDate)}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t.vehicleInfo}</legend>
        <CheckboxField label={t.plaqueEtrangere} {...register('infosVehicule.plaqueEtrangere')} />
        <div className={styles.columns}>
          <TextField
            label={t.immatriculation}
            hint={isForeign ? undefined : t.immatriculationHint}
            maxLength={LIMITS.immatriculation}
            {...CODE}
            {...field('infosVehicule.immatriculation')}
          />
          <TextField label={t.marque} autoComplete="off" maxLength={LIMITS.marque} {...field('infosVehicule.marque')} />
          <TextField label={t.modele} autoComplete="off" maxLength={LIMITS.modele} {...field('infosVehicule.modele')} />
          <TextField label={t.chassis} hint={t.chassisHint} maxLength={LIMITS.chassis} {...CODE} {...field('infosVehicule.chassis')} />
          <SelectField label={t.motorisation} {...field('infosVehicule.motorisation')}>
            <Options values={MOTORISATIONS} empty={t.chooseEngine} label={(engine) => t.labels[engine]} />
          </SelectField>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t.options}</legend>
        <CheckboxField label={t.documentation} {...register('options.documentation')} />
        <SelectField label={t.lavageLabel} {...field('options.lavage')}>
          <Options values={LAVAGES} label={(lavage) => (lavage ? t.labels[lavage] : texts.none)} />
        </SelectField>
        <CheckboxField label={t.sansCarburant} {...register('options.sansCarburant')} />
        <CheckboxField label={t.wGarage} {...register('options.wGarage')} />
      </fieldset>

      <RadioGroupField
        className={styles.fieldset}
        legend={t.typeConvoyage}
        options={TYPES_CONVOYAGE.map((type) => ({ value: type, label: t.labels[type] }))}
        {...field('typeConvoyage')}
      />

      <TextAreaField label={t.commentaire} hint={t.commentaireHint} rows={4} maxLength={LIMITS.commentaire} {...field('commentaire')} />

      {isSubmitted && hasErrors ? (
        <div id="completion-errors">
          <Message kind="error">{errors.root?.server?.message ?? t.formInvalid}</Message>
        </div>
      ) : null}
      <Button type="submit" isBusy={isSubmitting}>
        {t.completeSubmit}
      </Button>
    </form>
  );
}
