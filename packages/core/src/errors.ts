/**
 * The API's Thai message catalogue: every text the server sends lives here.
 *
 * Stable error codes and their Thai messages. The server answers `{ error, code }`;
 * the web does not show `error` for a code it knows: it maps `code` to its own
 * dictionaries (Thai and English), and shows `error` only for a code it does not know.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'ข้อมูลไม่ถูกต้อง',
  INVALID_JSON: 'รูปแบบข้อมูล JSON ไม่ถูกต้อง',
  UNSUPPORTED_MEDIA_TYPE: 'ไม่รองรับรูปแบบข้อมูลที่ส่งมา',
  PAYLOAD_TOO_LARGE: 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป',
  NOT_FOUND: 'ไม่พบข้อมูลที่ต้องการ',
  ROUTE_NOT_FOUND: 'ไม่พบ API ที่เรียก',
  UNAUTHENTICATED: 'กรุณาเข้าสู่ระบบ',
  SESSION_EXPIRED: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่',
  FORBIDDEN: 'คุณไม่มีสิทธิ์ดำเนินการนี้',
  INVALID_CREDENTIALS: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  TOO_MANY_ATTEMPTS: 'เข้าสู่ระบบผิดพลาดหลายครั้งเกินไป',
  WRONG_CURRENT_PASSWORD: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
  ACCOUNT_TOO_MANY_ATTEMPTS:
    'มีการลองรหัสผ่านของบัญชีนี้ผิดหลายครั้ง จึงพักการเข้าสู่ระบบจากเครื่องใหม่ไว้ชั่วคราว กรุณาเข้าสู่ระบบจากเครื่องที่เคยใช้ หรือลองใหม่ภายหลัง',
  PASSWORD_SAME_AS_CURRENT: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
  PASSWORD_IS_DEFAULT: 'รหัสผ่านนี้เป็นรหัสผ่านเริ่มต้นที่เขียนไว้ในคู่มือ ใครก็รู้ได้ กรุณาตั้งรหัสผ่านอื่น',
  PASSWORD_TOO_COMMON:
    'รหัสผ่านนี้เดาง่ายเกินไป (ใช้กันทั่วไป หรือเป็นรูปแบบง่าย ๆ เช่น 12345678 หรือมีชื่อผู้ใช้อยู่ในรหัส) กรุณาตั้งให้ยาวและเดายากกว่านี้',
  PASSWORD_CHANGE_REQUIRED: 'กรุณาเปลี่ยนรหัสผ่านก่อนใช้งานระบบ',
  USERNAME_TAKEN: 'ชื่อผู้ใช้นี้มีอยู่แล้ว',
  USER_NOT_FOUND: 'ไม่พบผู้ใช้',
  CANNOT_DEACTIVATE_SELF: 'ไม่สามารถปิดใช้งานบัญชีของตัวเองได้',
  CANNOT_DELETE_SELF: 'ไม่สามารถลบบัญชีของตัวเองได้',
  LAST_ADMIN: 'ต้องมีผู้ดูแลระบบที่ใช้งานอยู่อย่างน้อย 1 คน',
  CATEGORY_NOT_FOUND: 'ไม่พบหมวดหมู่',
  CATEGORY_NAME_TAKEN: 'ชื่อหมวดหมู่นี้มีอยู่แล้ว',
  CATEGORY_IN_USE: 'ไม่สามารถลบหมวดหมู่ได้ เนื่องจากยังมีสินค้าในหมวดหมู่นี้',
  PRODUCT_NOT_FOUND: 'ไม่พบสินค้า',
  STOCK_CHANGED: 'สต็อกของสินค้านี้เปลี่ยนไประหว่างที่คุณปรับ กรุณาตรวจสอบจำนวนล่าสุดแล้วปรับใหม่',
  SKU_TAKEN: 'SKU หรือบาร์โค้ดนี้ถูกใช้กับสินค้าอื่นแล้ว',
  IMAGE_TOO_LARGE: 'ไฟล์รูปภาพมีขนาดใหญ่เกินไป กรุณาเลือกไฟล์ที่ไม่เกิน 5MB',
  IMAGE_UNSUPPORTED_TYPE: 'รองรับเฉพาะไฟล์รูปภาพ JPG, PNG, GIF หรือ WebP',
  IMAGE_INVALID: 'ไฟล์รูปภาพเสียหายหรือไม่สมบูรณ์ กรุณาเลือกไฟล์อื่น',
  LOGO_TOO_LARGE: 'ไฟล์มีขนาดใหญ่เกินไป กรุณาเลือกไฟล์ที่ไม่เกิน 5MB',
  LOGO_NOT_AN_IMAGE: 'ไฟล์ที่เลือกไม่ใช่รูปภาพ กรุณาเลือกไฟล์รูปภาพ (JPG, PNG, GIF หรือ WebP)',
  LOGO_FILE_REQUIRED: 'กรุณาเลือกไฟล์โลโก้',
  IMAGE_STORE_UNAVAILABLE: 'ไม่สามารถเชื่อมต่อที่เก็บรูปภาพได้ กรุณาลองใหม่อีกครั้ง',
  CUSTOMER_NOT_FOUND: 'ไม่พบลูกค้า',
  CUSTOMER_PHONE_TAKEN: 'เบอร์โทรนี้มีลูกค้าใช้แล้ว',
  IDEMPOTENCY_KEY_REQUIRED: 'คำขอบันทึกการขายต้องมี Idempotency-Key',
  IDEMPOTENCY_KEY_REUSED: 'Idempotency-Key นี้ถูกใช้กับรายการขายอื่นแล้ว',
  PRODUCT_UNAVAILABLE: 'สินค้าบางรายการไม่มีในระบบแล้ว',
  INSUFFICIENT_STOCK: 'สินค้าในสต็อกไม่เพียงพอ',
  SIZE_REQUIRED: 'กรุณาเลือกไซส์ของสินค้า',
  SIZE_NOT_OFFERED: 'สินค้านี้ไม่มีไซส์ที่เลือก',
  COLOR_REQUIRED: 'กรุณาเลือกสีของสินค้า',
  COLOR_NOT_OFFERED: 'สินค้านี้ไม่มีสีที่เลือก',
  VARIANT_UNKNOWN: 'ไม่พบไซส์/สีที่เลือกของสินค้านี้',
  VARIANT_INACTIVE: 'ไซส์/สีที่เลือกถูกปิดการขายไว้',
  VARIANT_LIMIT: 'สินค้าหนึ่งรายการมีไซส์ × สีได้ไม่เกิน 500 แบบ',
  TOTALS_CHANGED: 'ราคาหรือยอดรวมมีการเปลี่ยนแปลง กรุณาตรวจสอบยอดใหม่อีกครั้ง',
  POINTS_NEED_CUSTOMER: 'กรุณาเลือกลูกค้าก่อนใช้แต้มสะสม',
  INSUFFICIENT_POINTS: 'แต้มสะสมของลูกค้าไม่เพียงพอ',
  DISCOUNT_OVER_SUBTOTAL: 'ไม่สามารถใช้ส่วนลดมากกว่ายอดรวมสินค้าได้',
  EMPTY_CART: 'ไม่มีสินค้าในตะกร้า',
  PAYMENT_METHOD_DISABLED: 'วิธีชำระเงินนี้ยังไม่เปิดใช้งานในการตั้งค่า',
  PROMPTPAY_NOT_CONFIGURED: 'ยังไม่ได้ตั้งค่า PromptPay กรุณาตั้งค่าหมายเลขในหน้าตั้งค่า',
  VAT_APPROVAL_REQUIRED: 'การขายแบบไม่รวม VAT ต้องได้รับอนุมัติจากผู้มีสิทธิ์คืนเงินก่อน',
  VAT_APPROVAL_INVALID: 'การอนุมัติไม่รวม VAT หมดอายุหรือถูกใช้ไปแล้ว กรุณาขออนุมัติใหม่',
  VAT_TAX_ID_REQUIRED: 'ร้านที่จดทะเบียนภาษีมูลค่าเพิ่มต้องกรอกเลขประจำตัวผู้เสียภาษี 13 หลัก',
  VAT_APPROVAL_SETTING_FORBIDDEN: 'เฉพาะผู้มีสิทธิ์คืนเงินเท่านั้นที่เปิดหรือปิดการอนุมัติการขายแบบไม่รวม VAT ได้',
  VAT_APPROVER_INVALID_CREDENTIALS: 'ชื่อผู้ใช้หรือรหัสผ่านของผู้อนุมัติไม่ถูกต้อง',
  VAT_APPROVER_NOT_PERMITTED: 'ผู้ใช้นี้ไม่มีสิทธิ์อนุมัติการขายแบบไม่รวม VAT (ต้องมีสิทธิ์คืนเงิน)',
  VAT_APPROVER_MUST_CHANGE_PASSWORD: 'ผู้อนุมัติต้องเปลี่ยนรหัสผ่านของตนก่อน จึงจะอนุมัติได้',
  CASH_TOO_LOW: 'จำนวนเงินที่รับมาน้อยกว่ายอดที่ต้องชำระ',
  SPLIT_PAYMENT_DISABLED: 'ร้านนี้ยังไม่เปิดให้ชำระหลายวิธีในบิลเดียว เปิดได้ที่ ตั้งค่า › การชำระเงิน',
  SPLIT_PAYMENT_PARTS_REQUIRED: 'การชำระหลายวิธีต้องมีอย่างน้อย 2 วิธี',
  SPLIT_PAYMENT_DUPLICATE_METHOD: 'แต่ละวิธีชำระใส่ได้ครั้งเดียวในบิลเดียว',
  SPLIT_PAYMENT_CARD: 'ส่วนที่ชำระด้วยบัตรต้องชำระผ่านหน้าชำระเงินด้วยบัตร (Stripe) กรุณากดยืนยันจากหน้าชำระหลายวิธีอีกครั้ง',
  SPLIT_PAYMENT_NO_CARD_PART: 'หน้าชำระเงินด้วยบัตรรับบิลชำระหลายวิธีที่มีส่วนชำระด้วยบัตร 1 ส่วนเท่านั้น',
  SPLIT_PAYMENT_SUM_MISMATCH: 'ยอดชำระของแต่ละวิธีรวมกันไม่เท่ากับยอดสุทธิ',
  SPLIT_PAYMENT_CHANGE_NOT_CASH: 'ยอดชำระเกินยอดสุทธิ เงินทอนให้ได้จากส่วนที่จ่ายเป็นเงินสดเท่านั้น',
  SPLIT_PAYMENT_NOT_SPLIT: 'ส่งรายการชำระหลายวิธีได้เฉพาะเมื่อเลือกชำระหลายวิธี (split)',
  REFUND_PART_EXCEEDS_PAYMENT: 'ยอดคืนของวิธีชำระนี้เกินยอดที่ลูกค้าจ่ายด้วยวิธีนั้น',
  REFUND_NOT_SPLIT_SALE: 'บิลนี้ชำระด้วยวิธีเดียว จึงคืนเงินแยกตามวิธีชำระไม่ได้',
  REFUND_PARTS_MISMATCH: 'ยอดคืนแยกตามวิธีชำระรวมกันไม่เท่ากับยอดคืน',
  SALE_NOT_FOUND: 'ไม่พบรายการขาย',
  SALE_ALREADY_REFUNDED: 'รายการนี้ได้คืนเงินไปแล้ว ไม่สามารถคืนเงินซ้ำได้',
  REFUND_EXCEEDS_SALE: 'จำนวนเงินหรือจำนวนสินค้าที่คืนเกินยอดขาย',
  REFUND_AMOUNT_MISMATCH: 'จำนวนเงินที่คืนไม่ตรงกับรายการที่เลือก กรุณาตรวจสอบอีกครั้ง',
  REFUND_LINE_NOT_FOUND: 'ไม่พบรายการสินค้าที่เลือกในรายการขายนี้',
  EDIT_REASON_REQUIRED: 'กรุณาเลือกเหตุผลในการแก้ไข',
  EDIT_REFUND_MUST_BE_WHOLE: 'การแก้ไขรายการขายต้องคืนเงินทั้งรายการที่เหลือ',
  OFF_CARD_REASON_REQUIRED: 'รายการนี้ชำระด้วยบัตร เงินจะคืนเข้าบัตรของลูกค้า หากต้องการคืนด้วยวิธีอื่น กรุณาระบุเหตุผลที่ไม่คืนเข้าบัตร',
  CARD_REFUND_NOT_CARD_SALE: 'รายการนี้ไม่ได้ชำระด้วยบัตร จึงคืนเงินเข้าบัตรไม่ได้ กรุณาเลือกวิธีคืนเงินอื่น',
  CARD_PAYMENT_NOT_FOUND: 'ไม่พบการชำระเงินด้วยบัตรของรายการนี้ที่ Stripe จึงคืนเข้าบัตรไม่ได้ หากจำเป็นให้คืนด้วยวิธีอื่นพร้อมระบุเหตุผล',
  CARD_REFUND_FAILED:
    'คืนเงินเข้าบัตรไม่สำเร็จ: Stripe ไม่ได้คืนเงิน จึงยังไม่ได้บันทึกการคืนเงิน กรุณาลองใหม่อีกครั้ง หรือคืนด้วยวิธีอื่นพร้อมระบุเหตุผล',
  CARD_REFUND_UNCONFIRMED:
    'ติดต่อ Stripe ไม่สำเร็จ ยังไม่ทราบว่าเงินคืนเข้าบัตรแล้วหรือไม่ จึงยังไม่ได้บันทึกการคืนเงิน กรุณาคืนรายการเดิมอีกครั้งเมื่อเชื่อมต่อได้ (ระบบจะไม่คืนเงินซ้ำ)',
  CARD_REFUND_PENDING: 'การคืนเงินเข้าบัตรครั้งก่อนของรายการนี้ยังไม่เสร็จ กรุณาคืนรายการเดิมนั้นอีกครั้งให้เสร็จก่อน แล้วจึงคืนรายการอื่น',
  SALE_CURSOR_INVALID: 'ตำแหน่งหน้าถัดไปไม่ถูกต้อง กรุณาโหลดรายการใหม่',
  SALE_NOT_REPLACEABLE: 'รายการขายเดิมยังไม่ได้คืนเงินเพื่อแก้ไข หรือถูกแทนที่ไปแล้ว',
  LINE_SETTINGS_INCOMPLETE: 'ข้อมูลไม่ครบถ้วน กรุณากรอก Channel Access Token และ User ID ก่อน',
  LINE_REJECTED: 'LINE ปฏิเสธการส่งข้อความ: Channel Access Token หรือ User ID ไม่ถูกต้อง กรุณาตรวจสอบแล้วลองใหม่',
  LINE_UNREACHABLE: 'ไม่สามารถเชื่อมต่อ LINE ได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่อีกครั้ง',
  PAYMENT_NEEDS_PROVIDER: 'การชำระด้วยบัตรต้องทำผ่านหน้าชำระเงินของผู้ให้บริการ',
  CARD_NOT_CONFIGURED: 'ยังไม่ได้ตั้งค่าการรับชำระด้วยบัตรเครดิตบนเซิร์ฟเวอร์',
  CARD_RETURN_ADDRESS_UNKNOWN:
    'เปิดระบบด้วยที่อยู่ที่เซิร์ฟเวอร์ไม่รู้จัก จึงเริ่มชำระด้วยบัตรไม่ได้ ผู้ดูแลระบบต้องตั้งค่า PUBLIC_URL เป็นที่อยู่ที่ใช้เปิดระบบของร้าน',
  PAYMENT_PROVIDER_FAILED: 'ติดต่อผู้ให้บริการชำระเงินไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  PAYMENT_NOT_COMPLETED: 'ยังไม่ได้รับการชำระเงินจากผู้ให้บริการ',
  CHECKOUT_NOT_FOUND: 'ไม่พบรายการชำระเงินนี้',
  FLAGGED_SALE_NOT_FOUND: 'ไม่พบรายการขายด้วยบัตรที่ต้องตรวจสอบนี้',
  WEBHOOK_SIGNATURE_INVALID: 'ลายเซ็นของการแจ้งเตือนไม่ถูกต้อง',
  TILL_NOT_FOUND: 'ไม่พบเครื่องขาย (ลิ้นชักเงินสด) นี้',
  TILL_NAME_TAKEN: 'ชื่อเครื่องขายนี้มีอยู่แล้ว',
  TILL_INACTIVE: 'เครื่องขายนี้ถูกปิดใช้งานแล้ว กรุณาเลือกเครื่องขายอื่น',
  SHIFT_NOT_FOUND: 'ไม่พบกะนี้',
  SHIFT_ALREADY_OPEN: 'เครื่องขายนี้มีกะที่เปิดอยู่แล้ว ต้องปิดกะเดิมก่อนจึงจะเปิดกะใหม่ได้',
  SHIFT_CLOSED: 'กะนี้ปิดไปแล้ว กะที่ปิดแล้วแก้ไขหรือเปิดใหม่ไม่ได้',
  SHIFT_REQUIRED: 'ยังไม่ได้เปิดกะที่เครื่องขายนี้ กรุณาเปิดกะ (นับเงินทอนตั้งต้น) ก่อนขายหรือคืนเงินสด',
  SHIFT_OTHER_TILL: 'กะนี้เป็นของเครื่องขายอื่น',
  SHIFT_DIFFERENCE_APPROVAL_REQUIRED: 'ยอดเงินที่นับได้ต่างจากยอดที่ควรมีเกินวงเงินที่ร้านกำหนด ต้องให้ผู้จัดการอนุมัติและระบุหมายเหตุก่อนปิดกะ',
  SHIFT_NOTE_REQUIRED: 'กรุณาระบุหมายเหตุว่าทำไมยอดเงินจึงต่างจากยอดที่ควรมี',
  SHIFT_APPROVER_INVALID_CREDENTIALS: 'ชื่อผู้ใช้หรือรหัสผ่านของผู้อนุมัติไม่ถูกต้อง',
  SHIFT_APPROVER_NOT_PERMITTED: 'ผู้ใช้นี้ไม่มีสิทธิ์อนุมัติยอดเงินต่างของกะ (ต้องเป็นผู้จัดการหรือผู้ดูแลระบบ)',
  SHIFT_APPROVER_MUST_CHANGE_PASSWORD: 'ผู้อนุมัติต้องเปลี่ยนรหัสผ่านของตนก่อน จึงจะอนุมัติได้',
  CASH_COUNT_UNKNOWN_DENOMINATION: 'มีชนิดธนบัตรหรือเหรียญที่ไม่รู้จักในการนับเงิน',
  CASH_COUNT_NOT_WHOLE: 'จำนวนธนบัตรหรือเหรียญต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป',
  CASH_COUNT_REPEATED: 'ธนบัตรหรือเหรียญแต่ละชนิดใส่ได้ครั้งเดียวในการนับเงิน',
  CASH_COUNT_MISMATCH: 'ยอดรวมจากการนับธนบัตรและเหรียญไม่ตรงกับยอดเงินที่ส่งมา',
  TAX_INVOICE_NOT_FOUND: 'ไม่พบใบกำกับภาษีนี้',
  TAX_INVOICE_EXISTS: 'รายการขายนี้ออกใบกำกับภาษีเต็มรูปไปแล้ว ออกซ้ำไม่ได้ (พิมพ์สำเนาจากใบเดิมได้)',
  TAX_INVOICE_SHOP_TAX_ID_MISSING:
    'ร้านยังไม่ได้ตั้งค่าเลขประจำตัวผู้เสียภาษีหรือยังไม่ได้จดทะเบียนภาษีมูลค่าเพิ่ม จึงออกใบกำกับภาษีไม่ได้ กรุณาตั้งค่าที่หน้าตั้งค่าระบบ',
  ETAX_EMAIL_NOT_FOUND: 'ไม่พบอีเมล e-Tax นี้',
  ETAX_EMAIL_NOT_FAILED: 'ส่งใหม่ได้เฉพาะอีเมลที่ส่งไม่สำเร็จ อีเมลนี้ส่งแล้วหรือกำลังรอส่งอยู่',
  CREDIT_NOTE_NOT_FOUND: 'ไม่พบใบลดหนี้นี้',
  ETAX_PLACE_INVALID: 'ตำบล/แขวง อำเภอ/เขต และจังหวัดของที่อยู่ร้านไม่ตรงกัน หรือไม่มีในรายชื่อของ สพธอ. กรุณาเลือกใหม่',
  ETAX_SETTINGS_INCOMPLETE:
    'เปิดการส่งใบกำกับภาษีอิเล็กทรอนิกส์ทางอีเมลได้เมื่อร้านจดทะเบียนภาษีมูลค่าเพิ่ม และกรอกที่อยู่ร้านแบบแยกส่วน (บ้านเลขที่ ตำบล อำเภอ จังหวัด รหัสไปรษณีย์) เซิร์ฟเวอร์ SMTP และอีเมลผู้ส่งครบแล้ว',
  TAX_INVOICE_NO_VAT: 'รายการขายนี้ไม่มีภาษีมูลค่าเพิ่ม (ยกเว้น VAT) จึงออกใบกำกับภาษีไม่ได้',
  TAX_INVOICE_SALE_REFUNDED: 'รายการขายนี้มีการคืนสินค้าแล้ว จึงออกใบกำกับภาษีเต็มรูปแทนใบกำกับภาษีอย่างย่อไม่ได้',
  ETAX_DISABLED: 'ร้านยังไม่ได้เปิดการส่งเอกสารอิเล็กทรอนิกส์ทางอีเมล (e-Tax) กรุณาเปิดที่หน้าตั้งค่าระบบ',
  E_RECEIPT_HAS_TAX_INVOICE: 'รายการขายนี้ออกใบกำกับภาษีเต็มรูปแล้ว ใบเสร็จรับเงินจึงส่งทางอีเมลไม่ได้ (ส่งใบกำกับภาษีเต็มรูปแทน)',
  E_RECEIPT_SALE_REFUNDED: 'รายการขายนี้มีการคืนสินค้าแล้ว จึงส่งใบเสร็จรับเงินทางอีเมลไม่ได้',
  PRINTING_SETTINGS_FORBIDDEN: 'เฉพาะผู้ดูแลระบบเท่านั้นที่ตั้งค่าเครื่องพิมพ์ได้',
  PRINTER_NAME_TAKEN: 'มีเครื่องพิมพ์ชื่อนี้แล้ว กรุณาตั้งชื่อเครื่องพิมพ์แต่ละเครื่องไม่ให้ซ้ำกัน',
  PRINTER_NOT_FOUND: 'ไม่พบเครื่องพิมพ์ชื่อนี้ในการตั้งค่าเครื่องพิมพ์',
  PRINTER_TILL_NOT_FOUND: 'ไม่พบเครื่องขายที่เลือกเครื่องพิมพ์ให้',
  PRINTER_ADDRESS_NOT_ALLOWED:
    'ที่อยู่ของเครื่องพิมพ์ต้องอยู่ในเครือข่ายภายในร้าน (เช่น 192.168.x.x หรือ 10.x.x.x) หากต้องใช้ที่อยู่อื่น ให้เปิด "อนุญาตที่อยู่นอกเครือข่ายร้าน" ก่อน',
  PRINTER_OFFLINE: 'เชื่อมต่อเครื่องพิมพ์ไม่ได้ กรุณาตรวจว่าเครื่องพิมพ์เปิดอยู่และต่อเครือข่ายแล้ว แล้วกดพิมพ์อีกครั้ง',
  PRINTER_PAPER_OUT: 'เครื่องพิมพ์กระดาษหมด กรุณาใส่ม้วนกระดาษใหม่แล้วกดพิมพ์อีกครั้ง',
  PRINT_JOB_NOT_FOUND: 'ไม่พบงานพิมพ์นี้',
  PRINT_JOB_NOT_FAILED: 'พิมพ์ซ้ำได้เฉพาะงานพิมพ์ที่พิมพ์ไม่สำเร็จ งานนี้พิมพ์แล้วหรือกำลังพิมพ์อยู่',
  TILL_NO_PRINTER: 'เครื่องขายนี้ยังไม่ได้เลือกเครื่องพิมพ์ (ตั้งค่าที่หน้าตั้งค่า แท็บเครื่องพิมพ์)',
  PRINT_JOB_NOT_TILLS: 'งานพิมพ์นี้เซิร์ฟเวอร์ส่งไปยังเครื่องพิมพ์เครือข่ายเอง เครื่องขายไม่ต้องส่ง',
  PRINT_JOB_NOT_PENDING: 'งานพิมพ์นี้บันทึกผลไปแล้ว',
  PRINTER_NO_TILL: 'เครื่องพิมพ์ USB หรือ Serial พิมพ์ผ่านเครื่องขายที่ต่ออยู่ กรุณาเลือกเครื่องพิมพ์นี้ให้เครื่องขายก่อน แล้วทดสอบที่เครื่องขายนั้น',
  REFUND_NOT_FOUND: 'ไม่พบรายการคืนเงินนี้',
  PRINTER_NO_CASH_DRAWER: 'เครื่องพิมพ์ของเครื่องขายนี้ไม่ได้ต่อลิ้นชักเก็บเงิน',
  DISPLAY_CODE_INVALID: 'รหัสจับคู่ไม่ถูกต้องหรือหมดอายุแล้ว กรุณาขอรหัสใหม่จากเครื่องขาย',
  DISPLAY_PAIRING_THROTTLED: 'ใส่รหัสจับคู่ผิดหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่',
  DISPLAY_NOT_PAIRED: 'จอแสดงผลนี้ยังไม่ได้จับคู่กับเครื่องขาย หรือถูกยกเลิกการจับคู่แล้ว',
  OFFLINE_CARD_NOT_ALLOWED: 'รับชำระด้วยบัตรได้เฉพาะเมื่อเครื่องขายออนไลน์ การขายที่ทำขณะออฟไลน์ต้องเป็นเงินสด โอนเงิน หรือพร้อมเพย์',
  OFFLINE_SALE_REPLACES: 'การแก้ไขรายการขายทำได้เฉพาะเมื่อเครื่องขายออนไลน์',
  OFFLINE_REFUND_TO_CARD: 'การคืนเงินเข้าบัตรทำได้เฉพาะเมื่อเครื่องขายออนไลน์ ขณะออฟไลน์คืนเป็นเงินสด โอนเงิน หรือพร้อมเพย์ได้',
  OFFLINE_REFUND_EDIT: 'การแก้ไขรายการขายทำได้เฉพาะเมื่อเครื่องขายออนไลน์',
  OFFLINE_SALE_NOT_SENT: 'บิลที่คืนเงินนี้ยังส่งเข้าระบบไม่สำเร็จ จึงยังส่งการคืนเงินไม่ได้ แก้ไขบิลที่ส่งไม่สำเร็จก่อน แล้วกดลองอีกครั้ง',
  OFFLINE_PERIOD_OTHER_USER: 'ช่วงเวลาออฟไลน์นี้บันทึกโดยผู้ใช้อื่น',
  OFFLINE_FLAGGED_SALE_NOT_FOUND: 'ไม่พบรายการขายออฟไลน์ที่ต้องตรวจสอบนี้',
  METHOD_NOT_ALLOWED: 'ไม่รองรับคำขอนี้',
  INTERNAL_ERROR: 'เกิดข้อผิดพลาดภายในระบบ กรุณาลองใหม่อีกครั้ง',
  SERVICE_UNAVAILABLE: 'ระบบไม่พร้อมให้บริการชั่วคราว',
  HEAVY_READS_BUSY: 'คุณเปิดรายงานหรือการค้นหาไว้หลายรายการพร้อมกัน กรุณารอให้รายการก่อนหน้าเสร็จแล้วลองใหม่อีกครั้ง',
  READ_TIMED_OUT: 'การค้นหาหรือรายงานนี้ใช้เวลานานเกินไป กรุณาเลือกช่วงเวลาให้สั้นลงหรือลองใหม่อีกครั้งในภายหลัง',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export type ErrorDetails = Readonly<Record<string, unknown>>;

/**
 * Fuller wording for refusals that carry facts in `details`: a template is used
 * when `details` holds every one of its `{placeholders}` (as text or a number),
 * else the code's plain message. The web fills its own templates the same way.
 */
