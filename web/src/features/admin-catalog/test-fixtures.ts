import type { ProductStaff } from '@rian/proto-contracts/catalog';
import type {
  InstallmentEmail,
  InstallmentPlanStaff,
  PriceStaff,
} from '@rian/proto-contracts/catalog-commerce';

const AT = '2026-01-01T00:00:00.000Z';

export function makeProduct(overrides: Partial<ProductStaff> = {}): ProductStaff {
  return {
    id: '0190a0b0-0000-7000-8000-000000000001',
    url: 'trading-101',
    title: 'Trading 101',
    subtitle: null,
    detail: null,
    start: null,
    to: null,
    price: 150000,
    priceUnchanged: null,
    img: null,
    imgCourse: null,
    imgSlide: null,
    year: null,
    format: 'online',
    type: 'product',
    status: 'coming',
    book: 'N',
    priceList: 'N',
    coinPay: 'N',
    code: null,
    coursesId: null,
    disable: 'N',
    hasLineToken: false,
    hasTelegramToken: false,
    createdAt: AT,
    updatedAt: AT,
    createdBy: 's1',
    ...overrides,
  };
}

export function makePrice(overrides: Partial<PriceStaff> = {}): PriceStaff {
  return {
    id: 'pr1',
    productId: makeProduct().id,
    type: 'NL',
    member: 'NL',
    value: 150000,
    show: 'Y',
    start: '2026-03-01',
    to: '2026-03-31',
    title: 'ราคาปกติ',
    detail: null,
    fee: 'N',
    removed: 'N',
    removedAt: null,
    removedBy: null,
    revision: 1,
    createdBy: 's1',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function makePlan(overrides: Partial<InstallmentPlanStaff> = {}): InstallmentPlanStaff {
  return {
    id: 'plan1',
    productId: makeProduct().id,
    productTitle: 'Trading 101',
    name: 'ผ่อน 3 งวด',
    detail: null,
    type: 'email',
    count: 3,
    start: null,
    to: null,
    emailCount: 1,
    revision: 1,
    createdBy: 's1',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function makeEmail(overrides: Partial<InstallmentEmail> = {}): InstallmentEmail {
  return {
    id: 'e1',
    planId: 'plan1',
    email: 'somchai@example.com',
    removed: 'N',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}
