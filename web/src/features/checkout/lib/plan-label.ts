/**
 * How an instalment plan reads: staff often name a plan by its count ("ผ่อน 3 งวด"); then the name
 * alone, else the name and the count ("Gold plan: 3 instalments") — never the count twice.
 */
export function planLabel(
  plan: { name: string; count: number },
  withCount: (p: { name: string; count: number }) => string,
): string {
  const name = plan.name.trim();
  return new RegExp(`(^|\\D)${plan.count}(\\D|$)`).test(name) ? name : withCount({ name, count: plan.count });
}
