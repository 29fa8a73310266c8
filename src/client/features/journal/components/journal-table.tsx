import { formatParisDateTime } from '#domain/format.ts';
import type { AuditEntry } from '#domain/audit.ts';
import { journalTexts as j } from '#domain/texts/sessions.ts';
import { TableHead } from '#client/ui/lists.tsx';
import styles from './journal.module.css';

const kindLabel = (kind: string) => (j.kinds as Record<string, string>)[kind] ?? kind;
const detailsOf = (entry: AuditEntry) =>
  Object.entries(entry.details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([name, value]) => `${j.detailNames[name] ?? name} : ${j.detailValues[String(value)] ?? String(value)}`)
    .join(' · ');

/** Journal entries as a table (a list of cards on a phone). */
export function JournalTable({ entries, showQuote = true }: { entries: AuditEntry[]; showQuote?: boolean }) {
  if (entries.length === 0) return <p>{j.empty}</p>;
  return (
    <table className={styles.table}>
      <TableHead columns={[j.colDate, j.colKind, j.colActor, showQuote && j.colQuote, j.colIp, j.colDetails]} />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-kind={entry.kind}>
            <td data-label={j.colDate}>
              <time dateTime={entry.at}>{formatParisDateTime(entry.at)}</time>
            </td>
            <td data-label={j.colKind}>{kindLabel(entry.kind)}</td>
            <td data-label={j.colActor}>{entry.actorEmail ?? '—'}</td>
            {showQuote ? <td data-label={j.colQuote}>{entry.numeroDevis !== null ? j.quoteNumber(entry.numeroDevis) : '—'}</td> : null}
            <td data-label={j.colIp}>{entry.ip ?? '—'}</td>
            <td data-label={j.colDetails}>{detailsOf(entry) || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
