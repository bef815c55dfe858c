import { useMutation } from '@tanstack/react-query';
import type { CheckinBody, CheckinResult } from '@rian/proto-contracts/learning-checkin';
import { api } from '@/lib/api-client';

/** POST /api/learning/member/checkins (spec 01 §7 CheckUser) with the member's token. */
export function checkIn(body: CheckinBody): Promise<CheckinResult> {
  return api<CheckinResult>('/learning/member/checkins', { method: 'POST', body });
}

export const useCheckIn = () => useMutation({ mutationFn: checkIn });

/** The typed code: 6 digits (spaces a member may type between groups are dropped). */
export const typedCode = (text: string): string | null => {
  const digits = text.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};
