import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { LoginDialog } from './login-dialog';
import { PasswordDialog } from './password-dialog';
import { AuthUrlEffects } from './auth-url-effects';

function renderAt(path: string) {
  mockApi({ 'GET /api/auth/public-config': json(200, { facebook: null }) });
  return renderWithProviders(
    <>
      <LoginDialog />
      <PasswordDialog />
      <AuthUrlEffects />
    </>,
    { path },
  );
}

describe('links into the sign-in dialogs', () => {
  it('/code/:code opens the new-password step with the code, asks for the e-mail, and leaves the address bar', async () => {
    const { router } = renderAt('/code/4821');
    expect(await screen.findByRole('dialog', { name: 'เปลี่ยนรหัสผ่าน' })).toBeTruthy();
    expect((screen.getByTestId('password-code') as HTMLInputElement).value).toBe('4821');
    expect((screen.getByTestId('password-email') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('?code= on / opens it with a signed-in member’s e-mail filled in', async () => {
    useAuthStore.getState().setSession('token', makeUser({ email: 'member@example.com' }));
    const { router } = renderAt('/?code=1234');
    expect((await screen.findByTestId('password-code')) as HTMLInputElement).toHaveProperty('value', '1234');
    expect((screen.getByTestId('password-email') as HTMLInputElement).value).toBe('member@example.com');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('?code= on a product page opens it and keeps the product page', async () => {
    const { router } = renderAt('/product/forex-pro?code=5678&ref=line');
    expect(((await screen.findByTestId('password-code')) as HTMLInputElement).value).toBe('5678');
    await waitFor(() => expect(router.state.location.search).toBe('?ref=line'));
    expect(router.state.location.pathname).toBe('/product/forex-pro');
  });

  it('?code= elsewhere does nothing', async () => {
    renderAt('/aboutus?code=5678');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('/login opens the login dialog on the home page; closing it returns to /', async () => {
    const { router } = renderAt('/login');
    expect(await screen.findByRole('dialog', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
