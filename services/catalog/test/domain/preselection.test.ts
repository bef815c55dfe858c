import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_CODES } from '@rian/proto-contracts/enums';
import { preselect, PRESELECTION_ORDER } from '../../src/domain/preselection.js';

const choices = (...members: string[]) => members.map((member, i) => ({ id: `p${i}`, member }));

describe('package selection on login (spec 02 §4)', () => {
  it('follows the spec order CG5, CG4, CG3, CG2, CG1, SPTRO, SPTR, COL, COL1..COL10, NL', () => {
    expect(PRESELECTION_ORDER).toEqual([
      'CG5',
      'CG4',
      'CG3',
      'CG2',
      'CG1',
      'SPTRO',
      'SPTR',
      'COL',
      'COL1',
      'COL2',
      'COL3',
      'COL4',
      'COL5',
      'COL6',
      'COL7',
      'COL8',
      'COL9',
      'COL10',
      'NL',
    ]);
    // every membership code has a place, so "else the first" only happens for codes we do not know
    expect([...PRESELECTION_ORDER].sort()).toEqual([...MEMBERSHIP_CODES].sort());
  });

  it.each([
    ['a cohort code beats the public price', ['NL', 'CG1'], 'CG1'],
    ['the higher cohort wins', ['CG1', 'CG3', 'CG2'], 'CG3'],
    ['CG5 beats everything', ['SPTRO', 'CG5', 'NL'], 'CG5'],
    ['any cohort beats an annual member', ['SPTRO', 'CG1'], 'CG1'],
    ['annual year 2+ beats year 1', ['SPTR', 'SPTRO'], 'SPTRO'],
    ['annual beats old course', ['COL', 'SPTR'], 'SPTR'],
    ['COL beats COL1', ['COL1', 'COL'], 'COL'],
    ['COL1 beats COL10 (numeric order, not text)', ['COL10', 'COL2', 'COL1'], 'COL1'],
    ['COL9 beats COL10', ['COL10', 'COL9'], 'COL9'],
    ['old course beats the public price', ['NL', 'COL10'], 'COL10'],
    ['only the public price', ['NL'], 'NL'],
    ['no known code: the first one', ['GOLD', 'SILVER'], 'GOLD'],
  ] as const)('%s: %j → %s', (_name, members, expected) => {
    expect(preselect(choices(...members))?.member).toBe(expected);
  });

  it('takes the first listed of the winning code (the list is already SEB, EB, NL)', () => {
    const list = [
      { id: 'seb-cg1', member: 'CG1' },
      { id: 'nl-nl', member: 'NL' },
      { id: 'eb-cg1', member: 'CG1' },
    ];
    expect(preselect(list)?.id).toBe('seb-cg1');
  });

  it("counts only the member's own codes when given", () => {
    expect(preselect(choices('CG5', 'NL'), ['NL'])?.member).toBe('NL');
    expect(preselect(choices('CG5', 'NL'), ['NL', 'CG5'])?.member).toBe('CG5');
    // none of the member's codes: the first choice
    expect(preselect(choices('CG5', 'SPTR'), ['COL'])?.member).toBe('CG5');
  });

  it('preselects nothing from nothing', () => {
    expect(preselect([])).toBeUndefined();
    expect(preselect([], ['CG1'])).toBeUndefined();
  });
});
