/** Digits with the usual separators and an optional leading +: "06 12 34 56 78", "+33 6 12 34 56 78". */
const PHONE = /^\+?[0-9 .()-]+$/;

/** The one phone rule of every form (sign-up, completion): 9 to 15 digits, as E.164 allows. */
export function isValidPhone(value: string): boolean {
  const digits = value.match(/\d/g)?.length ?? 0;
  return PHONE.test(value) && digits >= 9 && digits <= 15;
}
