import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { useAuthDialogStore } from '../stores/auth-dialog-store';
import { RegisterDialog } from './register-dialog';

const okEmail = {
  'POST /api/auth/register/check-email': json(200, { email: 'somchai@example.com', registered: false }),
  'POST /api/auth/register/code': json(202, { sent: true, expiresInSeconds: 600 }),
};

function openRegister() {
  useAuthDialogStore.setState({ open: 'register', email: '' });
  renderWithProviders(<RegisterDialog />);
  return userEvent.setup();
}

async function passEmailAndCode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('register-email'), 'somchai@example.com');
  await user.click(screen.getByTestId('register-submit'));
  await user.type(await screen.findByTestId('register-code'), '1234');
  await user.click(screen.getByTestId('register-submit'));
  await screen.findByTestId('register-firstName');
}

describe('register dialog', () => {
  it('asks for the e-mail with the spec messages: required, then format', async () => {
    mockApi(okEmail);
    const user = openRegister();
    expect(screen.getByRole('dialog', { name: 'สมัครสมาชิก' })).toBeTruthy();

    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('กรุณากรอกข้อมูล')).toBeTruthy();
    expect(screen.getByTestId('register-email').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByTestId('register-email'), 'not-an-email');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('รูปแบบ E-mail ไม่ถูกต้อง')).toBeTruthy();
  });

  it('shows the server message when the e-mail is already registered and stays on the e-mail step', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/register/check-email': problem(
        409,
        'auth.email_registered',
        'เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว',
      ),
    });
    const user = openRegister();
    await user.type(screen.getByTestId('register-email'), 'taken@example.com');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว')).toBeTruthy();
    expect(screen.getByTestId('register-email')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/register/code')).toHaveLength(0);
  });

  it('sends the code with the current locale, then checks the code is 4 digits', async () => {
    const fetchMock = mockApi(okEmail);
    const user = openRegister();
    await user.type(screen.getByTestId('register-email'), '  somchai@example.com ');
    await user.click(screen.getByTestId('register-submit'));
    const code = await screen.findByTestId('register-code');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/register/check-email')).toEqual([
      { email: 'somchai@example.com' },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/register/code')).toEqual([
      { email: 'somchai@example.com', locale: 'th' },
    ]);

    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('กรุณากรอกข้อมูล')).toBeTruthy();
    await user.type(code, '12');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('กรุณากรอกให้ครบ 4ตัวอักษร')).toBeTruthy();
    await user.clear(code);
    await user.type(code, '12ab');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('กรุณากรอกให้ครบ 4ตัวอักษร')).toBeTruthy();
  });

  it('checks the details: required, phone of 10, password confirmation', async () => {
    const fetchMock = mockApi(okEmail);
    const user = openRegister();
    await passEmailAndCode(user);

    await user.click(screen.getByTestId('register-submit'));
    // first name, last name, phone, password, confirmation are all required (nickname is optional)
    expect(screen.getAllByText('กรุณากรอกข้อมูล')).toHaveLength(5);

    await user.type(screen.getByTestId('register-firstName'), 'สมชาย');
    await user.type(screen.getByTestId('register-lastName'), 'ใจดี');
    await user.type(screen.getByTestId('register-phone'), '08123');
    await user.type(screen.getByTestId('register-password'), 'secret-123');
    await user.type(screen.getByTestId('register-passwordConfirm'), 'secret-124');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('กรุณากรอกให้ครบ 10ตัวอักษร')).toBeTruthy();
    expect(screen.getByText('ยืนยันรหัสผ่าน ไม่ตรงกัน')).toBeTruthy();
    expect(screen.queryByText('กรุณากรอกข้อมูล')).toBeNull();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/register')).toHaveLength(0);
  });

  it('registers with the e-mail and code, then offers the login dialog', async () => {
    const fetchMock = mockApi({
      ...okEmail,
      'POST /api/auth/register': json(201, {
        user: { id: 'u1', email: 'somchai@example.com', status: 'New' },
      }),
    });
    const user = openRegister();
    await passEmailAndCode(user);
    await user.type(screen.getByTestId('register-firstName'), 'สมชาย');
    await user.type(screen.getByTestId('register-lastName'), 'ใจดี');
    await user.type(screen.getByTestId('register-phone'), '081-234-5678');
    await user.type(screen.getByTestId('register-password'), 'secret-123');
    await user.type(screen.getByTestId('register-passwordConfirm'), 'secret-123');
    await user.click(screen.getByTestId('register-submit'));

    expect(await screen.findByRole('dialog', { name: 'ลงทะเบียนสำเร็จ' })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/register')).toEqual([
      {
        email: 'somchai@example.com',
        code: '1234',
        firstName: 'สมชาย',
        lastName: 'ใจดี',
        phone: '0812345678',
        password: 'secret-123',
        passwordConfirm: 'secret-123',
      },
    ]);
    await user.click(screen.getByTestId('register-success-login'));
    expect(useAuthDialogStore.getState()).toMatchObject({ open: 'login', email: 'somchai@example.com' });
  });

  it('a wrong code shows the mismatch error and returns to the e-mail step', async () => {
    mockApi({
      ...okEmail,
      'POST /api/auth/register': problem(400, 'auth.code_mismatch', 'รหัสยืนยันไม่ตรงกัน'),
    });
    const user = openRegister();
    await passEmailAndCode(user);
    await user.type(screen.getByTestId('register-firstName'), 'สมชาย');
    await user.type(screen.getByTestId('register-lastName'), 'ใจดี');
    await user.type(screen.getByTestId('register-phone'), '0812345678');
    await user.type(screen.getByTestId('register-password'), 'secret-123');
    await user.type(screen.getByTestId('register-passwordConfirm'), 'secret-123');
    await user.click(screen.getByTestId('register-submit'));

    expect((await screen.findByRole('alert')).textContent).toBe('รหัสยืนยันไม่ตรงกัน');
    const email = screen.getByTestId('register-email') as HTMLInputElement;
    expect(email.value).toBe('somchai@example.com');
    expect(screen.queryByTestId('register-code')).toBeNull();
    expect(screen.queryByTestId('register-firstName')).toBeNull();
  });

  it('puts the server field errors next to their fields', async () => {
    mockApi({
      ...okEmail,
      'POST /api/auth/register': problem(400, 'validation.failed', 'ข้อมูลไม่ถูกต้อง', {
        errors: [{ field: '/phone', code: 'validation.format', message: 'เบอร์โทรนี้ใช้ไม่ได้' }],
      }),
    });
    const user = openRegister();
    await passEmailAndCode(user);
    await user.type(screen.getByTestId('register-firstName'), 'สมชาย');
    await user.type(screen.getByTestId('register-lastName'), 'ใจดี');
    await user.type(screen.getByTestId('register-phone'), '0812345678');
    await user.type(screen.getByTestId('register-password'), 'secret-123');
    await user.type(screen.getByTestId('register-passwordConfirm'), 'secret-123');
    await user.click(screen.getByTestId('register-submit'));

    const phone = screen.getByTestId('register-phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = phone.getAttribute('aria-describedby') ?? '';
    const texts = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('เบอร์โทรนี้ใช้ไม่ได้');
  });

  it('shows English messages when the language is English', async () => {
    const { useLanguageStore } = await import('@/stores/language-store');
    useLanguageStore.getState().setLanguage('en');
    mockApi(okEmail);
    const user = openRegister();
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('Please fill in')).toBeTruthy();
    await user.type(screen.getByTestId('register-email'), 'x@y');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('E-mail must be valid')).toBeTruthy();
  });
});
