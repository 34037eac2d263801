import { defineMessages } from './define-messages';
/** The main menu. */
export const nav = defineMessages({
  'nav.dashboard': 'แดชบอร์ด',
  'nav.pos': 'ขายสินค้า (POS)',
  'nav.products': 'จัดการสินค้า',
  'nav.barcodes': 'พิมพ์บาร์โค้ด',
  'nav.customers': 'จัดการลูกค้า',
  'nav.customerHistory': 'ประวัติลูกค้า',
  'nav.reports': 'รายงาน',
  'nav.salesHistory': 'ประวัติการขาย',
  'nav.shifts': 'รายการกะ',
  'nav.users': 'จัดการผู้ใช้',
  'nav.storage': 'จัดการพื้นที่เก็บข้อมูล',
  'nav.settings': 'ตั้งค่า',
  'nav.mainMenu': 'เมนูหลัก',
});
