import type { ProductStaff } from '@rian/proto-contracts/catalog';
import { staffApi } from '@/lib/staff-api';
import type { Page } from '@/types/api';
import { useOrdersQuery } from './orders-query';

/** Products to filter orders by (catalog's admin list, disabled ones too): the first 100 by title. */
export const useOrderProducts = () =>
  useOrdersQuery(['products'], (signal) =>
    staffApi<Page<ProductStaff>>('/catalog/admin/products', {
      query: { page: 1, pageSize: 100, sort: 'title' },
      signal,
    }),
  );
