/** What the demo shop sells and who buys it: a Thai clothing and shoe shop. */

/** A deterministic random source, so the same seed builds the same shop. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

export interface DemoKind {
  category: string;
  names: readonly string[];
  /** Price range in whole baht, and the sizes offered. */
  price: [number, number];
  sizes: readonly string[];
  hue: number;
}

const CLOTHES = ['S', 'M', 'L', 'XL'] as const;
const SHOES = ['38', '39', '40', '41', '42', '43'] as const;

/** A dozen categories beyond the four a new shop starts with. */
export const DEMO_KINDS: readonly DemoKind[] = [
  {
    category: 'เสื้อยืด',
    names: ['เสื้อยืดคอกลม', 'เสื้อยืดคอวี', 'เสื้อยืดโอเวอร์ไซซ์', 'เสื้อยืดลายไทย'],
    price: [159, 390],
    sizes: CLOTHES,
    hue: 210,
  },
  {
    category: 'เสื้อเชิ้ต',
    names: ['เสื้อเชิ้ตแขนยาว', 'เสื้อเชิ้ตลินิน', 'เสื้อเชิ้ตฮาวาย'],
    price: [390, 990],
    sizes: CLOTHES,
    hue: 190,
  },
  {
    category: 'กางเกง',
    names: ['กางเกงยีนส์ขากระบอก', 'กางเกงสแล็ค', 'กางเกงขาสั้น', 'กางเกงช้าง'],
    price: [199, 1290],
    sizes: ['28', '30', '32', '34', '36'],
    hue: 230,
  },
  {
    category: 'กระโปรง',
    names: ['กระโปรงพลีท', 'กระโปรงยีนส์', 'กระโปรงผ้าไหม'],
    price: [290, 1590],
    sizes: CLOTHES,
    hue: 330,
  },
  { category: 'ชุดเดรส', names: ['เดรสลายดอก', 'เดรสเชิ้ต', 'เดรสผ้าฝ้าย'], price: [490, 1890], sizes: CLOTHES, hue: 300 },
  { category: 'เสื้อกันหนาว', names: ['เสื้อฮู้ด', 'เสื้อคาร์ดิแกน', 'แจ็กเก็ตยีนส์'], price: [590, 1990], sizes: CLOTHES, hue: 20 },
  {
    category: 'รองเท้าผ้าใบ',
    names: ['รองเท้าผ้าใบหุ้มข้อ', 'รองเท้าผ้าใบสลิปออน', 'รองเท้าวิ่ง'],
    price: [690, 3490],
    sizes: SHOES,
    hue: 0,
  },
  {
    category: 'รองเท้าแตะ',
    names: ['รองเท้าแตะหนัง', 'รองเท้าแตะฟองน้ำ', 'รองเท้าแตะรัดส้น'],
    price: [99, 890],
    sizes: SHOES,
    hue: 40,
  },
  {
    category: 'รองเท้าหนัง',
    names: ['รองเท้าคัทชู', 'รองเท้าโลฟเฟอร์', 'รองเท้าบูทหนัง'],
    price: [890, 3990],
    sizes: SHOES,
    hue: 25,
  },
  {
    category: 'กระเป๋าสะพาย',
    names: ['กระเป๋าผ้าทอ', 'กระเป๋าหนังสะพายข้าง', 'กระเป๋าเป้'],
    price: [290, 2490],
    sizes: [],
    hue: 120,
  },
  { category: 'หมวก', names: ['หมวกแก๊ป', 'หมวกบักเก็ต', 'หมวกสาน'], price: [150, 590], sizes: [], hue: 60 },
  {
    category: 'เครื่องประดับ',
    names: ['สร้อยข้อมือเงิน', 'ต่างหูมุก', 'แหวนเงินแท้', 'เข็มขัดหนัง'],
    price: [120, 1990],
    sizes: [],
    hue: 270,
  },
];

export const DEMO_COLOURS = ['ขาว', 'ดำ', 'กรม', 'เทา', 'ครีม', 'แดง', 'เขียวขี้ม้า', 'น้ำตาล'] as const;
export const DEMO_BRANDS = ['สยาม', 'ล้านนา', 'อันดามัน', 'เจ้าพระยา', 'อีสานคราฟต์', 'ภูพาน'] as const;

const FIRST_NAMES = [
  'สมชาย',
  'สมศรี',
  'วิชัย',
  'มาลี',
  'ประเสริฐ',
  'สุภาพร',
  'ธนากร',
  'กนกวรรณ',
  'อนันต์',
  'พรทิพย์',
  'ณัฐพล',
  'ศิริพร',
  'ปิยะ',
  'อรุณี',
  'กิตติ',
  'จันทร์เพ็ญ',
  'ชัยวัฒน์',
  'วราภรณ์',
  'ธีรพงษ์',
  'นภัสสร',
  'สุรเชษฐ์',
  'พิมพ์ชนก',
  'เอกชัย',
  'รัตนา',
];
const LAST_NAMES = [
  'ใจดี',
  'ศรีสุข',
  'แสงทอง',
  'วงศ์ไทย',
  'บุญมา',
  'สุขสวัสดิ์',
  'ทองคำ',
  'รุ่งเรือง',
  'พงษ์พันธ์',
  'มีสุข',
  'เจริญผล',
  'แก้วมณี',
];

export function thaiName(random: () => number): string {
  return `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
}

/** A Thai mobile number (06/08/09 and 8 digits), unique per index. */
export function thaiPhone(index: number): string {
  const prefix = ['06', '08', '09'][index % 3]!;
  return `${prefix}${String(10_000_000 + index * 7_919).slice(-8)}`;
}
