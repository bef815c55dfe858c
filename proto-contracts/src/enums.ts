import { Type, type Static } from '@sinclair/typebox';

/** Spec 01 §4: only Premium reaches /member. */
export const USER_STATUSES = ['New', 'Wait', 'Premium'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const UserStatusSchema = Type.Union(USER_STATUSES.map((s) => Type.Literal(s)));

/**
 * Spec 02 §6: SPTRO (annual member, year 2 onward), SPTR (annual member, 1 year),
 * COL and COL1–COL10 (old course members), NL (general public), CG1–CG5 (cohort members).
 */
export const MEMBERSHIP_CODES = [
  'SPTRO',
  'SPTR',
  'COL',
  ...Array.from({ length: 10 }, (_, i) => `COL${i + 1}` as const),
  'NL',
  ...Array.from({ length: 5 }, (_, i) => `CG${i + 1}` as const),
] as const;
export type MembershipCode = 'SPTRO' | 'SPTR' | 'COL' | `COL${number}` | 'NL' | `CG${number}`;
export const MembershipCodeSchema = Type.Union(MEMBERSHIP_CODES.map((c) => Type.Literal(c)));

export function isMembershipCode(value: string): value is MembershipCode {
  return (MEMBERSHIP_CODES as readonly string[]).includes(value);
}

/**
 * The membership codes whose prices a signed-in user may buy at: their own plus NL, the general
 * public's code (spec 02 §6) — every account is general public, so a new visitor who registers
 * inside buy-now can buy at the normal price (docs/decisions.md D19).
 */
export function priceCodesOf(codes: readonly string[]): string[] {
  return codes.includes('NL') ? [...codes] : [...codes, 'NL'];
}

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = Type.Union(STAFF_ROLES.map((r) => Type.Literal(r)));

export const LOCALES = ['th', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const LocaleSchema = Type.Union(
  LOCALES.map((l) => Type.Literal(l)),
  { default: 'th' },
);

/** Y/N flags as the spec stores them. */
export const YesNoSchema = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
export type YesNo = Static<typeof YesNoSchema>;
