import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, vi } from 'vitest';

/**
 * For the tests of a feature's step of the shared sender (lib/offline-sender.ts): a fresh
 * IndexedDB (fake-indexeddb) and fresh modules, since the sender keeps its round and its steps
 * in module state; then the feature's store and step, and the sender, loaded again.
 */
export async function freshOfflineModules<Store, Sync>(store: () => Promise<Store>, sync: () => Promise<Sync>) {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
  return { store: await store(), sync: await sync(), sender: await import('#client/lib/offline-sender.ts') };
}

/** The same, loaded now and again before each test of the file: read them as `offline.store`, `offline.sync`, `offline.sender`. */
export async function freshOfflineModulesEachTest<Store, Sync>(store: () => Promise<Store>, sync: () => Promise<Sync>) {
  const offline = await freshOfflineModules(store, sync);
  beforeEach(async () => {
    Object.assign(offline, await freshOfflineModules(store, sync));
  });
  return offline;
}
