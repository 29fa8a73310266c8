/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely's documented form for migrations */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take Kysely<any>, never the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('utilisateurs')
    .addColumn('uid', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('nom', 'text', (col) => col.notNull())
    .addColumn('telephone', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('adresse', 'text', (col) => col.notNull())
    .addColumn('dateInscription', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('devis_counter')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull())
    .execute();
  await db.insertInto('devis_counter').values({ name: 'numeroDevis', value: 0 }).execute();

  await db.schema
    .createTable('devis')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('uid', 'varchar(64)')
    .addColumn('email', 'text')
    .addColumn('numeroDevis', 'integer', (col) => col.notNull().unique())
    .addColumn('statut', 'text', (col) => col.notNull().defaultTo('en attente'))
    .addColumn('archive', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dateSimulation', 'text', (col) => col.notNull())
    .addColumn('adresseDepart', 'text', (col) => col.notNull())
    .addColumn('adresseArrivee', 'text', (col) => col.notNull())
    .addColumn('typeVehicule', 'text', (col) => col.notNull())
    .addColumn('distanceKm', 'double precision', (col) => col.notNull())
    .addColumn('prixCentimes', 'integer', (col) => col.notNull())
    .addColumn('typeConvoyage', 'text')
    .addColumn('clientType', 'text')
    .addColumn('clientDetails', 'text')
    .addColumn('contactDepart', 'text')
    .addColumn('contactArrivee', 'text')
    .addColumn('priseInfo', 'text')
    .addColumn('livraisonInfo', 'text')
    .addColumn('options', 'text')
    .addColumn('infosVehicule', 'text')
    .addColumn('commentaire', 'text')
    .addColumn('clauses', 'text')
    .addColumn('signedFileKey', 'text')
    .addColumn('createdAt', 'text', (col) => col.notNull())
    .addColumn('updatedAt', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('devis_uid_idx').on('devis').columns(['uid', 'archive']).execute();
  await db.schema.createIndex('devis_statut_idx').on('devis').column('statut').execute();
  await db.schema.createIndex('devis_email_idx').on('devis').column('email').execute();

  await db.schema
    .createTable('devis_historique')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('devisId', 'varchar(64)', (col) => col.notNull().references('devis.id').onDelete('cascade'))
    .addColumn('fromStatut', 'text')
    .addColumn('toStatut', 'text', (col) => col.notNull())
    .addColumn('byUserId', 'varchar(64)')
    .addColumn('byRole', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('devis_historique_devis_idx').on('devis_historique').column('devisId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('devis_historique').execute();
  await db.schema.dropTable('devis').execute();
  await db.schema.dropTable('devis_counter').execute();
  await db.schema.dropTable('utilisateurs').execute();
}
