import { z } from 'zod';
import { DEPOSIT_PERCENT_MAX } from '../payments.ts';
import { textRuleMessages } from '../texts/common.ts';
import { bankTexts } from '../texts/payments.ts';
import { storableString } from './text.ts';

/** The deposit's share at confirmation, whole per cent; 0 is none. */
export const acomptePourcentSchema = z
  .number({ error: bankTexts.depositInvalid })
  .int(bankTexts.depositInvalid)
  .min(0, bankTexts.depositInvalid)
  .max(DEPOSIT_PERCENT_MAX, bankTexts.depositInvalid);

const columnName = storableString({ trim: true }).min(1, bankTexts.mappingRequired).max(100, textRuleMessages.tooLong(100));

export const CSV_SEPARATORS = [';', ',', '\t'] as const;
export const CSV_DATE_FORMATS = ['JJ/MM/AAAA', 'AAAA-MM-JJ', 'JJ-MM-AAAA'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

/**
 * How the administrator's bank writes its CSV statements, saved once (PUT
 * /api/admin/banque/correspondance-csv): the columns by their header's name, and either one
 * signed amount column or a debit and a credit column.
 */
export const csvMappingSchema = z
  .strictObject({
    separateur: z.enum(CSV_SEPARATORS),
    formatDate: z.enum(CSV_DATE_FORMATS),
    colonneDate: columnName,
    colonneLibelle: columnName,
    colonneMontant: columnName.nullable(),
    colonneDebit: columnName.nullable(),
    colonneCredit: columnName.nullable(),
    colonneContrepartie: columnName.nullable(),
    colonneReference: columnName.nullable(),
  })
  .refine((mapping) => mapping.colonneMontant !== null || (mapping.colonneDebit !== null && mapping.colonneCredit !== null), {
    message: bankTexts.mappingAmount,
    path: ['colonneMontant'],
  });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** A deposit invoice a final invoice deducts, as the final invoice keeps it (factures.acomptesDeduits). */
export const acompteDeduitSchema = z.object({
  id: z.string(),
  numero: z.string(),
  dateEmission: z.string(),
  montantCentimes: z.number().int(),
});
export type AcompteDeduit = z.infer<typeof acompteDeduitSchema>;
export const acomptesDeduitsSchema = z.array(acompteDeduitSchema);

/** The deposits a final invoice's JSON column lists; a row that does not parse is an error of ours. */
export function readAcomptesDeduits(json: string | null): AcompteDeduit[] {
  if (!json) return [];
  return acomptesDeduitsSchema.parse(JSON.parse(json));
}
