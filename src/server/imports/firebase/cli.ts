import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importTexts as m, type ImportCollection } from '#domain/texts/import.ts';
import { authMigrations, createAuth } from '#server/accounts/auth.ts';
import { ConfigError, loadConfig, type Config } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/index.ts';
import { migrateAll } from '#server/db/migrate.ts';
import { createFileStore } from '#server/storage/file-store.ts';
import { formatReport, type ImportReport } from './report.ts';
import { runImport, withImportLock, type ImportSources } from './service.ts';
import { ImportInputError, listSignedFiles, readAuthExport, readFirestoreExport, readHashConfig } from './sources.ts';

type Args = { firestore?: string; auth?: string; hashConfig?: string; files?: string; dryRun: boolean };

/** The command line, checked: the message of an ImportInputError says what is wrong. */
export function parseImportArgs(argv: string[]): Args {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        firestore: { type: 'string' },
        auth: { type: 'string' },
        'hash-config': { type: 'string' },
        files: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new ImportInputError(`${(error as Error).message}\n\n${m.usage}`);
  }
  const args: Args = {
    firestore: values.firestore as string | undefined,
    auth: values.auth as string | undefined,
    hashConfig: values['hash-config'] as string | undefined,
    files: values.files as string | undefined,
    dryRun: values['dry-run'] === true,
  };
  if (!args.firestore && !args.auth && !args.files) throw new ImportInputError(`${m.noSource}\n\n${m.usage}`);
  if (args.auth && !args.hashConfig) throw new ImportInputError(m.authWithoutHashConfig);
  if (args.hashConfig && !args.auth) throw new ImportInputError(m.hashConfigWithoutAuth);
  return args;
}

/** Every input read and checked before anything is written. */
export async function readSources(args: Args): Promise<ImportSources> {
  const resolve = (file: string | undefined) => (file ? path.resolve(file) : null);
  return {
    firestore: args.firestore ? await readFirestoreExport(args.firestore) : null,
    auth: args.auth ? await readAuthExport(args.auth) : null,
    hashConfig: args.hashConfig ? await readHashConfig(args.hashConfig) : null,
    files: args.files ? await listSignedFiles(args.files) : null,
    paths: {
      firestore: resolve(args.firestore),
      auth: resolve(args.auth),
      hashConfig: resolve(args.hashConfig),
      files: resolve(args.files),
    },
  };
}

/** Beside the data: the folder of the Firestore export, else of the accounts' export, else the one holding devis-signes/. */
export function reportPath(args: Args, startedAt: string): string {
  const folder = args.firestore
    ? path.dirname(path.resolve(args.firestore))
    : args.auth
      ? path.dirname(path.resolve(args.auth))
      : path.basename(path.resolve(args.files!)) === 'devis-signes'
        ? path.dirname(path.resolve(args.files!))
        : path.resolve(args.files!);
  const stamp = startedAt
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return path.join(folder, `rapport-import-firebase-${stamp}.json`);
}

/** Where the command writes: the report on `out`, progress and errors on `err`. */
export type CommandIo = { out: Pick<NodeJS.WriteStream, 'write'>; err: Pick<NodeJS.WriteStream, 'write' | 'isTTY'> };

/** A progress line: rewritten in place on a terminal, one line per tenth otherwise. */
function progressPrinter(stream: CommandIo['err']) {
  let last = '';
  return {
    update(collection: ImportCollection, done: number, total: number) {
      const line = m.progress(m.stage[collection], done, total);
      if (stream.isTTY) {
        stream.write(`\r${line}\x1b[K`);
        last = line;
        if (done === total) {
          stream.write('\n');
          last = '';
        }
        return;
      }
      const step = Math.max(1, Math.ceil(total / 10));
      if (done === total || done % step === 0) stream.write(`${line}\n`);
    },
    end() {
      if (last) stream.write('\n');
    },
  };
}

/**
 * The database as the server would open it. A dry run never creates one: on SQLite, a
 * database file that does not exist yet is left so (nothing to read); nor does it migrate.
 */
async function openForImport(config: Config, dryRun: boolean): Promise<DatabaseHandle | null> {
  if (dryRun && config.database.kind === 'sqlite' && !existsSync(config.database.file)) return null;
  const database = openDatabase(config.database);
  if (!dryRun) {
    // Nothing here sends e-mail; better-auth is only needed for its tables.
    const auth = createAuth({ config, database, outbox: { kick: () => undefined } });
    await migrateAll(database, authMigrations(auth));
  }
  return database;
}

export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  io: CommandIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const print = (text: string) => io.out.write(`${text}\n`);
  const complain = (text: string) => io.err.write(`${text}\n`);
  let args: Args;
  let sources: ImportSources;
  let config: Config;
  try {
    args = parseImportArgs(argv);
    config = loadConfig(env, { readOnly: args.dryRun });
    sources = await readSources(args);
  } catch (error) {
    if (error instanceof ImportInputError || error instanceof ConfigError) {
      complain(error.message);
      return 2;
    }
    throw error;
  }

  const database = await openForImport(config, args.dryRun);
  if (!database) complain(m.databaseMissingForDryRun);
  const progress = progressPrinter(io.err);
  let report: ImportReport;
  try {
    const deps = { database, fileStore: createFileStore(config.storage), adminEmail: config.adminEmail };
    const run = () => runImport(deps, sources, { dryRun: args.dryRun, onProgress: progress.update });
    report = database ? await withImportLock(database, run) : await run();
  } catch (error) {
    progress.end();
    complain(m.failed(error instanceof Error ? error.message : String(error)));
    return 1;
  } finally {
    await database?.close();
  }
  progress.end();

  print(formatReport(report));
  if (!args.dryRun) {
    const file = reportPath(args, report.startedAt);
    try {
      await writeFile(file, `${JSON.stringify(report, null, 2)}\n`, { mode: 0o600 });
      print(`\n${m.reportFile(file)}`);
    } catch (error) {
      complain(m.reportFileFailed(file, (error as Error).message));
    }
  }
  print(`\n${m.done(args.dryRun)}`);
  return 0;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  main(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: unknown) => {
      process.stderr.write(`${m.failed(error instanceof Error ? error.message : String(error))}\n`);
      process.exitCode = 1;
    });
}
