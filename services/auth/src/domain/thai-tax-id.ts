/**
 * Thai 13-digit tax id / national id (spec 02 §5): the last digit is a check digit over the first
 * twelve — sum of digit[i] × (13 − i), check = (11 − sum mod 11) mod 10.
 */
export function thaiTaxIdCheckDigit(first12: string): number {
  if (!/^[0-9]{12}$/.test(first12)) throw new RangeError('twelve digits expected');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return (11 - (sum % 11)) % 10;
}

export function isValidThaiTaxId(id: string): boolean {
  if (!/^[0-9]{13}$/.test(id)) return false;
  return thaiTaxIdCheckDigit(id.slice(0, 12)) === Number(id[12]);
}
