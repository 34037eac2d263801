import type { EnglishOf } from './define-messages';
import type { offline as thai } from './offline';

/** Selling while the network is down, and sending those sales when it returns (issue 38), in English. */
export const offline: EnglishOf<typeof thai> = {
  'offline.badge.online': 'Online',
  'offline.badge.offline': 'Offline',
  'offline.badge.waiting': '{count} waiting',
  'offline.badge.srUnit': '{count|sale|sales} to sync',
  'offline.badge.srNothing': 'no sales waiting to sync',
  'offline.badge.srFailed': 'failed:',
  'offline.details.title': 'Selling offline',
  'offline.details.online': 'Connected. Waiting sales are sent to the server automatically.',
  'offline.details.offline':
    'No internet. Cash, transfer and PromptPay sales work as usual; receipts use this till’s reserved numbers and are sent to the server when the internet returns.',
  'offline.details.waiting': '{count} {count|sale|sales} waiting',
  'offline.details.nothingWaiting': 'No sales waiting',
  'offline.details.syncing': 'Sending sales…',
  'offline.details.syncNow': 'Send now',
  'offline.details.otherUsers':
    '{count} {count|sale|sales} of another user on this device will be sent when that user signs in',
  'offline.details.failedTitle': 'Not accepted by the server',
  'offline.details.failedRefundLine': 'Refund of {number} · {total} · {time}',
  'offline.details.failedLine': '{number} · {total} · {time}',
  'offline.details.retry': 'Try again',
  'offline.details.renumberedTitle': 'Recorded under another number',
  'offline.details.renumbered': 'Receipt {printed} was recorded as {recorded}',
  'offline.details.signedOutStop': 'Sending paused: please sign in again',
  'offline.details.retryLater': 'Cannot send yet; retrying automatically',
  'offline.receiptNotSent': 'Not yet sent to the server (sold offline); sent automatically when the internet returns',
  'offline.refused.title': 'Cannot sell offline',
  'offline.refused.noTill': 'No till is chosen on this device, so it cannot sell offline',
  'offline.refused.noCache': 'This device has no product data for offline selling yet: open the till once while online',
  'offline.refused.noNumbers': 'This till’s reserved receipt numbers are used up: connect to reserve more',
  'offline.refused.noShift': 'This device knows of no open shift, so it cannot sell offline',
  'offline.refused.card': 'Card payments need the internet: take cash, transfer or PromptPay',
  'offline.refused.edit': 'Editing a sale needs the internet',
  'offline.refused.storage': 'Cannot save on this device: the sale was not recorded',
  'offline.cardNeedsNetwork': 'Needs the internet (offline now)',
  'offline.refused.notKept':
    'This sale is not kept on this device, so it cannot be done offline; the till keeps its own sales of the last 3 days',
  'offline.refused.refundExceeds': 'More units than the sale has left to refund',
  'offline.refund.refusedTitle': 'Cannot refund offline',
  'offline.refund.noNumbers': 'This till’s reserved credit note numbers are used up: connect first',
  'offline.refund.card': 'Refunds to a card need the internet: refund in cash, by transfer or PromptPay',
  'offline.refund.notice':
    'Offline now: the refund is kept on this device and sent once the till is back online. Cash, transfer or PromptPay only, not to a card',
  'offline.refund.done': 'Kept on this device; sent once the till is back online',
  'offline.keptSales':
    'Offline now: only this till’s sales kept on this device (last 3 days); the totals count only these',
  'offline.needsNetwork': 'Offline now: {action} needs the internet. Please try again once connected',
  'offline.action.refund': 'a refund',
  'offline.action.edit': 'editing a sale',
  'offline.action.settings': 'saving settings',
  'offline.blocked.signOut':
    'Cannot sign out yet: {count} {count|sale is|sales are} not yet sent to the server. Connect to the internet and wait until they are sent',
  'offline.blocked.closeShift':
    'Cannot close the shift yet: {count} {count|sale is|sales are} not yet sent to the server, so the shift’s cash is not complete. Connect to the internet and wait until they are sent',
  'offline.synced': 'Sent {count} offline {count|sale|sales}',
  'offline.syncFailed': 'The server did not accept {count} {count|sale|sales}: see the status badge',
};
