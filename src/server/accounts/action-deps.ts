import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import type { Auth } from './auth.ts';

/**
 * What a change to the signed-in account (its second factor, its deletion) needs: the stores,
 * better-auth for the password check, the outbox for the e-mail it causes, and the caller's IP
 * for the journal.
 */
export type AccountActionDeps = {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  outbox: Pick<OutboxWorker, 'kick'>;
  log: FastifyBaseLogger;
  /** The caller's IP, for the journal. */
  ip: string | null;
};
