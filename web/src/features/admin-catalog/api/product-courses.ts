import type { ProductCourses } from '@rian/proto-contracts/catalog-commerce';
import { staffApi } from '@/lib/staff-api';
import { useStaffMutation, useStaffQuery } from './query';

const base = (productId: string) => `/catalog/admin/products/${encodeURIComponent(productId)}/courses`;

/** The courses a product grants (spec "Package product"): enrolment follows this list on payment. */
export function useProductCourses(productId: string) {
  return useStaffQuery(
    ['courses', productId],
    (signal) => staffApi<ProductCourses>(base(productId), { signal }),
    {
      keepPrevious: false,
    },
  );
}

export const useAddProductCourse = () =>
  useStaffMutation(({ productId, courseId }: { productId: string; courseId: string }) =>
    staffApi<ProductCourses>(base(productId), { method: 'POST', body: { courseId } }),
  );

export const useRemoveProductCourse = () =>
  useStaffMutation(({ productId, courseId }: { productId: string; courseId: string }) =>
    staffApi<ProductCourses>(`${base(productId)}/${encodeURIComponent(courseId)}`, { method: 'DELETE' }),
  );
