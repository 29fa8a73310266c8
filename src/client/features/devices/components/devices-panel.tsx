import { useId } from 'react';
import { formatParisDateTime } from '#domain/format.ts';
import type { DeviceSession } from '#domain/schemas/sessions.ts';
import { sessionTexts as s } from '#domain/texts/sessions.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { useDevices, useRevokeDevice, useRevokeOtherDevices } from '../api/use-devices.ts';
import styles from './devices.module.css';

function describe(session: DeviceSession) {
  return `${session.navigateur ?? s.unknownBrowser} · ${session.systeme ?? s.unknownSystem}`;
}

/** « Mes appareils »: the account's open sessions, each one with « Déconnecter », and all the others at once. */
export function DevicesPanel() {
  const headingId = useId();
  const devices = useDevices();
  const revoke = useRevokeDevice();
  const revokeOthers = useRevokeOtherDevices();
  const others = devices.data?.filter((session) => !session.estCetAppareil) ?? [];
  return (
    <section id="appareils" aria-labelledby={headingId}>
      <h2 id={headingId}>{s.title}</h2>
      <p>{s.intro}</p>
      <QueryStatus query={devices} loading={s.loading} failure={s.loadError} />
      {devices.data ? (
        <ul className={styles.list} aria-label={s.title}>
          {devices.data.map((session) => (
            <li key={session.id} className={styles.device} aria-current={session.estCetAppareil || undefined}>
              <p className={styles.name}>
                <strong>{describe(session)}</strong>
                {session.estCetAppareil ? <span className={styles.badge}>{s.thisDevice}</span> : null}
              </p>
              <p className={styles.meta}>
                {session.ip ? s.ip(session.ip) : s.unknownIp}
                <br />
                {s.lastActivity(formatParisDateTime(session.derniereActivite))}
                <br />
                {s.signedInAt(formatParisDateTime(session.creeLe))}
              </p>
              {session.estCetAppareil ? null : (
                <Button
                  variant="secondary"
                  aria-label={`${s.disconnect} : ${describe(session)}`}
                  isBusy={revoke.isPending && revoke.variables === session.id}
                  onClick={() => revoke.mutate(session.id)}
                >
                  {s.disconnect}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {devices.data && others.length === 0 ? <p>{s.noOtherDevice}</p> : null}
      {others.length > 0 ? (
        <Button variant="danger" isBusy={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
          {s.disconnectOthers}
        </Button>
      ) : null}
      {revoke.isSuccess ? <Message kind="success">{s.disconnected}</Message> : null}
      {revokeOthers.isSuccess ? <Message kind="success">{s.othersDisconnected(revokeOthers.data.deconnectees)}</Message> : null}
      {revoke.isError || revokeOthers.isError ? <Message kind="error">{s.actionError}</Message> : null}
    </section>
  );
}
