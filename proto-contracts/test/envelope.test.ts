import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { buildEvent, defineEvent, EventValidationError, validateEvent } from '../src/envelope.js';
import { uuidv7, uuidv7Time, UUID_V7_PATTERN } from '../src/uuid.js';
import { EVENT_CONTRACTS } from '../src/events.js';
import { EmailCodeRequested, UserRegistered } from '../src/auth.js';
import { MEMBERSHIP_CODES, isMembershipCode } from '../src/enums.js';
import { ERRORS } from '../src/errors.js';

const Thing = defineEvent('test.thing.happened', 1, Type.Object({ n: Type.Integer({ minimum: 0 }) }));

describe('uuid v7', () => {
  it('has the v7 shape, carries its time and sorts by creation', () => {
    const ids = Array.from({ length: 500 }, () => uuidv7());
    for (const id of ids) expect(id).toMatch(new RegExp(UUID_V7_PATTERN));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(500);
    expect(Math.abs(uuidv7Time(ids[0]!) - Date.now())).toBeLessThan(5_000);
  });
});

describe('event envelope', () => {
  it('builds an envelope with every field, correlation defaulting to its own id', () => {
    const e = buildEvent(Thing, { n: 1 }, { source: 'tests', causationId: 'req-1' });
    expect(e).toMatchObject({
      type: 'test.thing.happened',
      version: 1,
      source: 'tests',
      causationId: 'req-1',
      data: { n: 1 },
    });
    expect(e.correlationId).toBe(e.id);
    expect(Date.parse(e.occurredAt)).not.toBeNaN();
  });

  it('refuses data that breaks the contract', () => {
    expect(() => buildEvent(Thing, { n: -1 }, { source: 'tests' })).toThrowError(EventValidationError);
  });

  it('validates an incoming envelope: shape, type/version, then data', () => {
    const e = buildEvent(Thing, { n: 2 }, { source: 'tests', correlationId: 'c-1' });
    expect(() => validateEvent(Thing, e)).not.toThrow();
    expect(() => validateEvent(Thing, { ...e, id: 'not-a-uuid' })).toThrow(/envelope/);
    expect(() => validateEvent(Thing, { ...e, version: 2 })).toThrow(/expected test.thing.happened v1/);
    expect(() => validateEvent(Thing, { ...e, data: { n: 'x' } })).toThrow(/invalid data/);
    expect(() => validateEvent(Thing, { ...e, extra: true })).toThrow(/envelope/);
  });

  it('knows every contract by type@version', () => {
    expect(EVENT_CONTRACTS['auth.email.code-requested@1']).toBe(EmailCodeRequested);
    expect(EVENT_CONTRACTS['auth.user.registered@1']).toBe(UserRegistered);
    for (const [key, c] of Object.entries(EVENT_CONTRACTS)) expect(key).toBe(`${c.type}@${c.version}`);
  });

  it('checks the date-time and uuid formats of auth.user.registered', () => {
    const good = {
      userId: '0190a6b4-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
      email: 'a@b.co',
      firstName: 'A',
      lastName: 'B',
      nickname: null,
      phone: '0812345678',
      status: 'New' as const,
      memberCode: 'RN000001',
      registeredAt: new Date().toISOString(),
    };
    expect(() => buildEvent(UserRegistered, good, { source: 'auth' })).not.toThrow();
    expect(() =>
      buildEvent(UserRegistered, { ...good, registeredAt: 'yesterday' }, { source: 'auth' }),
    ).toThrow();
    expect(() => buildEvent(UserRegistered, { ...good, userId: 'u-1' }, { source: 'auth' })).toThrow();
  });
});

describe('shared enums and messages', () => {
  it('membership codes are SPTRO, SPTR, COL, COL1–COL10, NL, CG1–CG5', () => {
    expect(MEMBERSHIP_CODES).toHaveLength(19);
    expect(MEMBERSHIP_CODES).toEqual(
      expect.arrayContaining(['SPTRO', 'SPTR', 'COL', 'COL1', 'COL10', 'NL', 'CG1', 'CG5']),
    );
    expect(isMembershipCode('COL11')).toBe(false);
    expect(isMembershipCode('CG6')).toBe(false);
  });
  it('carries the spec wording verbatim', () => {
    expect(ERRORS['auth.email_registered'].th).toBe('เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว');
    expect(ERRORS['auth.code_mismatch'].th).toBe('รหัสยืนยันไม่ตรงกัน');
    expect(ERRORS['validation.required'].th).toBe('กรุณากรอกข้อมูล');
    expect(ERRORS['validation.password_confirm'].en).toBe('Confirm Passwords do not match');
  });
});
