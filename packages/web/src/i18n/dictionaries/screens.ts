import { defineMessages } from './define-messages';
/** Screen titles and the "not built yet" page. */
export const screens = defineMessages({
  'screens.dashboard': 'แดชบอร์ด',
  'screens.pos': 'ระบบขายหน้าร้าน (POS)',
  'screens.products': 'จัดการสินค้า',
  'screens.barcodes': 'พิมพ์บาร์โค้ด',
  'screens.customers': 'จัดการลูกค้า',
  'screens.customerHistory': 'ประวัติลูกค้า',
  'screens.reports': 'รายงาน',
  'screens.salesHistory': 'ประวัติการขาย',
  'screens.shifts': 'รายการกะ',
  'screens.users': 'จัดการผู้ใช้',
  'screens.storage': 'จัดการพื้นที่เก็บข้อมูล',
  'screens.settings': 'ตั้งค่า',
});
