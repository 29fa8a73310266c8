/** SIREN of La Poste: its establishments' SIRETs follow a different checksum. */
const LA_POSTE_SIREN = '356000000';

/** "123 456 789 00012" → "12345678900012" (spaces and dots are only presentation). */
export function normalizeSiret(value: string): string {
  return value.replace(/[\s.]/g, '');
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A SIRET is 14 digits with a Luhn checksum; La Poste's establishments (SIREN 356000000)
 * instead have a digit sum that is a multiple of 5 (INSEE rule).
 */
export function isValidSiret(value: string): boolean {
  const digits = normalizeSiret(value);
  if (!/^\d{14}$/.test(digits)) return false;
  if (luhnValid(digits)) return true;
  if (digits.startsWith(LA_POSTE_SIREN)) {
    const sum = [...digits].reduce((total, digit) => total + Number(digit), 0);
    return sum % 5 === 0;
  }
  return false;
}

/** The SIREN (the business, 9 digits) of a SIRET (one of its establishments, 14 digits); null when it is not a SIRET. */
export function sirenOfSiret(value: string): string | null {
  const digits = normalizeSiret(value);
  return /^\d{14}$/.test(digits) ? digits.slice(0, 9) : null;
}
