import type { ReactNode } from 'react';
import styles from './ui.module.css';

/**
 * A value that never breaks across lines on a phone: an invoice number (« F-2026-0001 »:
 * browsers break after its hyphens), an amount with its unit, an e-mail address (its hyphens
 * too). The text is unchanged, so what a reader copies and what tests read stay the same.
 * (Links to an address, `mailto:`, are kept whole by the global style.)
 */
export function NoBreak({ children }: { children: ReactNode }) {
  return <span className={styles.keepTogether}>{children}</span>;
}

/** `text` with `part` (an invoice number in a catalogue text) kept on one line. */
export function KeepTogether({ text, part }: { text: string; part: string | null | undefined }) {
  const at = part ? text.indexOf(part) : -1;
  if (!part || at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <NoBreak>{part}</NoBreak>
      {text.slice(at + part.length)}
    </>
  );
}
