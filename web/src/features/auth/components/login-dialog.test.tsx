import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { useAuthStore } from '@/stores/auth-store';
import { makeUser } from '@/testing/fixtures';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { LoginDialog } from './login-dialog';

const user = makeUser();

describe('login dialog', () => {
  it('shows the server message on failure', async () => {
    mockApi({ 'POST /api/auth/login': problem(401, 'auth.invalid_credentials', 'อีเมลหรือรหัสผ่านไม่ถูกต้อง') });
    useAuthDialogStore.getState().openLogin();
    renderWithProviders(<LoginDialog />);
    await userEvent.type(screen.getByTestId('login-email'), 'somchai@example.com');
    await userEvent.type(screen.getByTestId('login-password'), 'wrong-password');
    await userEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('อีเมลหรือรหัสผ่านไม่ถูกต้อง');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('checks the fields before calling', async () => {
    const fetchMock = mockApi({});
    useAuthDialogStore.getState().openLogin();
    renderWithProviders(<LoginDialog />);
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(screen.getAllByText('กรุณากรอกข้อมูล')).toHaveLength(2);
    // (the dialog asks GET /public-config for the Facebook button; nothing is sent to log in)
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/login')).toHaveLength(0);
  });

  it('stores the session, closes and goes home', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/login': json(200, { token: 'jwt', tokenType: 'Bearer', expiresIn: 21600, user }),
    });
    useAuthDialogStore.getState().openLogin('somchai@example.com');
    const { router } = renderWithProviders(<LoginDialog />, { path: '/product/x' });
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('somchai@example.com');
    await userEvent.type(screen.getByTestId('login-password'), 'secret-123');
    await userEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useAuthStore.getState().token).toBe('jwt'));
    expect(useAuthStore.getState().user?.status).toBe('New');
    expect(JSON.parse(sessionStorage.getItem('rian.auth') ?? '{}').token).toBe('jwt');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/login')).toEqual([
      { email: 'somchai@example.com', password: 'secret-123' },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAuthDialogStore.getState().open).toBeNull();
  });
});
