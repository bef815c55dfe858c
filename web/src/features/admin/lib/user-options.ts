import type { UserStatus } from '@/types/api';

/** Spec 01 §4 (kept here: the contracts module carries TypeBox, which stays out of the bundle). */
export const USER_STATUSES: readonly UserStatus[] = ['New', 'Wait', 'Premium'];
