import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from './use-debounced.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebounced', () => {
  it('gives the value once it has stopped changing', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), { initialProps: { value: '' } });
    rerender({ value: 'Du' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'Dupont' });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe('Dupont');
  });

  it('follows at once a value brought back to the settled one (the back button), never the stale text', () => {
    // The admin toolbar: `text` is what the field shows, `q` the search in the address.
    const { result, rerender } = renderHook(({ text, q }) => useDebounced(text, 300, { settled: q }), {
      initialProps: { text: '', q: '' },
    });
    rerender({ text: 'dupont', q: '' });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe('dupont');
    rerender({ text: 'dupont', q: 'dupont' });
    // The back button brings the previous search back: the field shows it, and so does the result.
    rerender({ text: '', q: '' });
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe('');
    // Typing afterwards starts from there, not from the old text.
    rerender({ text: 'm', q: '' });
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe('m');
  });
});
