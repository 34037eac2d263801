import { defineMessages } from './define-messages';

/** The manager's review of sales made while a till was offline (issue 38), and when tills were offline. */
export const offlineReview = defineMessages({
  'offlineReview.title': 'การขายระหว่างออฟไลน์ที่ต้องตรวจสอบ',
  'offlineReview.explain':
    'เครื่องขายขายรายการเหล่านี้ไปตอนไม่มีอินเทอร์เน็ต ลูกค้ารับสินค้าไปแล้วจึงบันทึกไว้ตามที่ขายจริง แต่มีบางอย่างไม่ตรงกับข้อมูลในระบบ ตรวจสอบ แล้วปรับสต็อก คืนเงิน หรือติดต่อลูกค้า จากนั้นกด "จัดการแล้ว"',
  'offlineReview.empty': 'ไม่มีการขายระหว่างออฟไลน์ที่ต้องตรวจสอบ',
  'offlineReview.loadError': 'โหลดรายการขายระหว่างออฟไลน์ที่ต้องตรวจสอบไม่สำเร็จ',
  'offlineReview.reasonsLabel': 'สิ่งที่ไม่ตรงกับข้อมูลในระบบ',
  'offlineReview.reason.stock_shortfall': 'สต็อกในระบบไม่พอ (เช่น อีกเครื่องขายชิ้นสุดท้ายไปก่อน) สต็อกจึงติดลบ',
  'offlineReview.reason.product_unavailable': 'สินค้าถูกลบออกจากระบบก่อนข้อมูลการขายจะส่งมาถึง',
  'offlineReview.reason.price_changed': 'ราคาสินค้าเปลี่ยน บันทึกตามราคาที่ขายไป',
  'offlineReview.reason.variant_unavailable': 'ไซซ์หรือสีที่ขายไปไม่มีในระบบแล้ว',
  'offlineReview.reason.customer_deleted': 'ลูกค้าถูกลบออกจากระบบ บันทึกเฉพาะชื่อ ไม่ได้ใช้หรือให้แต้ม',
  'offlineReview.reason.points_shortfall': 'ลูกค้าใช้แต้มที่อื่นไปก่อน หักแต้มได้ไม่ครบ',
  'offlineReview.reason.vat_approval_invalid': 'การอนุมัติขายไม่รวม VAT ใช้ไม่ได้',
  'offlineReview.reason.seller_inactive': 'บัญชีผู้ขายถูกปิดใช้งานหรือลบ',
  'offlineReview.reason.payment_method_disabled': 'วิธีชำระเงินนี้ถูกปิดในการตั้งค่าแล้ว',
  'offlineReview.reason.settings_changed': 'อัตราภาษีหรือการตั้งค่าแต้มในระบบต่างจากที่เครื่องขายใช้ บันทึกตามที่ขายไป',
  'offlineReview.reason.replacement_invalid': 'บิลเดิมที่จะแก้ไขถูกแทนที่ไปแล้ว',
  'offlineReview.reason.amount_mismatch': 'ยอดที่ชำระไม่ตรงกับยอดของบิล',
  'offlineReview.reason.no_open_shift': 'กะของเครื่องขายปิดไปก่อนข้อมูลการขายจะส่งมาถึง รายการนี้จึงไม่อยู่ในกะใด',
  'offlineReview.reason.time_invalid':
    'เวลาขายที่เครื่องขายแจ้ง ({claimed}) อยู่ก่อนเปิดกะหรือก่อนรับชุดเลขที่เอกสาร หรือเลยเวลาปัจจุบัน จึงบันทึกตามเวลาที่ได้รับ',
  'offlineReview.reason.number_invalid':
    'ใบเสร็จที่พิมพ์ให้ลูกค้าเป็นเลขที่ {claimed} แต่เลขนี้ไม่ใช่เลขที่สำรองไว้ให้เครื่องขายนี้ ถูกใช้ไปแล้ว หรือรายการถูกบันทึกไว้ก่อนด้วยเลขที่อื่น',
  'offlineReview.reason.price_unknown': 'ขายในราคาที่สินค้าไม่เคยมีตั้งแต่เครื่องขายปรับข้อมูลล่าสุด บันทึกตามราคาที่ขายไป',
  'offlineReview.reason.refund_conflict':
    'เครื่องขายคืนเงินไปแล้วตอนออฟไลน์ แต่บิลนี้ถูกคืนหรือเปลี่ยนไปก่อนข้อมูลจะส่งมาถึง ระบบจึงยังไม่บันทึกการคืนนี้ ตรวจเงินในลิ้นชักและสินค้าที่รับคืน',
  'offlineReview.refundRecorded': 'คืนเงินระหว่างออฟไลน์ · ใบลดหนี้ {number}',
  'offlineReview.refundKept': 'คืนเงินระหว่างออฟไลน์ (ยังไม่บันทึก) · ใบลดหนี้ที่พิมพ์ {number}',
  'offlineReview.refundNoNumber': 'ไม่มีเลขที่ (บิลไม่มี VAT)',
  'offlineReview.periods.title': 'ช่วงเวลาที่เครื่องขายออฟไลน์',
  'offlineReview.periods.row': '{till} · {user} · {from} – {to} · ขาย {sales} รายการ',
  'offlineReview.periods.stillOffline': 'ยังไม่กลับมาออนไลน์',
  'offlineReview.periods.noTill': 'ไม่ระบุเครื่องขาย',
});
