import { defineMessages } from './define-messages';

/** The add/edit customer dialog. */
export const customerDialog = defineMessages({
  th: {
    'customerDialog.addTitle': 'เพิ่มลูกค้าใหม่',
    'customerDialog.addDescription': 'กรอกชื่อและเบอร์โทรศัพท์ ส่วนอีเมลและที่อยู่ไม่บังคับ',
    'customerDialog.editTitle': 'แก้ไขข้อมูลลูกค้า',
    'customerDialog.editDescription': 'แก้ไขชื่อ เบอร์โทรศัพท์ อีเมล และที่อยู่ของลูกค้า',
    'customerDialog.fieldName': 'ชื่อ-นามสกุล',
    'customerDialog.fieldPhone': 'เบอร์โทรศัพท์',
    'customerDialog.fieldPhoneHint': 'เช่น 081-234-5678 หรือเบอร์ต่างประเทศพร้อมรหัสประเทศ เช่น +44 20 7946 0958',
    'customerDialog.showExisting': 'แสดงข้อมูล {name}',
    'customerDialog.selectExisting': 'เลือก {name} เป็นลูกค้าของบิลนี้',
    'customerDialog.fieldEmail': 'อีเมล',
    'customerDialog.fieldAddress': 'ที่อยู่',
    'customerDialog.fieldPoints': 'แต้มสะสม',
    'customerDialog.fieldPointsHint': 'แต้มเปลี่ยนจากการขายและการคืนเงินเท่านั้น แก้ไขที่นี่ไม่ได้',
    'customerDialog.fillSample': 'กรอกข้อมูลตัวอย่าง',
    'customerDialog.sampleTooltip': 'ปุ่มสาธิต: กรอกชื่อและที่อยู่สมมติ ไม่ได้อ่านบัตรประชาชน (ยังไม่ได้เชื่อมต่อเครื่องอ่านบัตร)',
    'customerDialog.sampleFilled': 'กรอกข้อมูลตัวอย่างแล้ว — ไม่ได้อ่านจากบัตร',
    'customerDialog.sampleFilledMessage': 'ชื่อและที่อยู่เป็นข้อมูลสมมติ กรุณาแก้เป็นข้อมูลจริงของลูกค้าก่อนบันทึก',
    'customerDialog.incompleteTitle': 'ข้อมูลไม่ครบถ้วน',
    'customerDialog.incompleteMessage': 'กรุณากรอกชื่อและเบอร์โทรศัพท์',
    'customerDialog.submitAdd': 'เพิ่มลูกค้า',
    'customerDialog.submitEdit': 'บันทึกการแก้ไข',
  },
  en: {
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
  },
});
