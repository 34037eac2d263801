import { useEffect, type RefObject } from 'react';
import { flushSync } from 'react-dom';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function isScannedKey(event: KeyboardEvent): boolean {
  const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
  return printable && event.key !== ' ' && !isTypingTarget(event.target);
}

/**
 * A keyboard-wedge scanner types into the search box wherever focus is on the screen. While the receipt is
 * open, the next scan closes it and goes into the search box.
 */
export function useScannerFocus(
  searchRef: RefObject<HTMLInputElement | null>,
  receipt: { open: boolean; close: () => void },
): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isScannedKey(event)) return;
      if (document.querySelector('[role="dialog"],[role="alertdialog"],[role="listbox"]')) return;
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [searchRef]);

  const { open: receiptOpen, close: closeReceipt } = receipt;
  useEffect(() => {
    if (!receiptOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isScannedKey(event)) return;
      // A dialog opened from the receipt (the full tax invoice) is being used: the receipt stays.
      if (document.querySelectorAll('[role="dialog"]').length > 1) return;
      // Closed before the key's default action, so the character lands in the search box.
      flushSync(closeReceipt);
      searchRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [receiptOpen, closeReceipt, searchRef]);
}
