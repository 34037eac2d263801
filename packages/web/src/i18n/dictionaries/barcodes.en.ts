import type { EnglishOf } from './define-messages';
import type { barcodes as thai } from './barcodes';

/** Barcode label printing, in English. */
export const barcodes: EnglishOf<typeof thai> = {
  'barcodes.title': 'Print barcodes',
  'barcodes.subtitle': 'Choose products and label counts, then print on A4 paper',
  'barcodes.searchLabel': 'Search products',
  'barcodes.searchPlaceholder': 'Search by product name or barcode...',
  'barcodes.perRow': 'Labels per row',
  'barcodes.perRowOption': '{count} {count|label|labels} per row',
  'barcodes.selectAll': 'Select all shown products',
  'barcodes.selectAllShort': 'Select all',
  'barcodes.selectProduct': 'Select {name}',
  'barcodes.selectedSummary': '{products} products selected, {labels} labels in all',
  'barcodes.colImage': 'Image',
  'barcodes.colName': 'Product',
  'barcodes.colBarcode': 'Barcode',
  'barcodes.colPrice': 'Price',
  'barcodes.colCount': 'Labels',
  'barcodes.countLabel': 'Number of labels for {name}',
  'barcodes.noBarcode': '-',
  'barcodes.cannotEncode':
    '"{value}" cannot be printed as a barcode in {format}: change the product\'s code or choose another format',
  'barcodes.print': 'Print barcodes ({count} {count|label|labels})',
  'barcodes.printNow': 'Print ({count} {count|label|labels})',
  'barcodes.noSelectionTitle': 'No products selected',
  'barcodes.noSelectionMessage': 'Please select at least one product to print barcodes for',
  'barcodes.previewTitle': 'Print preview',
  'barcodes.previewDescription': 'A4 paper, {perRow} labels per row, {count} {count|label|labels} in all',
  'barcodes.loadErrorTitle': 'Unable to load product data',
  'barcodes.loadError': 'Unable to load product data',
  'barcodes.emptyTitle': 'No products yet',
  'barcodes.emptyMessage': 'Add products on the products screen first, then come back to print barcodes',
  'barcodes.goToProducts': 'Go to products',
  'barcodes.noMatchTitle': 'No matching products',
  'barcodes.noMatchMessage': 'Try another product name or barcode',
  'barcodes.clearSearch': 'Clear search',
};
