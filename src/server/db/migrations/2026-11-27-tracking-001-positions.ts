/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { dropTables, id, optional, reference, required } from './lib.ts';

/**
 * Live tracking of a mission (tracking/): the receiver's link of each mission picked up (only
 * the SHA-256 of its token), the positions the operator's phone sent (ids made by the page),
 * and the outbox's channel: an e-mail, or a text message whose recipient is an E.164 number.
 * Both tracking tables go with their quote; the retention task deletes positions
 * TRACKING_RETENTION_DAYS after the delivery.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notification_preferences')
    .addColumn('smsUpdates', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('outbox')
    .addColumn('channel', 'varchar(8)', (col) => col.notNull().defaultTo('email'))
    .execute();

  await db.schema
    .createTable('tracking_links')
    .addColumn('devisId', 'varchar(64)', (col) => col.primaryKey().references('devis.id').onDelete('cascade'))
    .addColumn('tokenSha256', 'varchar(64)', (col) => col.notNull().unique())
    .$call(required('text', 'startedAt'))
    .$call(optional('text', 'endedAt', 'approachNotifiedAt'))
    .execute();

  await db.schema
    .createTable('tracking_positions')
    .$call(id)
    .$call(reference('devisId', 'devis.id', 'cascade'))
    .$call(required('double precision', 'lat', 'lon', 'accuracy'))
    .$call(required('text', 'takenAt', 'receivedAt'))
    .execute();
  await db.schema.createIndex('tracking_positions_devis_idx').on('tracking_positions').columns(['devisId', 'takenAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'tracking_positions', 'tracking_links');
  await db.schema.alterTable('outbox').dropColumn('channel').execute();
  await db.schema.alterTable('notification_preferences').dropColumn('smsUpdates').execute();
}
