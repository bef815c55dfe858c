/**
 * Spec 02 §4 "Package selection on login": the price offered first is the one for the member's
 * best code in this order, else the first one listed. The SPA and orders mirror this order.
 */
export const PRESELECTION_ORDER = [
  'CG5',
  'CG4',
  'CG3',
  'CG2',
  'CG1',
  'SPTRO',
  'SPTR',
  'COL',
  ...Array.from({ length: 10 }, (_, i) => `COL${i + 1}`),
  'NL',
] as const;

/**
 * The choice to preselect among `choices` (already in display order): the first whose `member`
 * comes earliest in PRESELECTION_ORDER — counting only codes the member holds when `memberCodes`
 * is given — else the first choice; none when there is nothing to choose.
 */
export function preselect<T extends { member: string }>(
  choices: readonly T[],
  memberCodes?: readonly string[],
): T | undefined {
  for (const code of PRESELECTION_ORDER) {
    if (memberCodes && !memberCodes.includes(code)) continue;
    const found = choices.find((c) => c.member === code);
    if (found) return found;
  }
  return choices[0];
}
