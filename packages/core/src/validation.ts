/**
 * Validation messages by stable id. Core's schemas carry an id (with its parameters) as the
 * zod message, never text: the server words it in Thai for `error` and `fields` and sends
 * the id beside them in `fieldIds`; the web words it in the reader's language from its
 * `validation` dictionary. This is the one Thai wording of every id.
 */

/** What `{label}` stands for in the messages below. Latin words keep the space Thai puts after them. */
export const VALIDATION_LABELS = {
  address: 'ที่อยู่',
  buyerName: 'ชื่อผู้ซื้อ',
  buildingNumber: 'บ้านเลขที่',
  subdistrict: 'ตำบล/แขวง',
  district: 'อำเภอ/เขต',
  province: 'จังหวัด',
  postcode: 'รหัสไปรษณีย์',
  approval: 'การอนุมัติ',
  bahtPerPoint: 'ยอดซื้อต่อ 1 แต้ม',
  barcode: 'บาร์โค้ด',
  cashReceived: 'จำนวนเงินที่รับ',
  category: 'หมวดหมู่',
  categoryDescription: 'คำอธิบาย',
  categoryId: 'รหัสหมวดหมู่',
  categoryName: 'ชื่อหมวดหมู่',
  colors: 'สี',
  cost: 'ต้นทุน',
  cursor: 'cursor ',
  layout: 'รูปแบบไฟล์',
  customerId: 'รหัสลูกค้า',
  customerName: 'ชื่อลูกค้า',
  description: 'รายละเอียด',
  discount: 'ส่วนลด',
  editedAt: 'เวลาที่แก้ไข',
  editedBy: 'รหัสผู้แก้ไข',
  editReason: 'เหตุผลการแก้ไข',
  email: 'อีเมล',
  date: 'วันที่',
  endDate: 'วันที่สิ้นสุด',
  endMonth: 'เดือนสิ้นสุด',
  fullName: 'ชื่อ',
  icon: 'ไอคอน',
  iconName: 'ชื่อไอคอน',
  id: 'รหัส',
  imageUrl: 'ที่อยู่รูปภาพ',
  isActive: 'isActive ',
  isActiveSnake: 'is_active ',
  items: 'รายการสินค้า',
  limit: 'limit ',
  lineChoice: 'ไซส์หรือสีที่เลือก',
  lineTotal: 'ยอดรวมรายการ',
  lineToken: 'Channel Access Token ',
  lineUserId: 'LINE User ID ',
  list: 'รายการ',
  logoUrl: 'ที่อยู่โลโก้',
  notes: 'หมายเหตุ',
  offCardReason: 'เหตุผลที่ไม่คืนเข้าบัตร',
  originalPrice: 'ราคาปกติ',
  password: 'รหัสผ่าน',
  paymentMethod: 'วิธีชำระเงิน',
  paymentAmount: 'ยอดชำระของแต่ละวิธี',
  paymentReference: 'เลขอ้างอิง',
  payments: 'รายการชำระเงิน',
  phone: 'เบอร์โทร',
  pointsUsed: 'แต้มที่ใช้',
  pointValue: 'มูลค่า 1 แต้ม',
  posNumber: 'หมายเลขเครื่อง POS ',
  price: 'ราคาสินค้า',
  productId: 'รหัสสินค้า',
  productName: 'ชื่อสินค้า',
  promptPayId: 'PromptPay ID ',
  quantity: 'จำนวนสินค้า',
  reason: 'เหตุผล',
  refundAmount: 'จำนวนเงินที่คืน',
  refundLines: 'รายการที่คืน',
  refundMethod: 'วิธีคืนเงิน',
  refundParts: 'ยอดคืนแยกตามวิธีชำระ',
  refundQuantity: 'จำนวนที่คืน',
  replacesSaleId: 'รหัสรายการขายที่แก้ไข',
  saleItemId: 'รหัสรายการสินค้า',
  search: 'คำค้นหา',
  sizes: 'ไซส์',
  sku: 'SKU ',
  sortOrder: 'ลำดับ',
  period: 'ช่วงเวลา',
  startDate: 'วันที่เริ่มต้น',
  startMonth: 'เดือนเริ่มต้น',
  status: 'สถานะ',
  stock: 'จำนวนสต็อก',
  storeName: 'ชื่อร้าน',
  stripeKey: 'Publishable key ',
  stripePriceId: 'Price ID ',
  subtotal: 'ยอดรวมสินค้า',
  tax: 'ภาษี',
  taxId: 'เลขประจำตัวผู้เสียภาษี',
  taxRate: 'อัตราภาษี',
  text: 'ข้อความ',
  total: 'ยอดสุทธิ',
  username: 'ชื่อผู้ใช้',
  variantId: 'ไซส์/สีของสินค้า',
  variants: 'ไซส์ × สีของสินค้า',
  website: 'เว็บไซต์',
  smtpHost: 'เซิร์ฟเวอร์ SMTP',
  printerName: 'ชื่อเครื่องพิมพ์',
  printerType: 'ชนิดการเชื่อมต่อเครื่องพิมพ์',
  printerHost: 'ที่อยู่ IP ของเครื่องพิมพ์',
  printerPort: 'พอร์ตเครื่องพิมพ์',
  printerWidth: 'ความกว้างกระดาษ',
  printerLanguage: 'ภาษาคำสั่งเครื่องพิมพ์',
  printJobKind: 'เอกสารที่จะพิมพ์',
  thaiCodePageNumber: 'หมายเลขชุดอักขระภาษาไทย',
  printOutcome: 'ผลการพิมพ์',
  printers: 'รายการเครื่องพิมพ์',
  tillPrinters: 'เครื่องพิมพ์ของเครื่องขาย',
  smtpPort: 'พอร์ต SMTP',
  smtpUser: 'ชื่อผู้ใช้ SMTP',
  cashAmount: 'จำนวนเงิน',
  cashMovementType: 'ประเภทรายการเงินสด',
  cashReasons: 'เหตุผลการนำเงินเข้า/ออก',
  countedCash: 'ยอดเงินที่นับได้',
  denomination: 'ชนิดธนบัตรหรือเหรียญ',
  denominationCount: 'จำนวนธนบัตรหรือเหรียญ',
  differenceLimit: 'วงเงินส่วนต่างที่ไม่ต้องอนุมัติ',
  openingFloat: 'เงินทอนตั้งต้น',
  shiftNote: 'หมายเหตุการปิดกะ',
  tillId: 'เครื่องขาย',
  tillName: 'ชื่อเครื่องขาย',
  userId: 'ผู้ใช้',
  offlineId: 'รหัสการขายออฟไลน์',
  createdAt: 'เวลาที่ขาย',
  syncedAt: 'เวลาที่เครื่องขายปรับข้อมูลล่าสุด',
  startedAt: 'เวลาที่เริ่มออฟไลน์',
  endedAt: 'เวลาที่กลับมาออนไลน์',
  documentNumber: 'เลขที่เอกสาร',
} as const;
export type ValidationLabel = keyof typeof VALIDATION_LABELS;

