import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './ui.module.css';

type FieldFrameProps = { label: ReactNode; error?: string; hint?: ReactNode; children: (ids: FieldIds) => ReactNode };
type FieldIds = { id: string; describedBy: string | undefined; invalid: boolean };

/** Label, control, hint and error, wired together for assistive technologies. */
export function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, ref, ...input }: TextFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input ref={ref} id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={styles.input} {...input} />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export function SelectField({ label, error, hint, children, ref, ...select }: SelectFieldProps & { ref?: React.Ref<HTMLSelectElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select ref={ref} id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={styles.input} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string; hint?: ReactNode };

export function TextAreaField({ label, error, hint, ref, ...area }: TextAreaFieldProps & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <textarea ref={ref} id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={styles.input} {...area} />
      )}
    </FieldFrame>
  );
}

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode };

export function CheckboxField({ label, ref, ...input }: CheckboxFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={styles.checkbox}>
      <input ref={ref} id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
