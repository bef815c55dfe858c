import { afterEach, describe, expect, it } from 'vitest';
import { useStaffStore } from '@/stores/staff-store';
import type { Staff } from '@/types/api';
import { mockApi, problem } from '@/testing/render';
import { staffApi } from './staff-api';

const staff = { username: 'admin', role: 'admin' } as Staff;

describe('staffApi and the staff session', () => {
  afterEach(() => useStaffStore.getState().clear());

  it('keeps the staff signed in when a service is unavailable (503, e.g. auth down): only the call fails', async () => {
    useStaffStore.getState().setSession('staff-token', staff);
    mockApi({
      'GET /api/orders/admin/orders': problem(503, 'service.unavailable', 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง'),
    });
    await expect(staffApi('/orders/admin/orders')).rejects.toMatchObject({ status: 503 });
    expect(useStaffStore.getState().token).toBe('staff-token');
    expect(useStaffStore.getState().staff).toEqual(staff);
  });

  it('ends the staff session on 401 (the token is no longer good)', async () => {
    useStaffStore.getState().setSession('staff-token', staff);
    mockApi({ 'GET /api/orders/admin/orders': problem(401, 'auth.unauthenticated', 'x') });
    await expect(staffApi('/orders/admin/orders')).rejects.toMatchObject({ status: 401 });
    expect(useStaffStore.getState().token).toBeNull();
  });
});
