/**
 * A sale's receipt and a printer's test page for the roll printer (issue 37). The layout lives in core (issue 38:
 * the till draws the same receipt when it prints offline on its own USB or serial printer); the server's
 * documents take it from here.
 */
export { dateTime, figure, receiptBlocks, sellerBlocks, testPageBlocks } from '@pos/core';
