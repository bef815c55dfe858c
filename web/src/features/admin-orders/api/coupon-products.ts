import { useQuery } from '@tanstack/react-query';
import type { ProductStaff } from '@rian/proto-contracts/catalog';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';
import type { Page } from '@/types/api';

export type ProductChoice = Pick<ProductStaff, 'id' | 'title' | 'url'>;

/** Products a coupon can be for (catalog's admin list, disabled ones too): the newest 100. */
export function useCouponProducts() {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: ['admin', 'coupon-products', token],
    queryFn: ({ signal }) =>
      staffApi<Page<ProductStaff>>('/catalog/admin/products', { query: { page: 1, pageSize: 100 }, signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
    select: (page): ProductChoice[] => page.items.map(({ id, title, url }) => ({ id, title, url })),
  });
}
