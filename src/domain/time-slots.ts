/** The 48 half-hour slots of a day, "00:00" … "23:30" (spec section 9). */
export const TIME_SLOTS: readonly string[] = Array.from({ length: 48 }, (_, index) => {
  const hours = String(Math.floor(index / 2)).padStart(2, '0');
  return `${hours}:${index % 2 === 0 ? '00' : '30'}`;
});

export function isTimeSlot(value: string): boolean {
  return TIME_SLOTS.includes(value);
}

/** Minutes since midnight of a slot ("08:30" → 510); slots compare as numbers. */
export function slotMinutes(slot: string): number {
  const [hours = '0', minutes = '0'] = slot.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** A real calendar date written YYYY-MM-DD (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
