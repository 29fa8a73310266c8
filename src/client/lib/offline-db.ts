import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The one IndexedDB database of what the back office keeps on the phone until the server has
 * it (through `idb`): the inspections' drafts, photos and deletions (version 1), the expenses
 * and their receipts (version 2). Each feature describes its own stores' records (`Schema`);
 * this module alone creates them, so that a phone upgraded from an earlier version keeps what
 * it held. The shared sender (offline-sender.ts) sends what the features' steps read from it.
 */
const DB_NAME = 'convoyage-missions';
const VERSION = 2;

let opened: Promise<IDBPDatabase> | null = null;

export function offlineDatabase<Schema extends DBSchema>(): Promise<IDBPDatabase<Schema>> {
  opened ??= openDB(DB_NAME, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('drafts', { keyPath: 'key' });
        db.createObjectStore('photos', { keyPath: 'id' }).createIndex('byDraft', 'draftKey');
        db.createObjectStore('deletions', { keyPath: 'id' });
      }
      if (oldVersion < 2) db.createObjectStore('expenses', { keyPath: 'id' });
    },
  });
  return opened as unknown as Promise<IDBPDatabase<Schema>>;
}
