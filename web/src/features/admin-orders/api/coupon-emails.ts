import { useQuery } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { CouponEmailList } from '@rian/proto-contracts/coupons';
import { staffApi } from '@/lib/staff-api';
import { useStaffStore } from '@/stores/staff-store';
import { COUPONS_KEY, couponPath, useCouponMutation } from './coupons';

export type CouponEmails = Static<typeof CouponEmailList>;
export type CouponEmail = CouponEmails['items'][number];

/** GET …/coupons/:id/emails — the listed e-mails (removed ones left out). */
export function useCouponEmails(couponId: string) {
  const token = useStaffStore((s) => s.token);
  return useQuery({
    queryKey: [...COUPONS_KEY, 'emails', couponId, token],
    queryFn: ({ signal }) => staffApi<CouponEmails>(`${couponPath(couponId)}/emails`, { signal }),
    enabled: Boolean(token),
  });
}

/** Adds e-mails (lower-cased by the server); one removed before is listed again. Answers the whole list. */
export const useAddCouponEmails = () =>
  useCouponMutation(({ couponId, emails }: { couponId: string; emails: string[] }) =>
    staffApi<CouponEmails>(`${couponPath(couponId)}/emails`, { method: 'POST', body: { emails } }),
  );

/** Soft: adding the e-mail again restores it. */
export const useRemoveCouponEmail = () =>
  useCouponMutation(({ couponId, emailId }: { couponId: string; emailId: string }) =>
    staffApi<void>(`${couponPath(couponId)}/emails/${encodeURIComponent(emailId)}`, { method: 'DELETE' }),
  );
