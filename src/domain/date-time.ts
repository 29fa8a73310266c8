// The server's e-mails write an instant as read in France (the client has lib/format.ts).

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as read in France, 24 h: "2026-11-21T23:30:00Z" → "22/11/2026 00:30". */
export function formatParisDateTime(iso: string): string {
  return parisDateTime.format(new Date(iso)).replace(',', '');
}
