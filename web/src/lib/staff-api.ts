import { api, isApiError, type RequestOptions } from '@/lib/api-client';
import { useStaffStore } from '@/stores/staff-store';

/**
 * A back-office call with the staff token (never the member's). A 401 ends the staff session: the
 * admin layout then sends the browser to /logout (spec 01 §6).
 */
export async function staffApi<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  const token = useStaffStore.getState().token;
  try {
    return await api<T>(path, { ...options, token });
  } catch (error) {
    if (isApiError(error) && error.status === 401 && useStaffStore.getState().token === token) {
      useStaffStore.getState().clear();
    }
    throw error;
  }
}
