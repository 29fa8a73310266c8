import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { z } from 'zod';
import {
  clausesSchema,
  clientDetailsSchema,
  contactSchema,
  infosVehiculeSchema,
  livraisonInfoSchema,
  optionsSchema,
  priseInfoSchema,
} from '#domain/schemas/devis.ts';
import type { DevisJson, JsonColumn } from './schema.ts';

/** Each JSON column of a quote and the domain schema its content must match. */
const JSON_COLUMNS: { [K in JsonColumn]: z.ZodType<DevisJson[K]> } = {
  clientDetails: clientDetailsSchema,
  contactDepart: contactSchema,
  contactArrivee: contactSchema,
  priseInfo: priseInfoSchema,
  livraisonInfo: livraisonInfoSchema,
  options: optionsSchema,
  infosVehicule: infosVehiculeSchema,
  clauses: clausesSchema,
};
const COLUMN_NAMES = Object.keys(JSON_COLUMNS) as JsonColumn[];

type Logger = { error: (details: object, message: string) => void };

/** The nested objects of a write as JSON text: the one place they are serialized. */
export function toJsonColumns<T extends Partial<{ [K in JsonColumn]: DevisJson[K] | null }>>(
  values: T,
): { [K in keyof T]: K extends JsonColumn ? string | null : T[K] } {
  const row: Record<string, unknown> = { ...values };
  for (const column of COLUMN_NAMES) {
    const value = row[column];
    if (value !== undefined) row[column] = value === null ? null : JSON.stringify(value);
  }
  return row as { [K in keyof T]: K extends JsonColumn ? string | null : T[K] };
}

/**
 * The one parse of the JSON columns, for every query that reads them: SQLite hands back
 * text, PostgreSQL's jsonb an object; either way the content is checked against the domain
 * schema. A value that is not valid JSON or does not match is logged with its quote and
 * column and read as null, so that one corrupt row neither hides itself nor breaks a list.
 */
export class JsonColumnsPlugin implements KyselyPlugin {
  constructor(private readonly logger?: Logger) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const column of COLUMN_NAMES) {
        if (column in row && row[column] !== null) row[column] = this.read(row, column);
      }
    }
    return args.result;
  }

  private read(row: UnknownRow, column: JsonColumn): unknown {
    const stored = row[column];
    let value: unknown = stored;
    if (typeof stored === 'string') {
      try {
        value = JSON.parse(stored);
      } catch {
        return this.corrupt(row, column, 'not JSON');
      }
    }
    const parsed = JSON_COLUMNS[column].safeParse(value);
    if (!parsed.success) {
      return this.corrupt(row, column, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    }
    return parsed.data;
  }

  private corrupt(row: UnknownRow, column: JsonColumn, reason: string): null {
    const report = this.logger ?? { error: (details: object, message: string) => console.warn(message, details) };
    report.error({ devisId: row.id, column, reason }, 'corrupt JSON column of a quote: read as empty');
    return null;
  }
}
