import { describe, expect, it } from 'vitest';
import { pushKey } from '../../../src/plugins/app/member-line.js';

describe('pushKey: the delivery event id that names a member LINE push', () => {
  it('is a version-5 style UUID, the same for the same push and different for another', () => {
    const a = pushKey('check-in:0190a0f0-0000-7000-8000-000000000001');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pushKey('check-in:0190a0f0-0000-7000-8000-000000000001')).toBe(a);
    expect(pushKey('check-in:0190a0f0-0000-7000-8000-000000000002')).not.toBe(a);
  });
});
