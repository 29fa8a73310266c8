import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for this Node (decision 0068). better-sqlite3 12 aborts the process on
 * Node 24 when a statement is collected after its environment is gone (its destructor calls
 * `RemoveEnvironmentCleanupHook`; WiseLibs/better-sqlite3#1515, closed without a fix); 13, on
 * Node-API, fixes it but needs Node 22 and crashes on Node 20. So Node 22 and later, where the
 * product runs, get 13 (installed as `better-sqlite3-13`); Node 20, which this repository's CI
 * machine still runs, gets 12, until that machine moves and 12 goes.
 */
const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

export const sqliteDriverPackage = nodeMajor >= 22 ? 'better-sqlite3-13' : 'better-sqlite3';

const SqliteDatabase = require(sqliteDriverPackage) as typeof BetterSqlite3;
export default SqliteDatabase;
