import type { MembershipCode } from '@/types/api';

/**
 * Spec 02 §6: SPTRO, SPTR, COL and COL1–COL10, NL, CG1–CG5 — the 19 codes. Kept here rather than
 * imported from proto-contracts, whose module carries TypeBox (which stays out of the bundle).
 */
export const MEMBERSHIP_CODES: readonly MembershipCode[] = [
  'SPTRO',
  'SPTR',
  'COL',
  ...Array.from({ length: 10 }, (_, i) => `COL${i + 1}` as const),
  'NL',
  ...Array.from({ length: 5 }, (_, i) => `CG${i + 1}` as const),
];
