import type { ReactNode } from 'react';
import { texts } from '#domain/texts/common.ts';
import styles from './ui.module.css';

/**
 * Holds a form's place while its code arrives, so nothing below it jumps when it appears.
 * `className`: a class giving the form's own height on a phone, when it is not the default
 * 20rem (a class, not a style attribute: the Content-Security-Policy refuses those in the
 * prerendered page).
 */
export function FormPlaceholder({ className, children = texts.loadingForm }: { className?: string; children?: ReactNode }) {
  return (
    <p className={className ? `${styles.formPlaceholder} ${className}` : styles.formPlaceholder} role="status">
      {children}
    </p>
  );
}
