import type { ProductCreateBody } from '@rian/proto-contracts/catalog';
import type { InstallmentPlanCreateBody, PriceCreateBody } from '@rian/proto-contracts/catalog-commerce';
import type { BankAccountCreateBody } from '@rian/proto-contracts/catalog-content';
import { DEMO_COURSE_IDS } from '@rian/proto-contracts/demo';

/**
 * Demo shop content for a fresh install (CATALOG_SEED_DEMO=true). Prices in satang.
 * One product is disabled, so the public list visibly hides it.
 */
export const DEMO_PRODUCTS: readonly ProductCreateBody[] = [
  {
    url: 'forex-basics',
    title: 'คอร์สเทรด Forex พื้นฐาน (Forex Basics)',
    subtitle: 'เริ่มต้นเทรดค่าเงินอย่างมีระบบ ตั้งแต่ศูนย์ · Trade currencies with a plan, from zero',
    detail:
      'เรียนรู้คู่เงินหลัก การอ่านกราฟแท่งเทียน การบริหารความเสี่ยง และการวางแผนการเทรด ' +
      '8 บทเรียนออนไลน์ พร้อมเอกสารประกอบ\n' +
      'Major pairs, candlestick charts, risk management and a written trading plan: 8 online lessons with handouts.',
    start: '2027-01-10',
    to: '2027-03-28',
    price: 150_000,
    priceUnchanged: 250_000,
    code: 'FXB',
    year: 2027,
    format: 'online',
    status: 'coming',
    priceList: 'Y',
    coinPay: 'Y',
  },
  {
    url: 'price-action-mastery',
    title: 'เจาะลึก Price Action (Price Action Mastery)',
    subtitle: 'อ่านพฤติกรรมราคาโดยไม่พึ่งอินดิเคเตอร์ · Read price without indicators',
    detail:
      'โครงสร้างตลาด แนวรับแนวต้าน รูปแบบแท่งเทียน และจุดเข้าออกที่มีความได้เปรียบ ' +
      'เวิร์กช็อปสดที่กรุงเทพฯ 2 วัน พร้อมหนังสือประกอบการเรียน\n' +
      'Market structure, support and resistance, candlestick patterns and high-probability entries: ' +
      'a two-day live workshop in Bangkok, with the course book delivered to you.',
    start: '2027-02-06',
    to: '2027-02-07',
    price: 390_000,
    priceUnchanged: 490_000,
    code: 'PAM',
    year: 2027,
    format: 'offline',
    status: 'coming',
    book: 'Y',
    priceList: 'Y',
  },
  {
    url: 'set-stock-investing',
    title: 'ลงทุนหุ้นไทยด้วยปัจจัยพื้นฐาน (Thai Stock Investing)',
    subtitle: 'วิเคราะห์งบการเงินและคัดหุ้น SET · Financial statements and stock picking on the SET',
    detail:
      'อ่านงบการเงิน ประเมินมูลค่าหุ้น และจัดพอร์ตระยะยาว เรียนออนไลน์ตามจังหวะของคุณ ' +
      'พร้อมไลฟ์ถามตอบทุกเดือน\n' +
      'Read financial statements, value a company and build a long-term portfolio, at your own pace, ' +
      'with a live Q&A every month.',
    start: null,
    to: null,
    price: 290_000,
    priceUnchanged: null,
    code: 'SET',
    year: 2026,
    format: 'hybrid',
    status: 'open',
  },
  {
    url: 'crypto-bootcamp-2025',
    title: 'Crypto Trading Bootcamp 2025',
    subtitle: 'รุ่นที่ปิดรับสมัครแล้ว · A past cohort, closed for enrolment',
    detail:
      'คอร์สรุ่นเก่า เก็บไว้เพื่อเป็นประวัติ ไม่แสดงหน้าร้าน\nAn old cohort, kept for the record and hidden from the shop.',
    start: '2025-05-03',
    to: '2025-06-28',
    price: 250_000,
    code: 'CTB25',
    year: 2025,
    format: 'online',
    status: 'closed',
    disable: 'Y',
  },
];

/** The demo bank account buyers transfer to (its image is a picture of the account book in web/public). */
export const DEMO_BANK_ACCOUNTS: readonly BankAccountCreateBody[] = [
  {
    bankName: 'ธนาคารกสิกรไทย (KBank)',
    accountName: 'บริษัท เรียน เดโม จำกัด (Rian Demo Co., Ltd.)',
    account: '123-4-56789-0',
    type: 'ออมทรัพย์ (Savings)',
    image: '/demo/bank-book.svg',
  },
];

/**
 * What each sellable demo product offers, by url: its prices (NL for everyone signed in; one
 * member price for old course members, COL), an instalment plan, and the learning courses it
 * grants (learning seeds them with these fixed ids: LEARNING_SEED_DEMO).
 */
export const DEMO_OFFERS: Readonly<
  Record<
    string,
    {
      prices: readonly PriceCreateBody[];
      plans?: readonly Omit<InstallmentPlanCreateBody, 'productId'>[];
      courseIds: readonly string[];
    }
  >
> = {
  'forex-basics': {
    prices: [
      { type: 'NL', member: 'NL', value: 150_000, title: 'ราคาปกติ (Regular price)', show: 'Y' },
      { type: 'NL', member: 'COL', value: 120_000, title: 'ราคาศิษย์เก่า (Alumni price)', show: 'N' },
    ],
    courseIds: [DEMO_COURSE_IDS.forexBasics],
  },
  'price-action-mastery': {
    prices: [{ type: 'NL', member: 'NL', value: 390_000, title: 'ราคาปกติ (Regular price)', show: 'Y' }],
    plans: [{ name: 'ผ่อน 3 งวด', detail: '3 monthly instalments', type: 'all', count: 3 }],
    courseIds: [DEMO_COURSE_IDS.priceAction],
  },
  'set-stock-investing': {
    prices: [{ type: 'NL', member: 'NL', value: 290_000, title: 'ราคาปกติ (Regular price)', show: 'Y' }],
    courseIds: [DEMO_COURSE_IDS.setStocks],
  },
};