export const DETAILED_ERROR_MESSAGES = {
  ROUTE_NOT_FOUND: 'ไม่พบ API ที่เรียก: {method} {url}',
  FORBIDDEN: 'คุณไม่มีสิทธิ์ดำเนินการนี้ ({permission})',
  TOO_MANY_ATTEMPTS: 'เข้าสู่ระบบผิดพลาดหลายครั้งเกินไป กรุณาลองใหม่ในอีก {minutes} นาที',
  ACCOUNT_TOO_MANY_ATTEMPTS:
    'มีการลองรหัสผ่านของบัญชีนี้ผิดหลายครั้ง จึงพักการเข้าสู่ระบบจากเครื่องใหม่ไว้ชั่วคราว กรุณาเข้าสู่ระบบจากเครื่องที่เคยใช้ หรือลองใหม่ในอีก {minutes} นาที',
  CATEGORY_NAME_TAKEN: 'ชื่อหมวดหมู่ "{name}" มีอยู่แล้ว',
  TILL_NAME_TAKEN: 'ชื่อเครื่องขาย "{name}" มีอยู่แล้ว',
  SHIFT_ALREADY_OPEN: 'เครื่องขาย "{tillName}" มีกะที่เปิดอยู่แล้ว ต้องปิดกะเดิมก่อนจึงจะเปิดกะใหม่ได้',
  SHIFT_REQUIRED: 'ยังไม่ได้เปิดกะที่เครื่องขาย "{tillName}" กรุณาเปิดกะ (นับเงินทอนตั้งต้น) ก่อนขายหรือคืนเงินสด',
  SHIFT_DIFFERENCE_APPROVAL_REQUIRED:
    'ยอดเงินที่นับได้ต่างจากยอดที่ควรมี {difference} บาท เกินวงเงิน {limit} บาทที่ร้านกำหนด ต้องให้ผู้จัดการอนุมัติและระบุหมายเหตุก่อนปิดกะ',
  TAX_INVOICE_EXISTS: 'รายการขายนี้ออกใบกำกับภาษีเต็มรูปไปแล้ว เลขที่ {number} ออกซ้ำไม่ได้ (พิมพ์สำเนาจากใบเดิมได้)',
  E_RECEIPT_HAS_TAX_INVOICE:
    'รายการขายนี้ออกใบกำกับภาษีเต็มรูปแล้ว เลขที่ {number} ใบเสร็จรับเงินจึงส่งทางอีเมลไม่ได้ (ส่งใบกำกับภาษีเต็มรูปแทน)',
  CATEGORY_IN_USE: 'ไม่สามารถลบหมวดหมู่ "{name}" ได้ เนื่องจากมีสินค้า {products} รายการใช้หมวดหมู่นี้อยู่',
  STOCK_CHANGED: 'สต็อกของสินค้านี้เปลี่ยนไประหว่างที่คุณปรับ กรุณาตรวจสอบจำนวนล่าสุดแล้วปรับใหม่ (ตอนนี้มี {stock} ชิ้น)',
  SKU_TAKEN: 'SKU/บาร์โค้ด "{sku}" ถูกใช้กับสินค้า "{product}" แล้ว',
  PRODUCT_UNAVAILABLE: 'สินค้าบางรายการไม่มีในระบบแล้ว: {name}',
  INSUFFICIENT_STOCK: 'สินค้าในสต็อกไม่เพียงพอ: {name} เหลือ {available} ชิ้น',
  SIZE_REQUIRED: 'กรุณาเลือกไซส์ของสินค้า: {name}',
  SIZE_NOT_OFFERED: 'สินค้านี้ไม่มีไซส์ที่เลือก: {name}',
  COLOR_REQUIRED: 'กรุณาเลือกสีของสินค้า: {name}',
  COLOR_NOT_OFFERED: 'สินค้านี้ไม่มีสีที่เลือก: {name}',
  VARIANT_UNKNOWN: 'ไม่พบไซส์/สีที่เลือกของสินค้านี้: {name}',
  VARIANT_INACTIVE: 'ไซส์/สีที่เลือกถูกปิดการขายไว้: {name}',
  VARIANT_LIMIT: 'สินค้าหนึ่งรายการมีไซส์ × สีได้ไม่เกิน {max} แบบ (ตอนนี้ {count} แบบ)',
  INSUFFICIENT_POINTS: 'แต้มสะสมของลูกค้าไม่เพียงพอ (คุณมี {points} แต้ม)',
  LINE_REJECTED:
    'LINE ปฏิเสธการส่งข้อความ (HTTP {lineStatus}: {lineMessage}) กรุณาตรวจสอบว่า Channel Access Token ถูกต้องและยังไม่หมดอายุ และ User ID ถูกต้อง',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** The `{name}` placeholders of a template. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** The code's detailed template when `details` fills all its placeholders, else null. */
export function detailedTemplate<T extends string>(
  template: T | undefined,
  details: ErrorDetails | undefined,
): T | null {
  if (template === undefined || !details) return null;
  const filled = placeholdersOf(template).every(
    (name) => typeof details[name] === 'string' || typeof details[name] === 'number',
  );
  return filled ? template : null;
}

/** The Thai text of a refusal: its detailed message filled from `details` when it has one, else its plain one. */
export function errorText(code: ErrorCode, details?: ErrorDetails): string {
  const detailed = detailedTemplate((DETAILED_ERROR_MESSAGES as Partial<Record<ErrorCode, string>>)[code], details);
  if (detailed === null) return ERROR_MESSAGES[code];
  return detailed.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = details![name];
    return typeof value === 'number' ? value.toLocaleString('th-TH') : String(value);
  });
}

/** Thai texts of successful answers that carry a message. */
export const RESULT_MESSAGES = {
  userDeleted: 'ลบผู้ใช้แล้ว',
  userSoftDeleted: 'ลบผู้ใช้แล้ว (เก็บชื่อไว้ในประวัติการขาย)',
  productDeleted: 'ลบสินค้าแล้ว',
  productSoftDeleted: 'ลบสินค้าแล้ว (เก็บไว้ในประวัติการขาย)',
  customerDeleted: (name: string) => `ลบลูกค้า ${name} แล้ว`,
  customerSoftDeleted: (name: string) => `ลบลูกค้า ${name} แล้ว (เก็บประวัติการซื้อไว้)`,
  categoryDeleted: (name: string) => `ลบหมวดหมู่ "${name}" แล้ว`,
  categoryDeletedMoving: (name: string, products: number) => `ลบหมวดหมู่ "${name}" แล้ว สินค้า ${products} รายการไม่มีหมวดหมู่`,
} as const;
