import { useId, type ComponentProps, type ElementType, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
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

/** What every control of a FieldFrame carries: its id, its hint and error, its invalid state. */
const controlProps = ({ id, describedBy, invalid }: FieldIds) => ({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid || undefined,
  className: styles.input,
});

type Framed<Props> = Props & { label: ReactNode; error?: string; hint?: ReactNode };

/** A control of one kind in its FieldFrame: what TextField, SelectField and TextAreaField are. */
function framed<Tag extends 'input' | 'select' | 'textarea'>(tag: Tag) {
  const Control = tag as ElementType;
  return function FramedControl({ label, error, hint, ...control }: Framed<ComponentProps<Tag>>) {
    return (
      <FieldFrame label={label} error={error} hint={hint}>
        {(ids) => <Control {...controlProps(ids)} {...control} />}
      </FieldFrame>
    );
  };
}

export const TextField = framed('input');

type CodeFieldProps = Omit<Framed<InputHTMLAttributes<HTMLInputElement>>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A one-time code (the app's 6 digits, a backup code): the phone offers the code it received,
 * digits keyboard unless told otherwise, no capitals nor spelling fixes.
 */
export function CodeField({ value, onChange, inputMode = 'numeric', ...input }: CodeFieldProps) {
  return (
    <TextField
      autoComplete="one-time-code"
      inputMode={inputMode}
      autoCapitalize="none"
      spellCheck={false}
      {...input}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export const SelectField = framed('select');

export const TextAreaField = framed('textarea');

type CheckboxFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode };

export function CheckboxField({ label, ref, ...input }: CheckboxFieldProps & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={styles.checkbox}>
      <input ref={ref} id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

type RadioGroupFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  error?: string;
  className?: string;
  legendClassName?: string;
  /** Controlled: the value checked (with `onChange` in `input`); without it, the registration decides. */
  selected?: string;
};

/** One choice among a few, as radio buttons in a fieldset; `input` (a registration) goes on each. */
export function RadioGroupField({ legend, options, error, className, legendClassName, selected, ...input }: RadioGroupFieldProps) {
  const errorId = useId();
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      <div className={styles.radios}>
        {options.map((option) => (
          <label key={option.value} className={styles.radio}>
            <input type="radio" {...input} value={option.value} checked={selected === undefined ? undefined : selected === option.value} />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A select's options: `empty` first (value ""), when given, then each value with its label (the value itself by default). */
export function Options<V extends string | number>({
  values,
  empty,
  label = String,
}: {
  values: readonly V[];
  empty?: ReactNode;
  label?: (value: V) => ReactNode;
}) {
  return (
    <>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/** A select's options from choices that carry their id and label (the planning's missions), as `Options` writes them. */
export function ChoiceOptions({ choices, empty }: { choices: readonly { id: string; label: string }[]; empty?: ReactNode }) {
  const labels = new Map(choices.map((choice) => [choice.id, choice.label]));
  return <Options values={choices.map((choice) => choice.id)} empty={empty} label={(id) => labels.get(id)} />;
}
