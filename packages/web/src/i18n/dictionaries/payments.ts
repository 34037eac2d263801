import { PAYMENT_METHOD_NAMES } from '@pos/core';
import { defineMessages, prefixedMessages } from './define-messages';
/**
 * Payment methods (one label per method everywhere: dialog, receipt, history, settings; in Thai core's
 * PAYMENT_METHOD_NAMES, which the exports and LINE use too) and the card checkout.
 */
export const payments = defineMessages({
  ...prefixedMessages('payments.', PAYMENT_METHOD_NAMES),
  'payments.cashHint': 'รับเงินและคำนวณเงินทอน',
  'payments.transferHint': 'บันทึกเลขอ้างอิงการโอน (ถ้ามี)',
  'payments.promptpayHint': 'แสดง PromptPay QR ให้ลูกค้าสแกนจ่าย',
  'payments.splitHint': 'แบ่งจ่ายด้วยเงินสด โอน หรือพร้อมเพย์ในบิลเดียว',
  'payments.cardHint': 'ชำระผ่านหน้าชำระเงินของ Stripe',
  'payments.cardNotReady': 'ระบบชำระเงินด้วยบัตรยังไม่พร้อมใช้งาน',
  'payments.warnCardNotReady': 'เปิดใช้งานบัตรเครดิตแล้ว แต่ยังไม่ได้ตั้งค่า Publishable key (pk_) กรุณาตั้งค่าในหน้าตั้งค่า',
  'payments.cardRedirecting': 'กำลังไปยังหน้าชำระเงินด้วยบัตร...',
  'payments.cardRedirectHint': 'ระบบจะพาไปยังหน้าชำระเงินที่ปลอดภัยของ Stripe เมื่อชำระแล้วจะกลับมาที่หน้านี้',
  'payments.cardProviderError': 'เกิดข้อผิดพลาดจากระบบชำระเงิน',
  'payments.cardConfirming': 'กำลังยืนยันการชำระเงินด้วยบัตร...',
  'payments.cardReturnSuccess': 'ชำระเงินผ่าน Stripe สำเร็จ! บันทึกการขายแล้ว',
  'payments.cardReturnFailed': 'ยังบันทึกการขายด้วยบัตรไม่ได้',
  'payments.cardCancelled': 'ยกเลิกการชำระเงินด้วยบัตรแล้ว',
  'payments.cardCancelledHint': 'สามารถลองชำระเงินใหม่ได้',
  'payments.tillFlags.title': 'ชำระเงินแล้วและบันทึกการขายแล้ว แต่มีบางอย่างเปลี่ยนไประหว่างชำระเงิน',
  'payments.tillFlags.manager':
    'ผู้จัดการจะเห็นรายการนี้ใน "การขายด้วยบัตรที่ต้องตรวจสอบ" (หน้าประวัติการขาย) เพื่อส่งสินค้า คืนเงิน หรือปรับสต็อก',
  'payments.tillFlags.dismiss': 'ปิดข้อความการขายด้วยบัตรที่ต้องตรวจสอบ',
  'payments.tillFlags.toast': 'ชำระเงินผ่าน Stripe แล้ว แต่ต้องให้ผู้จัดการตรวจสอบ',
  'payments.flags.title': 'การขายด้วยบัตรที่ต้องตรวจสอบ',
  'payments.flags.explain':
    'ลูกค้าชำระเงินแล้วจึงบันทึกการขายไว้ตามราคาตอนชำระ แต่มีบางอย่างเปลี่ยนไประหว่างชำระเงิน ตรวจสอบแล้วส่งสินค้า คืนเงิน หรือปรับสต็อก จากนั้นกด "จัดการแล้ว"',
  'payments.flags.empty': 'ไม่มีการขายด้วยบัตรที่ต้องตรวจสอบ',
  'payments.flags.loadError': 'โหลดรายการขายด้วยบัตรที่ต้องตรวจสอบไม่สำเร็จ',
  'payments.flags.meta': '{when} · ผู้ขาย {seller} · {customer}',
  'payments.flags.reasonsLabel': 'สิ่งที่เปลี่ยนไประหว่างชำระเงิน',
  'payments.flags.productShort': '{name} (ขาด {count} ชิ้น)',
  'payments.flags.pointsShort': '(หักแต้มไม่ได้ {points} แต้ม)',
  'payments.flags.amounts': 'เรียกเก็บ {asked} · ชำระจริง {paid}',
  'payments.flags.amountUnknown': 'ไม่ทราบยอด',
  'payments.flags.showSale': 'ดูในรายการขาย',
  'payments.flags.markHandled': 'จัดการแล้ว',
  'payments.flags.handled': 'บันทึกว่าจัดการ {document} แล้ว',
  'payments.flags.handleError': 'บันทึกว่าจัดการแล้วไม่สำเร็จ',
  'payments.flags.reason.stock_shortfall': 'สินค้าหมดระหว่างชำระเงิน สต็อกติดลบ',
  'payments.flags.reason.product_unavailable': 'สินค้าถูกลบระหว่างชำระเงิน',
  'payments.flags.reason.price_changed': 'ราคาสินค้าเปลี่ยน บันทึกตามราคาตอนชำระ',
  'payments.flags.reason.variant_unavailable': 'ไซซ์หรือสีที่เลือกไม่มีขายแล้ว',
  'payments.flags.reason.customer_deleted': 'ลูกค้าถูกลบ บันทึกเฉพาะชื่อ ไม่ได้ใช้หรือให้แต้ม',
  'payments.flags.reason.points_shortfall': 'ลูกค้าใช้แต้มไปก่อน หักแต้มได้ไม่ครบ',
  'payments.flags.reason.vat_approval_invalid': 'การอนุมัติขายไม่รวม VAT หมดอายุหรือถูกใช้ไปแล้ว',
  'payments.flags.reason.no_open_shift': 'กะของเครื่องขายปิดไปก่อนได้รับเงิน รายการนี้จึงไม่อยู่ในกะใด',
  'payments.flags.reason.time_invalid':
    'เวลาขายที่เครื่องขายแจ้ง ({claimed}) อยู่ก่อนเปิดกะหรือก่อนรับชุดเลขที่เอกสาร หรือเลยเวลาปัจจุบัน จึงบันทึกตามเวลาที่ได้รับ',
  'payments.flags.reason.number_invalid':
    'เลขที่เอกสารที่พิมพ์ไป ({claimed}) ไม่ใช่เลขที่สำรองไว้ให้เครื่องขายนี้ หรือถูกใช้ไปแล้ว จึงบันทึกด้วยเลขที่ใหม่',
  'payments.flags.reason.price_unknown': 'ขายในราคาที่สินค้าไม่เคยมีตั้งแต่เครื่องขายปรับข้อมูลล่าสุด บันทึกตามราคาที่ขายไป',
  'payments.flags.reason.seller_inactive': 'บัญชีผู้ขายถูกปิดใช้งานหรือลบ',
  'payments.flags.reason.payment_method_disabled': 'ปิดรับบัตรเครดิตระหว่างชำระเงิน',
  'payments.flags.reason.settings_changed': 'อัตราภาษีหรือการตั้งค่าแต้มเปลี่ยน บันทึกตามค่าตอนชำระ',
  'payments.flags.reason.replacement_invalid': 'บิลเดิมที่จะแก้ไขถูกแทนที่ไปแล้ว บันทึกเป็นบิลใหม่',
  'payments.flags.reason.amount_mismatch': 'ยอดหรือสกุลเงินที่ชำระไม่ตรงกับที่เรียกเก็บ บันทึกตามยอดของบิล',
});
