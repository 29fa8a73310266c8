import type { CompletionInput } from '#domain/schemas/devis-completion.ts';

const PREFIX = 'devis-completion-draft:';

/**
 * What a customer has typed in a quote's completion form, kept in this tab (sessionStorage)
 * until the form is sent: an expired session, a lost connection or a reload on a phone
 * loses nothing. Logging out forgets every draft. Storage refused (private mode, full):
 * the form works as without a draft.
 */
export function readCompletionDraft(id: string): Partial<CompletionInput> | null {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + id);
    const draft: unknown = raw ? JSON.parse(raw) : null;
    return draft && typeof draft === 'object' ? (draft as Partial<CompletionInput>) : null;
  } catch {
    return null;
  }
}

export function saveCompletionDraft(id: string, values: unknown): void {
  try {
    window.sessionStorage.setItem(PREFIX + id, JSON.stringify(values));
  } catch {
    // No draft then.
  }
}

export function clearCompletionDraft(id: string): void {
  try {
    window.sessionStorage.removeItem(PREFIX + id);
  } catch {
    // Nothing was stored.
  }
}

export function clearCompletionDrafts(): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, index) => window.sessionStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The empty form with the draft's values in it: a field the draft lacks keeps its empty value. */
export function withDraft(empty: CompletionInput, draft: Partial<CompletionInput>): CompletionInput {
  const merged: Record<string, unknown> = { ...empty };
  for (const [key, value] of Object.entries(draft)) {
    const base = merged[key];
    if (value === undefined || !(key in empty)) continue;
    merged[key] = isRecord(base) && isRecord(value) ? { ...base, ...value } : value;
  }
  return merged as CompletionInput;
}
