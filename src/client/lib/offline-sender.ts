import { ApiError } from './api.ts';

/**
 * The one sender of what the back office keeps on the phone until the server has it (the
 * inspections, the expenses): each feature keeps its own IndexedDB store and registers the step
 * that sends it; one round runs every step, one request at a time, whenever the network is
 * there. A network failure stops the round (the next one starts when the browser is back online,
 * or within 15 s); a refusal is the step's to keep with its French message; a lost session stops
 * everything until the operator signs in again. Ids are made by the page and the server's routes
 * are idempotent, so what is sent again after a lost answer is stored once.
 */

/** What a step tells whoever shows it: which record changed (`key`), and the server's answer if any. */
export type SyncEvent = { key?: string; answer?: unknown };
type Listener = (event: SyncEvent) => void;
const listeners = new Set<Listener>();
export const syncStatus = { running: false, sessionExpired: false };

export function onSyncChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const emitSync = (event: SyncEvent = {}) => listeners.forEach((listener) => listener(event));

class Offline extends Error {}
class SessionExpired extends Error {}

/**
 * No network, or a server that does not answer well (a proxy's 502 in a car park): what the
 * sender tries again later, and what a page keeps on the phone for it rather than showing.
 */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429);

export type Refusal = { isRefused: true; status: number; message: string };

/**
 * One request through the shared client: its answer, or the server's refusal with its French
 * message. No network, or a server that does not answer well (a proxy's 502 in a car park), is
 * like no network: the round stops and is tried again later; a lost session stops everything.
 */
export async function send<T>(request: Promise<T>): Promise<T | Refusal> {
  try {
    return await request;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (isUnreachable(error)) throw new Offline();
    if (error.status === 401) throw new SessionExpired();
    return { isRefused: true, status: error.status, message: error.message };
  }
}
export const isRefusal = (answer: unknown): answer is Refusal => (answer as Refusal | null)?.isRefused === true;

const steps = new Map<string, () => Promise<void>>();

/** A feature's step of the round (registered once per name: a module loaded again replaces it). */
export function registerSender(name: string, step: () => Promise<void>): void {
  steps.set(name, step);
}

let round: Promise<void> | null = null;
let again = false;

/** One round of sending; a call during a round asks for another one right after it. */
export function syncNow(): Promise<void> {
  if (round) {
    again = true;
    return round;
  }
  round = (async () => {
    syncStatus.running = true;
    emitSync();
    try {
      do {
        again = false;
        for (const step of steps.values()) await step();
      } while (again);
      syncStatus.sessionExpired = false;
    } catch (error) {
      if (error instanceof SessionExpired) syncStatus.sessionExpired = true;
      else if (!(error instanceof Offline)) throw error;
    } finally {
      syncStatus.running = false;
      round = null;
      emitSync();
    }
  })();
  return round;
}

let started = false;

/** Sends now, when the browser comes back online, and every 15 s while a page of the back office is open. */
export function startSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void syncNow());
  window.setInterval(() => void syncNow(), 15_000);
  void syncNow();
}
