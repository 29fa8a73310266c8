import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { csvMappingDraftSchema, type CsvLayout, type CsvMappingDraft } from '#domain/bank-csv.ts';
import { CSV_DATE_FORMATS, CSV_SEPARATORS, type CsvMapping } from '#domain/schemas/payments.ts';
import { bankPageTexts as t } from '#domain/texts/payments.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Options, SelectField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useSaveCsvMapping } from '../api/use-csv-mapping.ts';

type CsvMappingFormProps = {
  /** What the form starts from: the saved mapping, or what the chosen file's header suggests. */
  draft: CsvMappingDraft;
  /** The chosen file's layout: its column names are offered in each column's field. */
  layout: CsvLayout | null;
  /** Saving also imports the chosen file. */
  importsFile: boolean;
  onSaved: (mapping: CsvMapping) => void;
};

/**
 * How the bank writes its CSV statements, saved once: the separator, the date format, and the
 * columns by the names of the file's header line (offered from the file chosen, when there is
 * one). The server checks it with the same schema.
 */
export function CsvMappingForm({ draft, layout, importsFile, onSaved }: CsvMappingFormProps) {
  const listId = useId();
  const save = useSaveCsvMapping();
  const { register, handleSubmit, formState } = useForm<CsvMappingDraft, unknown, CsvMapping>({
    resolver: zodResolver(csvMappingDraftSchema),
    defaultValues: draft,
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit((mapping) => save.mutate(mapping, { onSuccess: onSaved }));
  const column = (name: keyof CsvMappingDraft & `colonne${string}`, label: string, hint?: string) => (
    <TextField
      label={label}
      hint={hint}
      error={errors[name]?.message}
      list={layout ? listId : undefined}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      {...register(name)}
    />
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      {layout ? (
        <>
          <p>{t.mappingFromFile(layout.colonnes)}</p>
          <datalist id={listId}>
            {layout.colonnes.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </>
      ) : null}
      <SelectField label={t.separator} error={errors.separateur?.message} {...register('separateur')}>
        <Options values={CSV_SEPARATORS} label={(separator) => t.separatorLabels[separator]} />
      </SelectField>
      <SelectField label={t.dateFormat} error={errors.formatDate?.message} {...register('formatDate')}>
        <Options values={CSV_DATE_FORMATS} />
      </SelectField>
      {column('colonneDate', t.columnDate)}
      {column('colonneLibelle', t.columnLabel)}
      {column('colonneMontant', t.columnAmount, t.columnAmountHint)}
      {column('colonneDebit', t.columnDebit)}
      {column('colonneCredit', t.columnCredit)}
      {column('colonneContrepartie', t.columnCounterparty)}
      {column('colonneReference', t.columnReference)}
      {save.isError ? <Message kind="error">{messageOf(save.error)}</Message> : null}
      <Button type="submit" isBusy={save.isPending}>
        {importsFile ? t.saveMappingAndImport : t.saveMapping}
      </Button>
    </form>
  );
}
