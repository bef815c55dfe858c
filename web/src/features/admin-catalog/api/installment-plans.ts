import type { Static } from '@sinclair/typebox';
import type {
  InstallmentEmail,
  InstallmentEmailsAdded,
  InstallmentPlanCreateBody,
  InstallmentPlanStaff,
  InstallmentPlanUpdateBody,
} from '@rian/proto-contracts/catalog-commerce';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import type { Page } from '@/types/api';
import { useStaffMutation, useStaffQuery } from './query';

const BASE = '/catalog/admin/installment-plans';
const plan = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export type EmailsAdded = Static<typeof InstallmentEmailsAdded>;

/** The plans list has one order (newest first), so no sorts. */
export const PLAN_SORTS = ['-createdAt'] as const;

/** q matches the plan name or the product title; productId narrows to one product. */
export function useInstallmentPlans(params: ListParams<(typeof PLAN_SORTS)[number]>, productId: string) {
  return useStaffQuery(['plans', params, productId], (signal) =>
    staffApi<Page<InstallmentPlanStaff>>(BASE, {
      query: {
        q: params.q.trim() || undefined,
        productId: productId || undefined,
        page: params.page,
        pageSize: params.pageSize,
      },
      signal,
    }),
  );
}

export const useSavePlan = () =>
  useStaffMutation(
    (
      input: { id: null; body: InstallmentPlanCreateBody } | { id: string; body: InstallmentPlanUpdateBody },
    ) =>
      input.id
        ? staffApi<InstallmentPlanStaff>(plan(input.id), { method: 'PUT', body: input.body })
        : staffApi<InstallmentPlanStaff>(BASE, { method: 'POST', body: input.body }),
  );

export const useDeletePlan = () =>
  useStaffMutation((id: string) => staffApi<void>(plan(id), { method: 'DELETE' }));

export type EmailListParams = { q: string; includeRemoved: boolean; page: number; pageSize: number };

export function usePlanEmails(planId: string, params: EmailListParams) {
  return useStaffQuery(['plan-emails', planId, params], (signal) =>
    staffApi<Page<InstallmentEmail>>(`${plan(planId)}/emails`, {
      query: {
        q: params.q.trim() || undefined,
        includeRemoved: params.includeRemoved,
        page: params.page,
        pageSize: params.pageSize,
      },
      signal,
    }),
  );
}

/** Adds e-mails; one listed before and removed is listed again (restored), not duplicated. */
export const useAddPlanEmails = () =>
  useStaffMutation(({ planId, emails }: { planId: string; emails: string[] }) =>
    staffApi<EmailsAdded>(`${plan(planId)}/emails`, { method: 'POST', body: { emails } }),
  );

/** Soft: the e-mail stays in the list as removed. */
export const useRemovePlanEmail = () =>
  useStaffMutation(({ planId, emailId }: { planId: string; emailId: string }) =>
    staffApi<void>(`${plan(planId)}/emails/${encodeURIComponent(emailId)}`, { method: 'DELETE' }),
  );
