import { useId } from 'react';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { Message } from '#client/ui/message.tsx';
import ui from '#client/ui/ui.module.css';
import { usePositionSharing } from '../offline/use-position-sharing.ts';
import styles from './tracking.module.css';

/**
 * On the operator's mission page, between the pickup and the delivery: the phone shares its
 * position (and says so, and that it stops while the page is hidden; it keeps the screen on where
 * the browser allows it), « Pause du suivi », and the server's refusal of positions sent late
 * (`refusal`, from the page's `useWaitingPositions`; how many wait is the page's sync bar's to say).
 */
export function PositionSharing({ devisId, refusal }: { devisId: string; refusal: string | null }) {
  const { paused, togglePause, problem, screenKeptOn } = usePositionSharing(devisId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.panel} data-testid="partage-position">
      <h2 id={headingId}>{k.sharingTitle}</h2>
      <p role="status">{paused ? k.sharingPaused : k.sharingOn}</p>
      {paused ? null : <p className={styles.note}>{k.keepVisible}</p>}
      {screenKeptOn ? <p className={styles.note}>{k.screenKeptOn}</p> : null}
      {problem ? <Message kind="error">{k[problem]}</Message> : null}
      {refusal ? <Message kind="info">{refusal}</Message> : null}
      <button type="button" className={`${ui.button} ${paused ? '' : ui.secondary}`} onClick={togglePause}>
        {paused ? k.resume : k.pause}
      </button>
    </section>
  );
}
