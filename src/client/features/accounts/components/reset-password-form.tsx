import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '#domain/paths.ts';
import { resetPasswordSchema } from '#domain/schemas/accounts.ts';
import { texts } from '#domain/texts/common.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { Message } from '#client/ui/message.tsx';
import { ApiError, messageOf } from '#client/lib/api.ts';
import { FormActions } from './form-actions.tsx';
import { resetPassword } from '../api/auth-api.ts';
import styles from './accounts.module.css';
import { fieldOf } from '#client/lib/form-field.ts';

const TOKEN_ERRORS = new Set(['invalid_token', 'token_expired', 'not_found']);

function InvalidLink() {
  return (
    <div className={styles.feedback}>
      <Message kind="error">{texts.resetPasswordInvalid}</Message>
      <Link to={paths.motDePasseOublie}>{texts.askNewLink}</Link>
    </div>
  );
}

/** The new password, chosen from the link of the reset e-mail (token in the address). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [isTokenRefused, setIsTokenRefused] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { motDePasse: '', confirmation: '' } });
  const field = fieldOf(register, errors);

  if (!token || isTokenRefused) return <InvalidLink />;

  const onSubmit = handleSubmit(async ({ motDePasse }) => {
    setError(null);
    try {
      await resetPassword({ token, newPassword: motDePasse });
    } catch (failure) {
      if (failure instanceof ApiError && TOKEN_ERRORS.has(failure.code)) {
        setIsTokenRefused(true);
        return;
      }
      setError(`❌ ${messageOf(failure)}`);
      return;
    }
    await navigate(`${paths.connexion}?reinitialise=1`, { replace: true });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={texts.resetPasswordTitle}>
      <NewPasswordFields password={field('motDePasse')} confirmation={field('confirmation')} />
      <FormActions
        submitLabel={texts.resetPasswordSubmit}
        isSubmitting={isSubmitting}
        feedback={error ? { kind: 'error', text: error } : null}
      />
    </form>
  );
}
