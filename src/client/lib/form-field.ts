import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

/** The message of a field's error, nested paths included (`clientDetails.siret`). */
const errorOf = <T extends FieldValues>(errors: FieldErrors<T>, path: Path<T>): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

/** A field's registration and its error in one spread, for any control of ui/field.tsx: `{...field('email')}`. */
export const fieldOf =
  <T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) =>
  (path: Path<T>) => ({ ...register(path), error: errorOf(errors, path) });
