import { describe, expect, it } from 'vitest';
import { useLanguageStore } from '@/stores/language-store';
import { json, mockApi, problem } from '@/testing/render';
import { api, ApiError, setTokenProvider } from './api-client';

describe('api client', () => {
  it('sends the language, the member token and cookies', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/me': json(200, { ok: 1 }) });
    useLanguageStore.getState().setLanguage('en');
    setTokenProvider(() => 'member-token');
    try {
      await expect(api('/auth/me')).resolves.toEqual({ ok: 1 });
    } finally {
      setTokenProvider(() => null);
    }
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/me');
    expect(init).toMatchObject({ credentials: 'include', method: 'GET' });
    expect(init?.headers).toMatchObject({ 'Accept-Language': 'en', Authorization: 'Bearer member-token' });
  });

  it('throws an ApiError carrying the problem; text follows the language', async () => {
    mockApi({
      'POST /api/auth/register/code': problem(429, 'http.rate_limited', 'ทำรายการบ่อยเกินไป', {
        messages: { th: 'ทำรายการบ่อยเกินไป', en: 'Too many attempts' },
        errors: [{ field: '/email', code: 'validation.email', message: 'x' }],
      }),
    });
    const error = await api('/auth/register/code', { body: { email: 'a@b.co' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(429);
    expect(apiError.code).toBe('http.rate_limited');
    expect(apiError.text('th')).toBe('ทำรายการบ่อยเกินไป');
    expect(apiError.text('en')).toBe('Too many attempts');
    expect(Object.keys(apiError.fieldErrors())).toEqual(['email']);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { vi } = await import('vitest');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await api('/catalog/products').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });
});
