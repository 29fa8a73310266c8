import type { UseFormRegisterReturn } from 'react-hook-form';
import { texts } from '#domain/texts/common.ts';
import { TextField } from '#client/ui/field.tsx';

type RegisteredField = UseFormRegisterReturn & { error?: string };

/** A new password and its confirmation, as the sign-up and the reset forms ask for them. */
export function NewPasswordFields({ password, confirmation }: { password: RegisteredField; confirmation: RegisteredField }) {
  return (
    <>
      <TextField
        label={texts.fieldMotDePasse}
        type="password"
        autoComplete="new-password"
        required
        hint={texts.passwordHint}
        {...password}
      />
      <TextField label={texts.fieldConfirmation} type="password" autoComplete="new-password" required {...confirmation} />
    </>
  );
}
