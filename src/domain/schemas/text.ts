import { z } from 'zod';
import { textRuleMessages } from '../texts/common.ts';

/**
 * The rules every text field of every route shares, on both sides (forms and API).
 *
 * A database cannot store some strings, or stores them altered: PostgreSQL refuses U+0000 in
 * `text` (and SQLite keeps it, so the two engines would differ), and an unpaired UTF-16
 * surrogate becomes U+FFFD once encoded as UTF-8. The other C0 and C1 control characters
 * (escape sequences, NEL, …) have no business in a name or an address and make logs, e-mails
 * and PDFs lie. So: no control character at all in a single-line field; tab and line breaks
 * (CR, LF) only in a multi-line one such as `commentaire`; never an unpaired surrogate.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- tab, LF and CR are allowed here, nothing else
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextKind = 'single-line' | 'multi-line';

/** True when `value` holds only characters a text field may store (see above). */
export function isStorableText(value: string, kind: TextKind = 'single-line'): boolean {
  const control = kind === 'multi-line' ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return !control.test(value) && !UNPAIRED_SURROGATE.test(value);
}

const UNSTORABLE = {
  'single-line': new RegExp(`${CONTROL_SINGLE_LINE.source}|${UNPAIRED_SURROGATE.source}`, 'g'),
  'multi-line': new RegExp(`${CONTROL_MULTI_LINE.source}|${UNPAIRED_SURROGATE.source}`, 'g'),
};

/**
 * `value` with every character the rule refuses turned into a space (for derived text such as
 * a search index, or text imported from elsewhere).
 */
export function toStorableText(value: string, kind: TextKind = 'single-line'): string {
  return value.replace(UNSTORABLE[kind], ' ');
}

/**
 * A string field with the shared character rule, checked before the field's own rules so that
 * a hostile string is refused with the same French message wherever it is sent. `trim` drops
 * the spaces and line breaks around the value first (a pasted "Lyon\n" is fine).
 */
export function storableString(options: { kind?: TextKind; error?: string; trim?: boolean } = {}) {
  const kind = options.kind ?? 'single-line';
  const base = z.string(options.error ? { error: options.error } : undefined);
  return (options.trim ? base.trim() : base).refine((value) => isStorableText(value, kind), {
    message: textRuleMessages.invalidCharacters,
    abort: true,
  });
}

/** RFC 5321 bounds an address to 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The one e-mail rule: a single address (no list, no display name, no comment), ASCII, with
 * a dotted domain; stored and compared trimmed and lower-cased. `client,pirate@evil.example`
 * is refused, so no field can ever name two recipients.
 */
export const EMAIL_PATTERN = z.regexes.email;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Lower-cased and trimmed: the form in which e-mails are stored and compared. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A required e-mail address under the one rule, normalised. */
export function emailAddress(messages: { required: string; invalid: string }) {
  return storableString({ error: messages.required, trim: true })
    .min(1, messages.required)
    .refine(isEmailAddress, messages.invalid)
    .transform(normalizeEmail);
}

/** An e-mail address that may be left empty (''), normalised when given. */
export function optionalEmailAddress(messages: { invalid: string; type?: string }) {
  return storableString({ error: messages.type, trim: true })
    .refine((value) => value === '' || isEmailAddress(value), messages.invalid)
    .transform(normalizeEmail);
}

/** An identifier in a path (a quote id): the shared rule, bounded. */
export const idParamSchema = storableString().min(1, textRuleMessages.invalidId).max(64, textRuleMessages.invalidId);

/** A page number in a query string (the lists' `page`): from 1, 1 when absent. */
export const pageQuerySchema = z.coerce.number().int().min(1).max(100_000).optional().default(1);

/** A one-time token from an e-mailed link: URL-safe characters only, bounded. */
export const TOKEN_PATTERN = /^[\w.~-]{1,4096}$/;
