import type { EnglishOf } from './define-messages';
import type { customerDialog as thai } from './customer-dialog';

/** The add/edit customer dialog, in English. */
export const customerDialog: EnglishOf<typeof thai> = {
  'customerDialog.addTitle': 'Add a new customer',
  'customerDialog.addDescription': 'Fill in the name and phone number; email and address are optional',
  'customerDialog.editTitle': 'Edit customer',
  'customerDialog.editDescription': "Change the customer's name, phone number, email and address",
  'customerDialog.fieldName': 'Full name',
  'customerDialog.fieldPhone': 'Phone number',
  'customerDialog.fieldPhoneHint':
    'For example 081-234-5678, or a foreign number with its country code: +44 20 7946 0958',
  'customerDialog.showExisting': 'Show {name}',
  'customerDialog.selectExisting': 'Select {name} for this sale',
  'customerDialog.fieldEmail': 'Email',
  'customerDialog.fieldAddress': 'Address',
  'customerDialog.fieldPoints': 'Loyalty points',
  'customerDialog.fieldPointsHint': 'Points change only through sales and refunds; they cannot be edited here',
  'customerDialog.taxSection': 'Details for full tax invoices',
  'customerDialog.taxSectionHint': 'Optional. Kept here, a full tax invoice for this customer takes one click',
  'customerDialog.fieldTaxName': 'Name on tax invoices',
  'customerDialog.fieldTaxNameHint': "A company's name, for example, when it differs from the customer's",
  'customerDialog.fieldTaxId': 'Tax ID (13 digits)',
  'customerDialog.fieldTaxBranch': 'Branch (5 digits)',
  'customerDialog.fieldTaxBranchHint': '00000 is the head office',
  'customerDialog.fillSample': 'Fill in sample data',
  'customerDialog.sampleTooltip':
    'Demo helper: fills in a made-up name and address; no ID card is read (no card reader is connected)',
  'customerDialog.sampleFilled': 'Sample data filled in — not read from a card',
  'customerDialog.sampleFilledMessage':
    "The name and address are made up; replace them with the customer's real details before saving",
  'customerDialog.incompleteTitle': 'Incomplete data',
  'customerDialog.incompleteMessage': 'Please fill in name and phone',
  'customerDialog.submitAdd': 'Add customer',
  'customerDialog.submitEdit': 'Save changes',
};
