/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';
import { dropTables, id, optional, reference, required, timestamps } from './lib.ts';

// Migrations are frozen in time: they take Kysely<any>, never the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('utilisateurs')
    .addColumn('uid', 'varchar(64)', (col) => col.primaryKey())
    .$call(required('text', 'nom', 'telephone', 'email', 'type', 'adresse', 'dateInscription'))
    .execute();

  await db.schema
    .createTable('devis_counter')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .$call(required('integer', 'value'))
    .execute();
  await db.insertInto('devis_counter').values({ name: 'numeroDevis', value: 0 }).execute();

  await db.schema
    .createTable('devis')
    .$call(id)
    .addColumn('uid', 'varchar(64)')
    .addColumn('email', 'text')
    .addColumn('numeroDevis', 'integer', (col) => col.notNull().unique())
    .addColumn('statut', 'text', (col) => col.notNull().defaultTo('en attente'))
    .addColumn('archive', 'integer', (col) => col.notNull().defaultTo(0))
    .$call(required('text', 'dateSimulation', 'adresseDepart', 'adresseArrivee', 'typeVehicule'))
    .$call(required('double precision', 'distanceKm'))
    .$call(required('integer', 'prixCentimes'))
    .$call(optional('text', 'typeConvoyage', 'clientType', 'clientDetails', 'contactDepart', 'contactArrivee', 'priseInfo'))
    .$call(optional('text', 'livraisonInfo', 'options', 'infosVehicule', 'commentaire', 'clauses', 'signedFileKey'))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('devis_uid_idx').on('devis').columns(['uid', 'archive']).execute();
  await db.schema.createIndex('devis_statut_idx').on('devis').column('statut').execute();
  await db.schema.createIndex('devis_email_idx').on('devis').column('email').execute();

  await db.schema
    .createTable('devis_historique')
    .$call(id)
    .$call(reference('devisId', 'devis.id', 'cascade'))
    .addColumn('fromStatut', 'text')
    .$call(required('text', 'toStatut'))
    .addColumn('byUserId', 'varchar(64)')
    .$call(required('text', 'byRole', 'at'))
    .execute();
  await db.schema.createIndex('devis_historique_devis_idx').on('devis_historique').column('devisId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, 'devis_historique', 'devis', 'devis_counter', 'utilisateurs');
}
