import type {
  BankAccountCreateBody,
  BankAccountSort,
  BankAccountStaff,
  BankLimitCreateBody,
  BankLimitStaff,
  BankLimitUpdateBody,
} from '@rian/proto-contracts/catalog-content';
import type { ListParams } from '@/hooks/use-list-params';
import { staffApi } from '@/lib/staff-api';
import { crud } from '@/lib/staff-crud';
import { useStaffMutation, useStaffQuery } from './query';

export const BANK_ACCOUNT_SORTS: readonly BankAccountSort[] = [
  'createdAt',
  '-createdAt',
  'bankName',
  '-bankName',
];

export const bankAccounts = crud<BankAccountStaff, BankAccountCreateBody>('/catalog/admin/bank-accounts');
const bankLimits = crud<BankLimitStaff, BankLimitCreateBody>('/catalog/admin/bank-limits');

/** Bank accounts (book bank), disabled ones too; q matches bank, account name or number. */
export function useBankAccounts(params: ListParams<BankAccountSort>) {
  return useStaffQuery(['bank-accounts', params], (signal) =>
    bankAccounts.list(
      { q: params.q.trim() || undefined, page: params.page, pageSize: params.pageSize, sort: params.sort },
      signal,
    ),
  );
}

export function useBankAccountChoices() {
  return useStaffQuery(['bank-accounts', 'choices'], (signal) =>
    bankAccounts.list({ page: 1, pageSize: 100, sort: 'bankName' }, signal),
  );
}

/** A product's bank limits: how much each account may receive for it. */
export function useBankLimits(productId: string) {
  return useStaffQuery(['bank-limits', productId], (signal) =>
    bankLimits.list({ productId, page: 1, pageSize: 100 }, signal),
  );
}

export const useSaveBankAccount = () => useStaffMutation(bankAccounts.save);
export const useDeleteBankAccount = () => useStaffMutation(bankAccounts.remove);
export const useAddBankLimit = () =>
  useStaffMutation((body: BankLimitCreateBody) => bankLimits.save({ id: null, body }));
/** The product and the account of a limit never change: only total, max and status. */
export const useUpdateBankLimit = () =>
  useStaffMutation(({ id, body }: { id: string; body: BankLimitUpdateBody }) =>
    staffApi<BankLimitStaff>(`/catalog/admin/bank-limits/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );
export const useDeleteBankLimit = () => useStaffMutation(bankLimits.remove);
