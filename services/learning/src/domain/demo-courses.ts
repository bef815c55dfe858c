import { DEMO_COURSE_IDS } from '@rian/proto-contracts/demo';
import type { CourseCreateBody } from '@rian/proto-contracts/learning';

/**
 * The demo courses a fresh install gets with LEARNING_SEED_DEMO=true (npm start sets it): one per
 * demo product of catalog, with the fixed ids catalog's demo products link to
 * (proto-contracts/src/demo.ts) and codes staff search by.
 */
export const DEMO_COURSES: readonly { id: string; body: CourseCreateBody }[] = [
  {
    id: DEMO_COURSE_IDS.forexBasics,
    body: {
      title: 'Forex พื้นฐาน (Forex Basics)',
      code: 'FXB-2027',
      detail: 'คู่เงินหลัก กราฟแท่งเทียน และการบริหารความเสี่ยง · Major pairs, candlesticks and risk.',
      status: 'open',
    },
  },
  {
    id: DEMO_COURSE_IDS.priceAction,
    body: {
      title: 'Price Action เวิร์กช็อป (Price Action Workshop)',
      code: 'PAM-2027',
      detail: 'โครงสร้างตลาดและจุดเข้าออก · Market structure and entries.',
      status: 'open',
      date: '2027-02-06',
    },
  },
  {
    id: DEMO_COURSE_IDS.setStocks,
    body: {
      title: 'หุ้นไทยด้วยปัจจัยพื้นฐาน (Thai Stocks by Fundamentals)',
      code: 'SET-2026',
      detail: 'อ่านงบการเงินและประเมินมูลค่า · Financial statements and valuation.',
      status: 'open',
    },
  },
];
