import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema } from '#domain/schemas/accounts.ts';
import { texts } from '#domain/texts/common.ts';
import { TextField } from '#client/ui/field.tsx';
import { messageOf } from '#client/lib/api.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { FormActions, type Feedback } from './form-actions.tsx';
import styles from './accounts.module.css';
import { fieldOf } from '#client/lib/form-field.ts';

/** Asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFeedback(null);
    try {
      await requestPasswordReset(email);
      setFeedback({ kind: 'success', text: texts.forgotPasswordSent });
    } catch (error) {
      setFeedback({ kind: 'error', text: `❌ ${messageOf(error)}` });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={texts.forgotPasswordTitle}>
      <p>{texts.forgotPasswordIntro}</p>
      <TextField label={texts.fieldEmail} type="email" autoComplete="email" required {...fieldOf(register, errors)('email')} />
      <FormActions submitLabel={texts.forgotPasswordSubmit} isSubmitting={isSubmitting} feedback={feedback} />
    </form>
  );
}
