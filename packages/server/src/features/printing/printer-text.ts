/**
 * A document as lines of text for a printer with Thai in its character set (issue 37): in core, shared with the
 * till's own offline printing (issue 38).
 */
export { columnsOf, textLines, wrapText, type TextLine } from '@pos/core';
