import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { get, useForm, useWatch, type Path } from 'react-hook-form';
import { completionSchema, LIMITS, type Completion, type CompletionInput } from '#domain/schemas/devis-completion.ts';
import { CLIENT_TYPES, LAVAGES, MOTORISATIONS, TYPES_CONVOYAGE } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts.ts';
import { quoteTexts as t } from '#domain/texts-quotes.ts';
import { parisToday, TIME_SLOTS } from '#domain/time-slots.ts';
import { ApiError } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { clearCompletionDraft, readCompletionDraft, saveCompletionDraft, withDraft } from '#client/lib/completion-draft.ts';
import styles from './quotes.module.css';

type CompletionFormProps = {
  /** The quote's id: what is typed is kept as a draft of this quote until it is sent. */
  devisId: string;
  defaults: { nom: string; email: string };
  isSubmitting: boolean;
  onSubmit: (completion: Completion) => Promise<unknown>;
};

const emptyForm = (defaults: CompletionFormProps['defaults']): CompletionInput => ({
  clientType: 'particulier',
  clientDetails: { nom: defaults.nom, email: defaults.email, telephone: '', siret: '' },
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

  const errorOf = (path: Path<CompletionInput>): string | undefined => (get(errors, path) as { message?: string } | undefined)?.message;
  const hasErrors = Object.keys(errors).length > 0;

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

  const contact = (prefix: 'contactDepart' | 'contactArrivee', legend: string) => (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <div className={`${styles.columns} ${styles.columns3}`}>
        <TextField
          label={t.nom}
          autoComplete="off"
          maxLength={LIMITS.nom}
          error={errorOf(`${prefix}.nom`)}
          {...register(`${prefix}.nom`)}
        />
        <TextField
          label={t.email}
          type="email"
          autoComplete="off"
          maxLength={LIMITS.email}
          error={errorOf(`${prefix}.email`)}
          {...register(`${prefix}.email`)}
        />
        <TextField
          label={t.telephone}
          type="tel"
          autoComplete="off"
          maxLength={LIMITS.telephone}
          error={errorOf(`${prefix}.telephone`)}
          {...register(`${prefix}.telephone`)}
        />
      </div>
    </fieldset>
  );

  const slotSelect = (path: Path<CompletionInput>, label: string) => (
    <SelectField label={label} error={errorOf(path)} {...register(path)}>
      <option value="">{t.chooseSlot}</option>
      {TIME_SLOTS.map((slot) => (
        <option key={slot} value={slot}>
          {slot}
        </option>
      ))}
    </SelectField>
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
          <SelectField label={t.clientType} error={errorOf('clientType')} {...register('clientType')}>
            {CLIENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t.labels[type]}
              </option>
            ))}
          </SelectField>
          {clientType === 'entreprise' ? (
            <TextField
              label={t.siret}
              hint={t.siretHint}
              inputMode="numeric"
              autoComplete="off"
              maxLength={LIMITS.siret}
              error={errorOf('clientDetails.siret')}
              {...register('clientDetails.siret')}
            />
          ) : null}
          <TextField
            label={t.clientNom}
            autoComplete="name"
            maxLength={LIMITS.nom}
            error={errorOf('clientDetails.nom')}
            {...register('clientDetails.nom')}
          />
          <TextField
            label={t.email}
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            error={errorOf('clientDetails.email')}
            {...register('clientDetails.email')}
          />
          <TextField
            label={t.telephone}
            type="tel"
            autoComplete="tel"
            maxLength={LIMITS.telephone}
            error={errorOf('clientDetails.telephone')}
            {...register('clientDetails.telephone')}
          />
        </div>
      </fieldset>

      {contact('contactDepart', t.contactDepart)}
      {contact('contactArrivee', t.contactArrivee)}

      <fieldset className={styles.fieldset}>
        <legend>{t.datesTitle}</legend>
        <div className={`${styles.columns} ${styles.columns3}`}>
          <TextField
            label={t.pickupDate}
            type="date"
            min={today}
            error={errorOf('priseInfo.datePriseEnCharge')}
            {...register('priseInfo.datePriseEnCharge')}
          />
          {slotSelect('priseInfo.debut', t.startTime)}
          {slotSelect('priseInfo.fin', t.endTime)}
        </div>
        <div className={`${styles.columns} ${styles.columns3}`}>
          <TextField
            label={t.deliveryDate}
            type="date"
            min={today}
            error={errorOf('livraisonInfo.dateLivraisonSouhaitee')}
            {...register('livraisonInfo.dateLivraisonSouhaitee')}
          />
          {slotSelect('livraisonInfo.debut', t.startTime)}
          {slotSelect('livraisonInfo.fin', t.endTime)}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t.vehicleInfo}</legend>
        <CheckboxField label={t.plaqueEtrangere} {...register('infosVehicule.plaqueEtrangere')} />
        <div className={styles.columns}>
          <TextField
            label={t.immatriculation}
            hint={isForeign ? undefined : t.immatriculationHint}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={LIMITS.immatriculation}
            error={errorOf('infosVehicule.immatriculation')}
            {...register('infosVehicule.immatriculation')}
          />
          <TextField
            label={t.marque}
            autoComplete="off"
            maxLength={LIMITS.marque}
            error={errorOf('infosVehicule.marque')}
            {...register('infosVehicule.marque')}
          />
          <TextField
            label={t.modele}
            autoComplete="off"
            maxLength={LIMITS.modele}
            error={errorOf('infosVehicule.modele')}
            {...register('infosVehicule.modele')}
          />
          <TextField
            label={t.chassis}
            hint={t.chassisHint}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={LIMITS.chassis}
            error={errorOf('infosVehicule.chassis')}
            {...register('infosVehicule.chassis')}
          />
          <SelectField label={t.motorisation} error={errorOf('infosVehicule.motorisation')} {...register('infosVehicule.motorisation')}>
            <option value="">{t.chooseEngine}</option>
            {MOTORISATIONS.map((engine) => (
              <option key={engine} value={engine}>
                {t.labels[engine]}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t.options}</legend>
        <CheckboxField label={t.documentation} {...register('options.documentation')} />
        <SelectField label={t.lavageLabel} error={errorOf('options.lavage')} {...register('options.lavage')}>
          {LAVAGES.map((lavage) => (
            <option key={lavage} value={lavage}>
              {lavage ? t.labels[lavage] : texts.none}
            </option>
          ))}
        </SelectField>
        <CheckboxField label={t.sansCarburant} {...register('options.sansCarburant')} />
        <CheckboxField label={t.wGarage} {...register('options.wGarage')} />
      </fieldset>

      <fieldset className={styles.fieldset} aria-describedby={errors.typeConvoyage ? 'type-convoyage-error' : undefined}>
        <legend>{t.typeConvoyage}</legend>
        <div className={styles.radios}>
          {TYPES_CONVOYAGE.map((type) => (
            <label key={type} className={styles.radio}>
              <input type="radio" value={type} {...register('typeConvoyage')} />
              {t.labels[type]}
            </label>
          ))}
        </div>
        {errors.typeConvoyage?.message ? (
          <p id="type-convoyage-error" className={styles.fieldError}>
            {errors.typeConvoyage.message}
          </p>
        ) : null}
      </fieldset>

      <TextAreaField
        label={t.commentaire}
        hint={t.commentaireHint}
        rows={4}
        maxLength={LIMITS.commentaire}
        error={errorOf('commentaire')}
        {...register('commentaire')}
      />

      {isSubmitted && hasErrors ? (
        <div id="completion-errors">
          <Message kind="error">{errors.root?.server?.message ?? t.formInvalid}</Message>
        </div>
      ) : null}
      <Button type="submit" isBusy={isSubmitting}>
        {texts.completeSubmit}
      </Button>
    </form>
  );
}
