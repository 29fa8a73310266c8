import styles from './ui.module.css';

/**
 * `text` with `part` (an invoice number « F-2026-0001 ») kept on one line: browsers break after
 * its hyphens, which on a phone split the number across lines. The text itself is unchanged, so
 * what a reader copies and what tests read stay the catalogue's words.
 */
export function KeepTogether({ text, part }: { text: string; part: string | null | undefined }) {
  const at = part ? text.indexOf(part) : -1;
  if (!part || at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className={styles.keepTogether}>{part}</span>
      {text.slice(at + part.length)}
    </>
  );
}
