import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The one IndexedDB database of what the back office keeps on the phone until the server has
 * it (through `idb`): the inspections' drafts, photos and deletions (version 1), the expenses
 * and their receipts (version 2), the positions of the live tracking (version 3). Each feature describes its own stores' records (`Schema`);
 * this module alone creates them, so that a phone upgraded from an earlier version keeps what
 * it held. The shared sender (offline-sender.ts) sends what the features' steps read from it.
 */
const DB_NAME = 'convoyage-missions';
const VERSION = 3;

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
      if (oldVersion < 3) db.createObjectStore('positions', { keyPath: 'id' });
    },
  });
  return opened as unknown as Promise<IDBPDatabase<Schema>>;
}

/** The field a store's records are listed by: a date as ISO text (when it was saved, or read). */
type OrderField<Value> = { [Field in keyof Value]: Value[Field] extends string ? Field : never }[keyof Value];

/**
 * A store of records under their key (the expenses, the positions and the inspections' photos
 * under their `id`, the inspections' drafts under their `key`), and what the features do with
 * one: keep it, list them, read one, change a few of its fields, forget it.
 */
export function recordStore<Value extends object>(name: 'expenses' | 'positions' | 'photos' | 'drafts') {
  const database = () => offlineDatabase<{ [Store in typeof name]: { key: string; value: Value } }>();
  return {
    async save(record: Value): Promise<void> {
      await (await database()).put(name, record);
    },
    async list(orderBy: OrderField<Value>): Promise<Value[]> {
      const records = await (await database()).getAll(name);
      return records.sort((a, b) => (a[orderBy] as string).localeCompare(b[orderBy] as string));
    },
    async find(key: string): Promise<Value | undefined> {
      return (await database()).get(name, key);
    },
    /** Changes a few fields in one transaction; `changes` may be computed from the record as it is then. */
    async update(key: string, changes: Partial<Value> | ((record: Value) => Partial<Value>)): Promise<void> {
      const transaction = (await database()).transaction(name, 'readwrite');
      const record = await transaction.store.get(key);
      if (record) await transaction.store.put({ ...record, ...(typeof changes === 'function' ? changes(record) : changes) });
      await transaction.done;
    },
    async forget(...ids: readonly string[]): Promise<void> {
      const transaction = (await database()).transaction(name, 'readwrite');
      await Promise.all([...ids.map((id) => transaction.store.delete(id)), transaction.done]);
    },
  };
}
