import { describe, expect, it } from 'vitest';
import { GROUP_REQUEST_STATUSES } from '@rian/proto-contracts/learning-groups';
import {
  canMoveRequest,
  GROUP_REQUEST_NEW,
  GROUP_REQUEST_TRANSITIONS,
  groupMemberCode,
} from '../../src/domain/group-request-status.js';
import { memberGroupFields, memberGroupProblems } from '../../src/domain/member-group-fields.js';

describe('join request transitions (spec 02 §4 "Member group user")', () => {
  it('a request starts requested; approve, un-approve back, nothing else', () => {
    expect(GROUP_REQUEST_NEW).toBe('requested');
    expect(canMoveRequest('requested', 'approved')).toBe(true);
    expect(canMoveRequest('approved', 'requested')).toBe(true);
    expect(canMoveRequest('approved', 'approved')).toBe(false);
    expect(canMoveRequest('requested', 'requested')).toBe(false);
  });

  it('the table names every status', () => {
    expect(Object.keys(GROUP_REQUEST_TRANSITIONS).sort()).toEqual([...GROUP_REQUEST_STATUSES].sort());
  });

  it('Gennarate codes: course code + 3 digits; G without a course code', () => {
    expect(groupMemberCode('FX01', 7)).toBe('FX01-007');
    expect(groupMemberCode(null, 12)).toBe('G-012');
    expect(groupMemberCode('  ', 1234)).toBe('G-1234');
  });
});

describe('member group fields (spec 02 §3 "Member group")', () => {
  it('type defaults to facebook, texts are trimmed, blanks are none', () => {
    const f = memberGroupFields({ courseId: 'x', name: ' A ', url: ' https://a.example ', qr: ' ' });
    expect(f).toMatchObject({ type: 'facebook', name: 'A', url: 'https://a.example', qr: null, hidden: 'N' });
    expect(memberGroupProblems(f)).toEqual([]);
  });

  it('a condition that is on needs its text; the link is https', () => {
    const f = memberGroupFields({ courseId: 'x', name: 'A', url: 'http://a.example', condition: 'Y' });
    expect(memberGroupProblems(f)).toEqual([
      { field: 'url', code: 'validation.https_url' },
      { field: 'conditionText', code: 'validation.required' },
    ]);
  });
});