export const VALIDATION_MESSAGES = {
  // Shapes shared by many fields; `{label}` names the field.
  'text.type': '{label}ต้องเป็นข้อความ',
  'text.tooLong': '{label}ต้องไม่เกิน {max} ตัวอักษร',
  'text.controlChars': 'ข้อความมีอักขระพิเศษที่มองไม่เห็นหรือเสีย (อักขระควบคุม) ซึ่งใช้ไม่ได้ กรุณาลบออก',
  'text.bidiControls': 'ข้อความมีอักขระที่มองไม่เห็นซึ่งกลับทิศทางตัวอักษร (เช่น U+202E) ใช้ไม่ได้ กรุณาลบออก',
  'text.directionMark':
    'ข้อความมีเครื่องหมายกำหนดทิศทางที่มองไม่เห็น ({mark}) ซึ่งมักติดมากับข้อความที่คัดลอกมา และทำให้ตัวเลขกับวงเล็บสลับที่เมื่อพิมพ์ใบเสร็จ กรุณาลบออกแล้วพิมพ์ใหม่',
  'value.tooLong': '{label}ยาวเกินไป',
  'value.invalid': '{label}ไม่ถูกต้อง',
  'value.tooMany': '{label}มากเกินไป',
  'number.type': '{label}ต้องเป็นตัวเลข',
  'number.int': '{label}ต้องเป็นจำนวนเต็ม',
  'number.positive': '{label}ต้องมากกว่า 0',
  'number.atLeastOne': '{label}ต้องไม่น้อยกว่า 1',
  'number.nonNegative': '{label}ต้องไม่ติดลบ',
  'number.max': '{label}ต้องไม่เกิน {max}',
  'number.tooHigh': '{label}สูงเกินไป',
  'money.max': '{label}ต้องไม่เกิน {max} บาท',
  'money.decimals': '{label}มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง',
  'list.type': '{label}ต้องเป็นรายการข้อความ',
  'list.max': '{label}ต้องไม่เกิน {max} รายการ',
  'list.itemTooLong': '{label}แต่ละรายการต้องไม่เกิน {max} ตัวอักษร',
  'date.format': '{label}ต้องเป็นวันที่ YYYY-MM-DD',
  'date.notReal': '{label}ไม่ใช่วันที่ที่มีอยู่จริง',
  'date.yearRange': '{label}ต้องอยู่ระหว่างปี 1900 ถึง 2999',
  'month.format': '{label}ต้องเป็นเดือน YYYY-MM',
  'report.customDatesRequired': 'กรุณาเลือกวันที่เริ่มต้นและวันที่สิ้นสุด',
  'report.dayRangeTooLong': 'ช่วงวันที่ต้องไม่เกิน {max} วัน',
  'report.monthOrder': 'เดือนเริ่มต้นต้องไม่อยู่หลังเดือนสิ้นสุด',
  'report.monthRangeTooLong': 'ช่วงเดือนต้องไม่เกิน {max} เดือน',
  'boolean.type': '{label}ต้องเป็น true หรือ false',
  'flag.type': 'ต้องเป็นค่าเปิด/ปิด (true/false)',
  'email.invalid': 'รูปแบบอีเมลไม่ถูกต้อง',
  // The product form (spec 001 §5) and stock.
  'product.nameRequired': 'กรุณากรอกชื่อสินค้า',
  'product.skuRequired': 'กรุณากรอก SKU',
  'product.codeNotEncodable':
    '{label}ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และเครื่องหมายบนแป้นพิมพ์ (บาร์โค้ดบนป้ายพิมพ์ตัวอักษรไทยไม่ได้)',
  'product.categoryRequired': 'กรุณาเลือกหมวดหมู่',
  'product.priceRequired': 'กรุณากรอกราคาสินค้า',
  'product.stockRequired': 'กรุณากรอกจำนวนสต็อก',
  'product.stockInvalid': 'จำนวนสต็อกต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป',
  'product.imageUrlInvalid': 'ที่อยู่รูปภาพต้องขึ้นต้นด้วย https://, http:// หรือ /uploads/',
  'product.beforeInvalid': 'before ต้องเป็นรหัสรายการ (จำนวนเต็มบวก)',
  'stock.modeRequired': 'กรุณาเลือกวิธีปรับสต็อก (เพิ่ม ลด หรือกำหนดจำนวน)',
  'stock.amountInvalid': 'จำนวนต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป',
  'stock.amountZero': 'จำนวนที่เพิ่มหรือลดต้องมากกว่า 0',
  'stock.expectedRequired': 'กรุณาส่งจำนวนสต็อกที่เห็นอยู่ก่อนปรับ (expected)',
  'stock.reasonRequired': 'กรุณาเลือกเหตุผลในการปรับสต็อก',
  'stock.noteRequired': 'กรุณาระบุรายละเอียดเมื่อเลือกเหตุผล "อื่น ๆ"',
  'stock.belowZero': 'ลดสต็อกได้ไม่เกินจำนวนที่มีอยู่ ({stock} ชิ้น)',
  'stock.tooMuch': 'จำนวนสต็อกหลังปรับต้องไม่เกิน {max}',
  'stock.reasonUp': 'เหตุผลนี้ใช้ได้เฉพาะเมื่อเพิ่มสต็อก (จำนวนหลังปรับต้องมากกว่าเดิม)',
  'stock.reasonDown': 'เหตุผลนี้ใช้ได้เฉพาะเมื่อลดสต็อก (จำนวนหลังปรับต้องน้อยกว่าเดิม)',
  // Customers (spec 000 §5), users and signing in.
  'customer.nameAndPhoneRequired': 'กรุณากรอกชื่อและเบอร์โทรศัพท์',
  'customer.phoneInvalid':
    'เบอร์โทรศัพท์ไม่ถูกต้อง กรุณากรอกเบอร์ไทย 9 หรือ 10 หลักที่ขึ้นต้นด้วย 0 หรือเบอร์ต่างประเทศที่ขึ้นต้นด้วย + และรหัสประเทศ',
  'user.roleInvalid': 'บทบาทต้องเป็น admin, manager, cashier หรือ viewer',
  'user.usernameRequired': 'กรุณากรอกชื่อผู้ใช้',
  'user.usernameChars': 'ชื่อผู้ใช้ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และ . _ -',
  'user.passwordRequired': 'กรุณากรอกรหัสผ่าน',
  'user.passwordTooShort': 'รหัสผ่านต้องมีอย่างน้อย {min} ตัวอักษร',
  'user.fullNameRequired': 'กรุณากรอกชื่อ-นามสกุล',
  'user.onlyProfileFields': 'แก้ไขได้เฉพาะชื่อ อีเมล บทบาท และสถานะการใช้งาน',
  'auth.currentPasswordRequired': 'กรุณากรอกรหัสผ่านปัจจุบัน',
  // Categories and settings.
  'category.nameRequired': 'กรุณากรอกชื่อหมวดหมู่',
  'category.colorInvalid': 'สีต้องเป็นรหัสสี เช่น #3B82F6',
  'category.iconRequired': 'กรุณาเลือกไอคอน',
  'category.listInvalid': 'categories ต้องเป็นรายการหมวดหมู่',
  'category.idsInvalid': 'ids ต้องเป็นรายการรหัสหมวดหมู่',
  'category.orderRequired': 'กรุณาส่งลำดับหมวดหมู่ (categories หรือ ids)',
  'settings.defaultPaymentMethodInvalid': 'วิธีชำระเงินเริ่มต้นต้องเป็น cash, card, transfer หรือ promptpay',
  'settings.promptPayIdInvalid': 'PromptPay ID ต้องเป็นเบอร์มือถือ 10 หลัก เลขประจำตัว 13 หลัก หรือ e-Wallet 15 หลัก',
  'settings.posNumberChars': 'หมายเลขเครื่อง POS ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข ช่องว่าง - / และ .',
  'settings.storeNameRequired': 'กรุณากรอกชื่อร้าน',
  'settings.taxRateMax': 'อัตราภาษีต้องไม่เกิน 100%',
  'settings.taxIdInvalid': 'เลขประจำตัวผู้เสียภาษีต้องเป็นตัวเลข 13 หลัก',
  'settings.stripeKeyPrefix': 'Publishable key ต้องขึ้นต้นด้วย pk_',
  'settings.unknownGroup': 'มีกลุ่มการตั้งค่าที่ไม่รู้จัก',
  // Printers.
  'printing.nameRequired': 'กรุณาตั้งชื่อเครื่องพิมพ์',
  'printing.hostRequired': 'กรุณากรอกที่อยู่ IP ของเครื่องพิมพ์เครือข่าย',
  'display.codeInvalid': 'รหัสจับคู่ต้องเป็นตัวเลข 6 หลักที่แสดงบนเครื่องขาย',
  // Sales and refunds.
  'sale.cartEmpty': 'ไม่มีสินค้าในตะกร้า',
  'sale.approverUsernameRequired': 'กรุณากรอกชื่อผู้ใช้ของผู้อนุมัติ',
  'sale.approverPasswordRequired': 'กรุณากรอกรหัสผ่านของผู้อนุมัติ',
  'sale.dateRange': 'วันที่เริ่มต้นต้องไม่อยู่หลังวันที่สิ้นสุด',
  'sale.refundLinesEmpty': 'ไม่มีรายการที่คืน',
  'sale.refundReasonRequired': 'กรุณาระบุเหตุผลการคืนเงิน',
  'sale.unitPriceLimit': 'ราคาสินค้าต้องไม่เกิน {max} บาทต่อชิ้น',
  'sale.totalLimit': 'ยอดสุทธิต้องไม่เกิน {max} บาทต่อรายการขาย',
  'sale.lineTotalLimit': 'ยอดรวมของสินค้าแต่ละรายการต้องไม่เกิน {max} บาท',
  // Tills and shifts.
  'shift.tillNameRequired': 'กรุณากรอกชื่อเครื่องขาย',
  'shift.reasonRequired': 'กรุณาระบุเหตุผล',
  // Full tax invoices.
  'taxInvoice.taxIdInvalid': 'เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง ต้องเป็นตัวเลข 13 หลักที่มีเลขตรวจสอบถูกต้อง',
  'taxInvoice.branchInvalid': 'เลขที่สาขาต้องเป็นตัวเลข 5 หลัก (สำนักงานใหญ่คือ 00000)',
  'taxInvoice.buyerNameRequired': 'กรุณากรอกชื่อผู้ซื้อ (บุคคลหรือบริษัท)',
  'taxInvoice.buyerAddressRequired': 'กรุณากรอกที่อยู่ของผู้ซื้อ',
  'taxInvoice.buyerPostcodeRequired': 'กรุณากรอกที่อยู่ให้ครบถึงรหัสไปรษณีย์ 5 หลัก',
  'eReceipt.emailRequired': 'กรุณากรอกอีเมลที่จะส่งใบเสร็จไป',
  // Refusals the server words itself, beyond the request schemas.
  'server.quantityInvalid': 'จำนวนสินค้าต้องเป็นจำนวนเต็มมากกว่า 0',
  'server.priceInvalid': 'ราคาสินค้าไม่ถูกต้อง',
  'server.pointsInvalid': 'แต้มที่ใช้ต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป',
  'server.categoryGone': 'ไม่พบหมวดหมู่ที่เลือก กรุณาเลือกหมวดหมู่ใหม่',
  'server.formInvalid': 'รูปแบบข้อมูลฟอร์มไม่ถูกต้อง',
  'server.unknownFile': 'รูปแบบข้อมูลฟอร์มไม่ถูกต้อง: ไม่รู้จักไฟล์ {field}',
  'server.imageField': 'ส่งรูปภาพในช่อง {field}',
  'server.logoField': 'ส่งโลโก้ในช่อง {field}',
  'server.idempotencyKeyInvalid': 'Idempotency-Key ต้องเป็นตัวอักษรหรือตัวเลข 8-100 ตัว',
  'server.lineTokenInvalid': 'Channel Access Token ต้องเป็นตัวอักษรภาษาอังกฤษ ตัวเลข หรือเครื่องหมาย โดยไม่มีช่องว่าง',
} as const;
export type ValidationId = keyof typeof VALIDATION_MESSAGES;

