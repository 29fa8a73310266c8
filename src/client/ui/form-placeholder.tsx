import { texts } from '#domain/texts.ts';
import styles from './ui.module.css';

/** Holds a form's place while its code arrives, so nothing below it jumps when it appears. */
export function FormPlaceholder() {
  return (
    <p className={styles.formPlaceholder} role="status">
      {texts.loadingForm}
    </p>
  );
}
