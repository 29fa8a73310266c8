import Bowser from 'bowser';
import type { DeviceSession } from '#domain/schemas/sessions.ts';
import { recordAudit } from '#server/audit/service.ts';
import { withWriteTransaction, type DatabaseHandle } from '#server/db/index.ts';
import type { Viewer } from '#server/viewer.ts';
import { notFound } from '#server/errors.ts';
import { deleteOtherSessionsOf, deleteSessionOf, listSessionsOf } from './repository.ts';

export type SessionDeps = { database: DatabaseHandle };
/** The caller: its account, the session its cookie names, and its address. */
export type SessionCaller = { viewer: Viewer; sessionId: string; ip: string };

const isoOf = (value: string | Date) => new Date(value).toISOString();

/** Browser, system and kind of device, read from the user agent (bowser); null when it says nothing. */
export function describeUserAgent(userAgent: string | null): Pick<DeviceSession, 'navigateur' | 'systeme' | 'appareil'> {
  if (!userAgent) return { navigateur: null, systeme: null, appareil: null };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { navigateur: browser || null, systeme: os || null, appareil: parsed.platform.type ?? null };
}

/** The account's open sessions, the caller's first, then by last activity. */
export async function listDevices(deps: SessionDeps, caller: SessionCaller, now = new Date()): Promise<DeviceSession[]> {
  const rows = await listSessionsOf(deps.database.db, caller.viewer.id);
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now.getTime())
    .map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      ip: row.ipAddress || null,
      creeLe: isoOf(row.createdAt),
      // better-auth moves `updatedAt` at most once a day; an administrator's session also has its last request.
      derniereActivite: isoOf(
        row.lastActivityAt && new Date(row.lastActivityAt) > new Date(row.updatedAt) ? row.lastActivityAt : row.updatedAt,
      ),
      estCetAppareil: row.id === caller.sessionId,
    }))
    .sort((a, b) => Number(b.estCetAppareil) - Number(a.estCetAppareil) || b.derniereActivite.localeCompare(a.derniereActivite));
}

/** Ends one of the account's sessions (its browser is logged out at its next request); 404 for any other. */
export async function revokeDevice(deps: SessionDeps, caller: SessionCaller, sessionId: string): Promise<void> {
  await withWriteTransaction(deps.database, async (trx) => {
    if (!(await deleteSessionOf(trx, caller.viewer.id, sessionId))) throw notFound();
    await recordAudit(trx, {
      kind: 'session.revoked',
      actorId: caller.viewer.id,
      actorEmail: caller.viewer.email,
      compteId: caller.viewer.id,
      ip: caller.ip,
      details: { sessionId, cetAppareil: sessionId === caller.sessionId },
    });
  });
}

/** Ends every session of the account but the caller's; returns how many ended. */
export async function revokeOtherDevices(deps: SessionDeps, caller: SessionCaller): Promise<number> {
  return withWriteTransaction(deps.database, async (trx) => {
    const count = await deleteOtherSessionsOf(trx, caller.viewer.id, caller.sessionId);
    await recordAudit(trx, {
      kind: 'session.revoked_others',
      actorId: caller.viewer.id,
      actorEmail: caller.viewer.email,
      compteId: caller.viewer.id,
      ip: caller.ip,
      details: { sessions: count },
    });
    return count;
  });
}
