import { describe, expect, it } from 'vitest';
import { normalisePath } from '../../src/domain/normalise-path.js';

describe('normalisePath', () => {
  it.each([
    ['/api/auth/login', '/api/auth/login'],
    ['/api/auth/./login', '/api/auth/login'],
    ['/api/auth//login', '/api/auth/login'],
    ['//api///auth/login', '/api/auth/login'],
    ['/api/auth/login/', '/api/auth/login'],
    ['/api/auth/%2e/login', '/api/auth/login'],
    ['/api/auth/%2E/login', '/api/auth/login'],
    ['/api/auth/x/%2e%2E/login', '/api/auth/login'],
    ['/api/auth/x/../login', '/api/auth/login'],
    ['/api/auth/%6cogin', '/api/auth/login'],
    ['/api/auth/staff/%2E/login?x=1', '/api/auth/staff/login?x=1'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/', '/'],
    ['/?next=/a//b/./c', '/?next=/a//b/./c'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });

  it('leaves escapes that carry meaning: %2f stays a character of its segment, not a separator', () => {
    expect(normalisePath('/api/auth/register%2fcode')).toBe('/api/auth/register%2fcode');
    expect(normalisePath('/api/catalog/products?q=%2e%2e')).toBe('/api/catalog/products?q=%2e%2e');
    expect(normalisePath('/api/media/product/a%20b.png')).toBe('/api/media/product/a%20b.png');
  });
});
