import { useStaffStore } from '@/stores/staff-store';
import { renderApp } from './app';
import { json } from './render';

/** Tests only: a signed-in staff member (the back office's calls carry this token). */
export function signInStaff() {
  useStaffStore
    .getState()
    .setSession('staff-jwt', { id: 's1', username: 'boss', name: 'Boss', role: 'admin' });
}

/**
 * Tests only: the app's own routes at `path` with a staff session — the admin layout (its menu and
 * texts), the lazy page chunk, the page. Mock the API first.
 */
export function renderAdmin(path: string) {
  signInStaff();
  return renderApp(path).router;
}

export const page = <T>(items: T[], total = items.length, pageNo = 1, pageSize = 20) =>
  json(200, { items, page: pageNo, pageSize, total });
