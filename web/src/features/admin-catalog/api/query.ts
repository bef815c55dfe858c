import { staffQueries } from '@/lib/staff-crud';

/** Every catalog query of the back office lives under this key; a change refreshes them all. */
export const CATALOG_KEY = ['admin', 'catalog'] as const;

/**
 * A staff read keyed under CATALOG_KEY, and a staff write after which every catalog list shown is
 * fetched again (a price in its product, a plan's e-mail count, a coach in its product).
 */
export const { useStaffQuery, useStaffMutation } = staffQueries(CATALOG_KEY);
