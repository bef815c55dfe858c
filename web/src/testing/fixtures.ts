import type { User } from '@/types/api';

/** A member as GET /api/auth/me returns it; override what a test is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'somchai@example.com',
    firstName: 'สมชาย',
    lastName: 'ใจดี',
    nickname: null,
    phone: '0812345678',
    status: 'New',
    memberCode: 'M0001',
    membershipCodes: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    facebook: null,
    avatarUrl: null,
    ...overrides,
  };
}