export const VALIDATION_IDS = Object.keys(VALIDATION_MESSAGES) as ValidationId[];

/** A message's parameters: `label` names a field (see VALIDATION_LABELS); the others are filled in as they are. */
export type ValidationParams = { readonly label?: ValidationLabel } & Readonly<Record<string, string | number>>;

/** An encoded message: `validation.<id>`, with its parameters as a query string after `?`. */
const PREFIX = 'validation.';

/** The zod message standing for `id` filled with `params`: what schemas and the server pass around. */
export function msg(id: ValidationId, params?: ValidationParams): string {
  if (!params) return `${PREFIX}${id}`;
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return `${PREFIX}${id}?${query.toString()}`;
}

const LABELS: ReadonlySet<string> = new Set(Object.keys(VALIDATION_LABELS));
const IDS: ReadonlySet<string> = new Set(VALIDATION_IDS);

export interface ParsedValidationMessage {
  id: ValidationId;
  params: Readonly<Record<string, string>>;
  /** The field label `{label}` stands for, when the message names one. */
  label: ValidationLabel | null;
}

/** The id and parameters of an encoded message; null for other text (e.g. zod's own messages). */
export function parseValidationMessage(message: string): ParsedValidationMessage | null {
  if (!message.startsWith(PREFIX)) return null;
  const [id = '', query = ''] = message.slice(PREFIX.length).split('?', 2);
  if (!IDS.has(id)) return null;
  const params = Object.fromEntries(new URLSearchParams(query));
  const label = params.label !== undefined && LABELS.has(params.label) ? (params.label as ValidationLabel) : null;
  return { id: id as ValidationId, params, label };
}

/** Fills `{name}` placeholders; an unknown one stays as it is. */
export function fillPlaceholders(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? params[name]! : match));
}

/** The Thai text of a message: an encoded one worded from the catalogue, any other text as it is. */
export function validationText(message: string): string {
  const parsed = parseValidationMessage(message);
  if (!parsed) return message;
  const params = parsed.label ? { ...parsed.params, label: VALIDATION_LABELS[parsed.label] } : parsed.params;
  return fillPlaceholders(VALIDATION_MESSAGES[parsed.id], params);
}

/** A large limit as the messages print it (10,000,000). */
export const grouped = (value: number): string => value.toLocaleString('th-TH');
