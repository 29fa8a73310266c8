import { useEffect, type Dispatch, type RefObject, type SetStateAction } from 'react';

/**
 * While a menu or a sheet is open, Escape closes it and gives the focus back to the button that
 * opened it (the disclosure pattern of the WAI-ARIA practices).
 */
export function useEscapeToClose(
  isOpen: boolean,
  setIsOpen: Dispatch<SetStateAction<boolean>>,
  toggle: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, setIsOpen, toggle]);
}
