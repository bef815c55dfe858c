import type { MembershipCode, UserStatus } from '@/types/api';

/** Spec 01 §4 (kept here: the contracts module carries TypeBox, which stays out of the bundle). */
export const USER_STATUSES: readonly UserStatus[] = ['New', 'Wait', 'Premium'];

/** Spec 02 §6: SPTRO, SPTR, COL and COL1–COL10, NL, CG1–CG5. */
export const MEMBERSHIP_CODES: readonly MembershipCode[] = [
  'SPTRO',
  'SPTR',
  'COL',
  ...Array.from({ length: 10 }, (_, i) => `COL${i + 1}` as const),
  'NL',
  ...Array.from({ length: 5 }, (_, i) => `CG${i + 1}` as const),
];
