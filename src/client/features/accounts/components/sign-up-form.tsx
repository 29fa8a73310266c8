import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signUpSchema, type SignUpInput } from '#domain/schemas/accounts.ts';
import { CLIENT_TYPES } from '#domain/devis-values.ts';
import { texts } from '#domain/texts/common.ts';
import { CheckboxField, RadioGroupField, TextField } from '#client/ui/field.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { messageOf } from '#client/lib/api.ts';
import { FormActions, type Feedback } from './form-actions.tsx';
import { rememberStayLoggedIn, signUp } from '../api/auth-api.ts';
import styles from './accounts.module.css';
import { fieldOf } from '#client/lib/form-field.ts';

const emptyForm: SignUpInput = {
  nom: '',
  telephone: '',
  email: '',
  adresse: '',
  type: 'particulier',
  motDePasse: '',
  confirmation: '',
  resterConnecte: false,
};

/** Sign-up (home section "creer-compte"): every field required, profile saved with the account. */
export function SignUpForm() {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signUpSchema), defaultValues: emptyForm, mode: 'onSubmit' });
  const field = fieldOf(register, errors);

  const onValid = handleSubmit(
    async (values) => {
      setFeedback(null);
      try {
        await signUp(values);
        rememberStayLoggedIn(values.resterConnecte);
        reset(emptyForm);
        setFeedback({ kind: 'success', text: texts.signupSuccess });
      } catch (error) {
        setFeedback({ kind: 'error', text: texts.signupFailure(messageOf(error)) });
      }
    },
    (invalid) => {
      const isMismatch = invalid.confirmation?.message === texts.passwordMismatch;
      setFeedback(isMismatch ? { kind: 'error', text: texts.passwordMismatch } : null);
    },
  );

  return (
    <form className={styles.form} onSubmit={onValid} noValidate aria-label={texts.signupTitle}>
      <div className={styles.grid}>
        <TextField label={texts.fieldNom} autoComplete="name" required {...field('nom')} />
        <TextField label={texts.fieldTelephone} type="tel" autoComplete="tel" inputMode="tel" required {...field('telephone')} />
        <div className={styles.wide}>
          <TextField label={texts.fieldEmail} type="email" autoComplete="email" required {...field('email')} />
        </div>
        <div className={styles.wide}>
          <TextField label={texts.fieldAdresse} autoComplete="street-address" required {...field('adresse')} />
        </div>
        <RadioGroupField
          className={`${styles.fieldset} ${styles.wide}`}
          legendClassName={styles.legend}
          legend={texts.fieldType}
          options={CLIENT_TYPES.map((type) => ({
            value: type,
            label: type === 'particulier' ? texts.typeParticulier : texts.typeEntreprise,
          }))}
          {...field('type')}
        />
        <NewPasswordFields password={field('motDePasse')} confirmation={field('confirmation')} />
      </div>
      <CheckboxField label={texts.stayLoggedIn} {...register('resterConnecte')} />
      <FormActions submitLabel={texts.signupSubmit} isSubmitting={isSubmitting} feedback={feedback} />
    </form>
  );
}
