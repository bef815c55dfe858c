import type {
  BankAccount,
  Coach,
  Instructor,
  Price,
  PriceLookup,
  Product,
  ProductDetails,
} from '@/types/api';

/** Catalog answers as the gateway returns them; override what a test is about. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    url: 'forex-pro',
    title: 'Forex Pro',
    subtitle: 'เทรดอย่างมีระบบ',
    detail: null,
    start: '2026-03-01',
    to: '2026-03-02',
    price: 2990000,
    priceUnchanged: 3500000,
    img: null,
    imgCourse: null,
    imgSlide: null,
    year: 2026,
    format: 'online',
    type: 'product',
    status: 'open',
    book: 'N',
    priceList: 'Y',
    coinPay: 'N',
    ...overrides,
  };
}

export function makePrice(overrides: Partial<Price> = {}): Price {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    productId: '00000000-0000-4000-8000-000000000001',
    type: 'NL',
    member: 'NL',
    value: 2990000,
    show: 'N',
    start: null,
    to: null,
    title: 'ราคาปกติ',
    detail: null,
    fee: 'N',
    ...overrides,
  };
}

export function makeLookup(
  items: Price[],
  preselectedPriceId: string | null = items[0]?.id ?? null,
): PriceLookup {
  return { productId: '00000000-0000-4000-8000-000000000001', date: '2026-03-05', items, preselectedPriceId };
}

export function makeCoach(overrides: Partial<Coach> = {}): Coach {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'สมศักดิ์ เทรดเก่ง',
    nickname: 'โค้ชศักดิ์',
    detail: 'เทรด Forex มา 12 ปี',
    position: 'Head coach',
    img: 'coach-1.webp',
    pr: null,
    ...overrides,
  };
}

export function makeInstructor(overrides: Partial<Instructor> = {}): Instructor {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    name: 'ดร.วิภา การลงทุน',
    detail: 'นักวิเคราะห์หลักทรัพย์',
    content: 'ประวัติโดยละเอียด',
    img: null,
    item: 1,
    position: 'CFA',
    facebook: 'https://facebook.com/wipa',
    twitter: null,
    youtube: null,
    pinterest: null,
    linkedin: null,
    ...overrides,
  };
}

export function makeBankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    bankName: 'ธนาคารกสิกรไทย',
    accountName: 'บริษัท เรียน จำกัด',
    account: '123-4-56789-0',
    type: 'ออมทรัพย์',
    image: null,
    icon: 'kbank.png',
    ...overrides,
  };
}

export function makeDetails(productId: string): ProductDetails {
  return {
    productId,
    tabs: [
      {
        typeId: '00000000-0000-4000-8000-0000000000e1',
        tabName: 'เนื้อหาคอร์ส',
        item: 1,
        lists: [
          {
            id: '00000000-0000-4000-8000-0000000000f1',
            productId,
            typeId: '00000000-0000-4000-8000-0000000000e1',
            title: 'บทที่ 1 โครงสร้างตลาด',
            detail: 'แนวรับ แนวต้าน',
            item: 1,
            file: null,
            img: null,
          },
        ],
      },
      {
        typeId: '00000000-0000-4000-8000-0000000000e2',
        tabName: 'สิ่งที่จะได้รับ',
        item: 2,
        lists: [
          {
            id: '00000000-0000-4000-8000-0000000000f2',
            productId,
            typeId: '00000000-0000-4000-8000-0000000000e2',
            title: 'เอกสารประกอบการเรียน',
            detail: null,
            item: 1,
            file: null,
            img: null,
          },
        ],
      },
    ],
  };
}
