import type { InstallmentPlanType, PriceType } from '@rian/proto-contracts/catalog-commerce';
import type { BankLimitStatus } from '@rian/proto-contracts/catalog-content';

// Spec 02 §3 value lists, kept here: the contracts modules carry TypeBox, which stays out of the bundle.

/** Super Early Bird, Early Bird, normal price — the order a member sees them in. */
export const PRICE_TYPES: readonly PriceType[] = ['SEB', 'EB', 'NL'];
export const PLAN_TYPES: readonly InstallmentPlanType[] = ['all', 'email'];
export const PRODUCT_FORMATS = ['online', 'offline', 'hybrid'] as const;
export type ProductFormat = (typeof PRODUCT_FORMATS)[number];
export const BANK_LIMIT_STATUSES: readonly BankLimitStatus[] = ['active', 'inactive'];
/** Instalments per plan (proto-contracts INSTALLMENT_COUNT). */
export const PLAN_COUNT = { min: 2, max: 36, default: 2 } as const;
