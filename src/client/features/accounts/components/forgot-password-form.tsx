import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema } from '#domain/schemas/accounts.ts';
import { texts } from '#domain/texts.ts';
import { Button } from '#client/ui/button.tsx';
import { TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { ApiError } from '#client/lib/api.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import styles from './accounts.module.css';

/** Asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [feedback, setFeedback] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
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
      setFeedback({ kind: 'error', text: `❌ ${error instanceof ApiError ? error.message : texts.unknownError}` });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={texts.forgotPasswordTitle}>
      <p>{texts.forgotPasswordIntro}</p>
      <TextField label={texts.fieldEmail} type="email" autoComplete="email" required {...register('email')} error={errors.email?.message} />
      <div className={styles.actions}>
        <Button type="submit" isBusy={isSubmitting}>
          {texts.forgotPasswordSubmit}
        </Button>
      </div>
      {feedback ? (
        <div className={styles.feedback}>
          <Message kind={feedback.kind}>{feedback.text}</Message>
        </div>
      ) : null}
    </form>
  );
}
