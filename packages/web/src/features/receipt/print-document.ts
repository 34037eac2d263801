import type { ReceiptPaper } from './receipt';

export const PRINTING_CLASS = 'receipt-printing';
const PAGE_STYLE_ID = 'receipt-roll-page';
const PX_PER_MM = 96 / 25.4;

/**
 * Prints the copy in `root` alone: the roll's page length is set to the
 * receipt's own height so a thermal printer cuts right after it.
 */
export function printDocument(root: HTMLElement, paper: ReceiptPaper): void {
  document.getElementById(PAGE_STYLE_ID)?.remove();
  const style = document.createElement('style');
  style.id = PAGE_STYLE_ID;
  const lengthMm = Math.max(80, Math.ceil(root.scrollHeight / PX_PER_MM) + 6);
  // eslint-disable-next-line i18next/no-literal-string -- a CSS rule, not text shown to anyone
  style.textContent = `@page receipt-roll { size: 80mm ${lengthMm}mm; margin: 0; }`;
  document.head.appendChild(style);
  root.dataset.paper = paper;
  root.dataset.printing = 'true';
  document.body.classList.add(PRINTING_CLASS);
  const done = () => {
    document.body.classList.remove(PRINTING_CLASS);
    delete root.dataset.printing;
    style.remove();
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
