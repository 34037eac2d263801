import type { EnglishOf } from './define-messages';
import type { apiErrors as thai } from './api-errors';

export const apiErrors: EnglishOf<typeof thai> = {
  'apiErrors.VALIDATION_FAILED': 'The data is not valid',
  'apiErrors.INVALID_JSON': 'The data is not valid JSON',
  'apiErrors.UNSUPPORTED_MEDIA_TYPE': 'This kind of data is not accepted',
  'apiErrors.PAYLOAD_TOO_LARGE': 'The data sent is too large',
  'apiErrors.NOT_FOUND': 'Not found',
  'apiErrors.ROUTE_NOT_FOUND': 'This API does not exist',
  'apiErrors.UNAUTHENTICATED': 'Please sign in',
  'apiErrors.SESSION_EXPIRED': 'Your session has expired, please sign in again',
  'apiErrors.FORBIDDEN': 'You are not allowed to do this',
  'apiErrors.INVALID_CREDENTIALS': 'Wrong username or password',
  'apiErrors.TOO_MANY_ATTEMPTS': 'Too many failed sign-in attempts',
  'apiErrors.WRONG_CURRENT_PASSWORD': 'The current password is wrong',
  'apiErrors.ACCOUNT_TOO_MANY_ATTEMPTS':
    'Too many wrong passwords were tried for this account, so sign-in from new devices is paused for a while. Sign in from a device you have used before, or try again later',
  'apiErrors.PASSWORD_SAME_AS_CURRENT': 'The new password must differ from the current one',
  'apiErrors.PASSWORD_IS_DEFAULT':
    'This is the default password printed in the manual, which anyone can know. Please choose another',
  'apiErrors.PASSWORD_TOO_COMMON':
    'This password is too easy to guess (a common one, or a simple pattern such as 12345678 or your username). Please choose a longer, less guessable one',
  'apiErrors.PASSWORD_CHANGE_REQUIRED': 'Please change your password before using the app',
  'apiErrors.USERNAME_TAKEN': 'This username is already taken',
  'apiErrors.USER_NOT_FOUND': 'User not found',
  'apiErrors.CANNOT_DEACTIVATE_SELF': 'You cannot deactivate your own account',
  'apiErrors.CANNOT_DELETE_SELF': 'You cannot delete your own account',
  'apiErrors.LAST_ADMIN': 'There must be at least one active administrator',
  'apiErrors.CATEGORY_NOT_FOUND': 'Category not found',
  'apiErrors.CATEGORY_NAME_TAKEN': 'A category with this name already exists',
  'apiErrors.CATEGORY_IN_USE': 'This category cannot be deleted because products still use it',
  'apiErrors.PRODUCT_NOT_FOUND': 'Product not found',
  'apiErrors.STOCK_CHANGED':
    "This product's stock changed while you were adjusting it. Check the latest quantity and adjust again",
  'apiErrors.SKU_TAKEN': 'This SKU or barcode is already used by another product',
  'apiErrors.IMAGE_TOO_LARGE': 'The image is too large, please choose a file of at most 5MB',
  'apiErrors.LOGO_TOO_LARGE': 'The file is too large; choose a file of at most 5 MB',
  'apiErrors.LOGO_NOT_AN_IMAGE': 'The chosen file is not an image; choose a JPG, PNG, GIF or WebP picture',
  'apiErrors.LOGO_FILE_REQUIRED': 'Choose a logo file',
  'apiErrors.IMAGE_STORE_UNAVAILABLE': 'The image storage cannot be reached; please try again',
  'apiErrors.SALE_ALREADY_REFUNDED': 'This sale has already been refunded and cannot be refunded again',
  'apiErrors.REFUND_EXCEEDS_SALE': 'The refund is more than the sale (amount or quantity)',
  'apiErrors.REFUND_AMOUNT_MISMATCH': 'The refund amount does not match the chosen items; please check it',
  'apiErrors.REFUND_LINE_NOT_FOUND': 'The chosen item is not in this sale',
  'apiErrors.EDIT_REASON_REQUIRED': 'Choose a reason for the edit',
  'apiErrors.EDIT_REFUND_MUST_BE_WHOLE': 'Editing a sale refunds everything still left on it',
  'apiErrors.OFF_CARD_REASON_REQUIRED':
    "This sale was paid by card, so the money goes back to the customer's card. To pay it back another way, give the reason for not refunding to the card",
  'apiErrors.CARD_REFUND_NOT_CARD_SALE':
    'This sale was not paid by card, so its money cannot go back to a card. Choose another refund method',
  'apiErrors.CARD_PAYMENT_NOT_FOUND':
    "This sale's card payment was not found at Stripe, so it cannot be refunded to the card. If need be, pay it back another way and give the reason",
  'apiErrors.CARD_REFUND_FAILED':
    'The card refund failed: Stripe did not refund the money, so the refund was not recorded. Try again, or pay it back another way and give the reason',
  'apiErrors.CARD_REFUND_UNCONFIRMED':
    'Stripe could not be reached and it is not yet known whether the card was refunded, so the refund was not recorded. Refund the same items again once connected (the money will not be refunded twice)',
  'apiErrors.CARD_REFUND_PENDING':
    'An earlier card refund of this sale has not finished. Refund those same items again to finish it first, then refund the others',
  'apiErrors.SALE_CURSOR_INVALID': 'The next-page position is not valid; reload the list',
  'apiErrors.IMAGE_UNSUPPORTED_TYPE': 'Only JPG, PNG, GIF or WebP images are accepted',
  'apiErrors.IMAGE_INVALID': 'The image file is damaged or incomplete, please choose another file',
  'apiErrors.CUSTOMER_NOT_FOUND': 'Customer not found',
  'apiErrors.CUSTOMER_PHONE_TAKEN': 'Another customer already has this phone number',
  'apiErrors.IDEMPOTENCY_KEY_REQUIRED': 'A sale request needs an Idempotency-Key',
  'apiErrors.IDEMPOTENCY_KEY_REUSED': 'This Idempotency-Key was already used for another sale',
  'apiErrors.PRODUCT_UNAVAILABLE': 'Some products are no longer available',
  'apiErrors.INSUFFICIENT_STOCK': 'Not enough stock',
  'apiErrors.VARIANT_UNKNOWN': 'The product does not come in the chosen size/colour',
  'apiErrors.VARIANT_INACTIVE': 'The chosen size/colour is switched off for sale',
  'apiErrors.VARIANT_LIMIT': 'A product can have at most 500 size × colour combinations',
  'apiErrors.SIZE_REQUIRED': "Please choose the product's size",
  'apiErrors.SIZE_NOT_OFFERED': 'This product does not come in the chosen size',
  'apiErrors.COLOR_REQUIRED': "Please choose the product's colour",
  'apiErrors.COLOR_NOT_OFFERED': 'This product does not come in the chosen colour',
  'apiErrors.TOTALS_CHANGED': 'Prices or totals have changed, please check the new total',
  'apiErrors.POINTS_NEED_CUSTOMER': 'Please choose a customer before using points',
  'apiErrors.INSUFFICIENT_POINTS': 'The customer does not have enough points',
  'apiErrors.DISCOUNT_OVER_SUBTOTAL': 'The discount cannot be more than the subtotal',
  'apiErrors.EMPTY_CART': 'The cart is empty',
  'apiErrors.PAYMENT_METHOD_DISABLED': 'This payment method is not enabled in the settings',
  'apiErrors.PROMPTPAY_NOT_CONFIGURED': 'PromptPay is not set up yet, please enter its number in the settings',
  'apiErrors.PAYMENT_NEEDS_PROVIDER': "Card payments go through the payment provider's checkout page",
  'apiErrors.CARD_NOT_CONFIGURED': 'Card payments are not set up on the server',
  'apiErrors.CARD_RETURN_ADDRESS_UNKNOWN':
    'The app was opened at an address the server does not know, so a card payment cannot start: the administrator must set PUBLIC_URL to the address the shop opens the app at',
  'apiErrors.PAYMENT_PROVIDER_FAILED': 'Could not reach the payment provider, please try again',
  'apiErrors.PAYMENT_NOT_COMPLETED': 'The payment provider has not received the payment yet',
  'apiErrors.CHECKOUT_NOT_FOUND': 'This checkout was not found',
  'apiErrors.FLAGGED_SALE_NOT_FOUND': 'This flagged card sale was not found',
  'apiErrors.WEBHOOK_SIGNATURE_INVALID': 'The notification signature is not valid',
  'apiErrors.VAT_APPROVAL_REQUIRED': 'A sale without VAT needs approval from someone allowed to refund',
  'apiErrors.VAT_APPROVAL_INVALID': 'The approval to exclude VAT has expired or was already used, please ask again',
  'apiErrors.VAT_TAX_ID_REQUIRED': 'A shop registered for VAT needs its 13-digit tax ID',
  'apiErrors.VAT_APPROVAL_SETTING_FORBIDDEN':
    'Only someone allowed to refund can turn approval of sales without VAT on or off',
  'apiErrors.VAT_APPROVER_INVALID_CREDENTIALS': 'Wrong username or password for the approver',
  'apiErrors.VAT_APPROVER_NOT_PERMITTED': 'This user may not approve sales without VAT (refund permission needed)',
  'apiErrors.VAT_APPROVER_MUST_CHANGE_PASSWORD': 'The approver must change their own password before approving',
  'apiErrors.CASH_TOO_LOW': 'The cash received is less than the amount due',
  'apiErrors.SPLIT_PAYMENT_DISABLED':
    'This shop does not allow several payment methods on one bill (Settings › Payment)',
  'apiErrors.SPLIT_PAYMENT_PARTS_REQUIRED': 'A split payment needs at least two methods',
  'apiErrors.SPLIT_PAYMENT_DUPLICATE_METHOD': 'Each payment method may appear only once on a bill',
  'apiErrors.SPLIT_PAYMENT_CARD':
    'The card part must be paid through the card checkout (Stripe): confirm again from the split payment view',
  'apiErrors.SPLIT_PAYMENT_NO_CARD_PART': 'The card checkout takes a split bill with exactly one card part',
  'apiErrors.SPLIT_PAYMENT_SUM_MISMATCH': 'The payments do not add up to the total',
  'apiErrors.SPLIT_PAYMENT_CHANGE_NOT_CASH':
    'The payments exceed the total: change can be given only from the cash part',
  'apiErrors.SPLIT_PAYMENT_NOT_SPLIT': 'A list of payments is accepted only with the split payment method',
  'apiErrors.REFUND_PART_EXCEEDS_PAYMENT': 'The refund through this method exceeds what the customer paid by it',
  'apiErrors.REFUND_NOT_SPLIT_SALE': 'This bill was paid by one method: its refund cannot be split by method',
  'apiErrors.REFUND_PARTS_MISMATCH': 'The refund per payment method does not add up to the refund',
  'apiErrors.SALE_NOT_FOUND': 'Sale not found',
  'apiErrors.SALE_NOT_REPLACEABLE': 'The original sale has not been refunded for editing, or was already replaced',
  'apiErrors.TAX_INVOICE_NOT_FOUND': 'Tax invoice not found',
  'apiErrors.TAX_INVOICE_EXISTS':
    'This sale already has a full tax invoice; it cannot be issued twice (print a copy of the one issued)',
  'apiErrors.TAX_INVOICE_SHOP_TAX_ID_MISSING':
    "The shop's tax ID is not set or the shop is not registered for VAT, so it cannot issue tax invoices. Set it in the system settings",
  'apiErrors.ETAX_EMAIL_NOT_FOUND': 'e-Tax e-mail not found',
  'apiErrors.ETAX_EMAIL_NOT_FAILED':
    'Only an e-mail that failed can be sent again; this one was sent or is waiting to be sent',
  'apiErrors.CREDIT_NOTE_NOT_FOUND': 'Credit note not found',
  'apiErrors.ETAX_PLACE_INVALID':
    "The shop's sub-district, district and province do not match, or are not on ETDA's list. Please choose them again",
  'apiErrors.ETAX_SETTINGS_INCOMPLETE':
    'e-Tax by e-mail can be switched on once the shop is registered for VAT and its structured address (house number, sub-district, district, province, postcode), SMTP server and sender address are filled in',
  'apiErrors.PRINTING_SETTINGS_FORBIDDEN': 'Only administrators may set up printers',
  'apiErrors.PRINTER_NAME_TAKEN': 'There is already a printer with this name; give each printer its own name',
  'apiErrors.PRINTER_NOT_FOUND': 'There is no printer of this name in the printer settings',
  'apiErrors.PRINTER_TILL_NOT_FOUND': 'The till given a printer was not found',
  'apiErrors.PRINTER_ADDRESS_NOT_ALLOWED':
    "The printer's address must be on the shop's own network (such as 192.168.x.x or 10.x.x.x). To use another, first allow addresses outside the shop's network",
  'apiErrors.PRINTER_OFFLINE': 'The printer could not be reached. Check that it is on and connected, then print again',
  'apiErrors.PRINTER_PAPER_OUT': 'The printer is out of paper. Put in a new roll, then print again',
  'apiErrors.PRINT_JOB_NOT_FOUND': 'Print job not found',
  'apiErrors.PRINT_JOB_NOT_FAILED':
    'Only a print job that failed can be printed again; this one printed or is printing',
  'apiErrors.TILL_NO_PRINTER': 'This till has no printer chosen yet (set it in Settings, Printers tab)',
  'apiErrors.PRINT_JOB_NOT_TILLS': 'The server sends this print job to its network printer; the till does not',
  'apiErrors.PRINT_JOB_NOT_PENDING': 'The outcome of this print job is already recorded',
  'apiErrors.PRINTER_NO_TILL':
    'A USB or serial printer prints through the till it is plugged into. Give this printer to a till first, then test it at that till',
  'apiErrors.REFUND_NOT_FOUND': 'Refund not found',
  'apiErrors.PRINTER_NO_CASH_DRAWER': "This till's printer has no cash drawer",
  'apiErrors.DISPLAY_CODE_INVALID': 'The pairing code is wrong or has expired. Ask the till for a new one',
  'apiErrors.DISPLAY_PAIRING_THROTTLED': 'Too many wrong pairing codes. Wait a moment, then try again',
  'apiErrors.DISPLAY_NOT_PAIRED': 'This display is not paired with a till, or its pairing was removed',
  'apiErrors.TAX_INVOICE_NO_VAT': 'This sale carries no VAT (VAT excluded), so it cannot have a tax invoice',
  'apiErrors.TAX_INVOICE_SALE_REFUNDED':
    'Goods of this sale were returned, so a full tax invoice can no longer replace its short one',
  'apiErrors.ETAX_DISABLED': 'The shop does not send e-Tax documents by e-mail. Switch it on in the system settings',
  'apiErrors.E_RECEIPT_HAS_TAX_INVOICE':
    'This sale has a full tax invoice, so its receipt cannot be e-mailed (send the full tax invoice instead)',
  'apiErrors.E_RECEIPT_SALE_REFUNDED': 'Goods of this sale were returned, so its receipt cannot be e-mailed',
  'apiErrors.TILL_NOT_FOUND': 'Till not found',
  'apiErrors.TILL_NAME_TAKEN': 'A till with this name already exists',
  'apiErrors.TILL_INACTIVE': 'This till has been switched off. Please choose another till',
  'apiErrors.SHIFT_NOT_FOUND': 'Shift not found',
  'apiErrors.SHIFT_ALREADY_OPEN': 'This till already has an open shift. Close it before opening a new one',
  'apiErrors.SHIFT_CLOSED': 'This shift is closed. A closed shift cannot be changed or reopened',
  'apiErrors.SHIFT_REQUIRED':
    'No shift is open on this till. Open a shift (count the opening float) before selling or refunding cash',
  'apiErrors.SHIFT_OTHER_TILL': 'This shift belongs to another till',
  'apiErrors.SHIFT_DIFFERENCE_APPROVAL_REQUIRED':
    'The counted cash differs from the expected cash by more than the shop allows. A manager must approve it, with a note, before the shift closes',
  'apiErrors.SHIFT_NOTE_REQUIRED': 'Please note why the counted cash differs from the expected cash',
  'apiErrors.SHIFT_APPROVER_INVALID_CREDENTIALS': "The approver's username or password is incorrect",
  'apiErrors.SHIFT_APPROVER_NOT_PERMITTED': 'This user may not approve a shift difference (a manager or admin must)',
  'apiErrors.SHIFT_APPROVER_MUST_CHANGE_PASSWORD': 'The approver must change their own password before approving',
  'apiErrors.CASH_COUNT_UNKNOWN_DENOMINATION': 'The count names a note or coin that does not exist',
  'apiErrors.CASH_COUNT_NOT_WHOLE': 'Counts of notes and coins must be whole numbers from 0',
  'apiErrors.CASH_COUNT_REPEATED': 'Each note or coin may appear once in a count',
  'apiErrors.CASH_COUNT_MISMATCH': 'The notes and coins counted do not add up to the amount sent',
  'apiErrors.METHOD_NOT_ALLOWED': 'This request is not supported',
  'apiErrors.INTERNAL_ERROR': 'Something went wrong on the server, please try again',
  'apiErrors.SERVICE_UNAVAILABLE': 'The service is temporarily unavailable',
  'apiErrors.HEAVY_READS_BUSY':
    'You have several reports or searches running at once. Please wait for them to finish, then try again',
  'apiErrors.READ_TIMED_OUT': 'This search or report took too long. Choose a shorter period or try again later',
  'apiErrors.OFFLINE_CARD_NOT_ALLOWED':
    'Card payments need the till online. A sale made offline is paid by cash, transfer or PromptPay',
  'apiErrors.OFFLINE_SALE_REPLACES': 'Sales can be edited only while the till is online',
  'apiErrors.OFFLINE_REFUND_TO_CARD':
    'Refunds to a card need the till online; offline, refund in cash, by transfer or PromptPay',
  'apiErrors.OFFLINE_REFUND_EDIT': 'Sales can be edited only while the till is online',
  'apiErrors.OFFLINE_SALE_NOT_SENT':
    'The refunded sale has not reached the server yet, so its refund cannot be sent; deal with the failed sale first, then retry',
  'apiErrors.OFFLINE_PERIOD_OTHER_USER': 'This offline period was recorded by another user',
  'apiErrors.OFFLINE_FLAGGED_SALE_NOT_FOUND': 'No flagged offline sale found',
  'apiErrors.LINE_SETTINGS_INCOMPLETE':
    'Incomplete information: please fill in the Channel Access Token and User ID first',
  'apiErrors.LINE_REJECTED':
    'LINE refused the message: the Channel Access Token or User ID is wrong. Check them and try again',
  'apiErrors.LINE_UNREACHABLE': 'LINE cannot be reached. Check the internet connection and try again',
  'apiErrors.detailed.ROUTE_NOT_FOUND': 'This API does not exist: {method} {url}',
  'apiErrors.detailed.FORBIDDEN': 'You are not allowed to do this ({permission})',
  'apiErrors.detailed.TOO_MANY_ATTEMPTS': 'Too many failed sign-in attempts. Please try again in {minutes} minutes',
  'apiErrors.detailed.ACCOUNT_TOO_MANY_ATTEMPTS':
    'Too many wrong passwords were tried for this account, so sign-in from new devices is paused. Sign in from a device you have used before, or try again in {minutes} minutes',
  'apiErrors.detailed.CATEGORY_NAME_TAKEN': 'A category named "{name}" already exists',
  'apiErrors.detailed.TILL_NAME_TAKEN': 'A till named "{name}" already exists',
  'apiErrors.detailed.SHIFT_ALREADY_OPEN':
    'Till "{tillName}" already has an open shift. Close it before opening a new one',
  'apiErrors.detailed.TAX_INVOICE_EXISTS':
    'This sale already has full tax invoice {number}; it cannot be issued twice (print a copy of the one issued)',
  'apiErrors.detailed.E_RECEIPT_HAS_TAX_INVOICE':
    'This sale has full tax invoice {number}, so its receipt cannot be e-mailed (send the full tax invoice instead)',
  'apiErrors.detailed.SHIFT_REQUIRED':
    'No shift is open on till "{tillName}". Open a shift (count the opening float) before selling or refunding cash',
  'apiErrors.detailed.SHIFT_DIFFERENCE_APPROVAL_REQUIRED':
    'The counted cash differs from the expected cash by {difference} baht, more than the {limit} baht the shop allows. A manager must approve it, with a note, before the shift closes',
  'apiErrors.detailed.CATEGORY_IN_USE': 'Category "{name}" cannot be deleted because {products} products use it',
  'apiErrors.detailed.STOCK_CHANGED':
    "This product's stock changed while you were adjusting it. Check the latest quantity and adjust again (now {stock} in stock)",
  'apiErrors.detailed.SKU_TAKEN': 'SKU/barcode "{sku}" is already used by product "{product}"',
  'apiErrors.detailed.PRODUCT_UNAVAILABLE': 'Some products are no longer available: {name}',
  'apiErrors.detailed.INSUFFICIENT_STOCK': 'Not enough stock: {name} has {available} left',
  'apiErrors.detailed.VARIANT_UNKNOWN': 'The product does not come in the chosen size/colour: {name}',
  'apiErrors.detailed.VARIANT_INACTIVE': 'The chosen size/colour is switched off for sale: {name}',
  'apiErrors.detailed.VARIANT_LIMIT': 'A product can have at most {max} size × colour combinations (now {count})',
  'apiErrors.detailed.SIZE_REQUIRED': "Please choose the product's size: {name}",
  'apiErrors.detailed.SIZE_NOT_OFFERED': 'This product does not come in the chosen size: {name}',
  'apiErrors.detailed.COLOR_REQUIRED': "Please choose the product's colour: {name}",
  'apiErrors.detailed.COLOR_NOT_OFFERED': 'This product does not come in the chosen colour: {name}',
  'apiErrors.detailed.INSUFFICIENT_POINTS': 'The customer does not have enough points (they have {points})',
  'apiErrors.detailed.LINE_REJECTED':
    'LINE refused the message (HTTP {lineStatus}: {lineMessage}). Check that the Channel Access Token is right and has not expired, and that the User ID is right',
};
