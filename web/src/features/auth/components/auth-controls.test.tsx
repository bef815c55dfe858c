import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@/testing/render';
import { useAuthStore } from '@/stores/auth-store';
import { useLanguageStore } from '@/stores/language-store';
import type { UserStatus } from '@/types/api';
import { makeUser } from '@/testing/fixtures';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { AuthControls } from './auth-controls';

const user = (status: UserStatus) => makeUser({ status });

describe('header auth controls', () => {
  it('shows log in and register to visitors', () => {
    renderWithProviders(<AuthControls />);
    expect(screen.getByTestId('open-login')).toBeTruthy();
    expect(screen.getByTestId('open-register')).toBeTruthy();
    expect(screen.queryByTestId('user-status')).toBeNull();
  });

  it.each(['New', 'Wait'] as const)(
    'shows the e-mail with the %s status icon and no Member button',
    (status) => {
      useAuthStore.getState().setSession('token', user(status));
      renderWithProviders(<AuthControls />);
      const icon = screen.getByTestId('user-status');
      expect(icon.getAttribute('data-status')).toBe(status);
      expect(screen.getByRole('img', { name: `สถานะ: ${status}` })).toBe(icon);
      expect(screen.getByText('somchai@example.com')).toBeTruthy();
      expect(screen.queryByTestId('open-login')).toBeNull();
      expect(screen.queryByRole('link', { name: /Member/ })).toBeNull();
    },
  );

  it('turns the login button into a Member button for Premium', () => {
    useAuthStore.getState().setSession('token', user('Premium'));
    renderWithProviders(<AuthControls />);
    expect(screen.getByTestId('user-status').getAttribute('data-status')).toBe('Premium');
    expect(screen.getByRole('img', { name: 'สถานะ: Premium' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Member' }).getAttribute('href')).toBe('/member');
  });

  it('labels the status in English too', () => {
    useLanguageStore.getState().setLanguage('en');
    useAuthStore.getState().setSession('token', user('Wait'));
    renderWithProviders(<AuthControls />);
    expect(screen.getByRole('img', { name: 'Status: Wait' })).toBeTruthy();
  });

  it('opens "My profile", "My addresses" and "change password" (e-mail prefilled) from the menu', async () => {
    useAuthStore.getState().setSession('token', user('New'));
    renderWithProviders(<AuthControls />);
    const ue = userEvent.setup();
    await ue.click(screen.getByTestId('user-menu'));
    await ue.click(await screen.findByRole('menuitem', { name: 'ข้อมูลส่วนตัว' }));
    expect(useAccountDialogStore.getState().open).toBe('profile');
    await ue.click(screen.getByTestId('user-menu'));
    await ue.click(await screen.findByRole('menuitem', { name: 'ที่อยู่ของฉัน' }));
    expect(useAccountDialogStore.getState().open).toBe('addresses');
    await ue.click(screen.getByTestId('user-menu'));
    await ue.click(await screen.findByRole('menuitem', { name: 'เปลี่ยนรหัสผ่าน' }));
    expect(useAuthDialogStore.getState()).toMatchObject({ open: 'password', email: 'somchai@example.com' });
  });

  it('logs out from the menu', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/logout': { status: 204 } });
    useAuthStore.getState().setSession('token', user('New'));
    renderWithProviders(<AuthControls />);
    const ue = userEvent.setup();
    await ue.click(screen.getByTestId('user-menu'));
    await ue.click(await screen.findByRole('menuitem', { name: 'ออกจากระบบ' }));
    expect(await screen.findByTestId('open-login')).toBeTruthy();
    expect(useAuthStore.getState().token).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });
});
