/**
 * Amounts as printed on invoices and receipts: figures (1,234.50) and Thai words
 * (หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์). Integer satang in; no floating point.
 */

const DIGITS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'];
/** the place of a digit inside a group of six, counted from the units */
const PLACES = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

function checkSatang(satang: number): void {
  if (!Number.isSafeInteger(satang) || satang < 0) throw new RangeError(`not an amount in satang: ${satang}`);
}

/**
 * 1…999,999 in words. Tens: 1 → สิบ (not หนึ่งสิบ), 2 → ยี่สิบ. Units: 1 → เอ็ด when any higher
 * digit is not zero — in this group (11 สิบเอ็ด, 101 หนึ่งร้อยเอ็ด) or, `higher`, in the groups
 * before it (1,000,001 หนึ่งล้านเอ็ด, as the Royal Institute reads it) — else หนึ่ง.
 */
function group(n: number, higher = false): string {
  const digits = String(n).split('').map(Number).reverse();
  let out = '';
  for (let place = digits.length - 1; place >= 0; place--) {
    const d = digits[place]!;
    if (d === 0) continue;
    if (place === 1) out += d === 1 ? 'สิบ' : d === 2 ? 'ยี่สิบ' : `${DIGITS[d]}สิบ`;
    else if (place === 0) out += d === 1 && (n > 9 || higher) ? 'เอ็ด' : DIGITS[d];
    else out += `${DIGITS[d]}${PLACES[place]}`;
  }
  return out;
}

/** A whole number ≥ 1 in words: groups of six digits joined by ล้าน (so 10^12 is หนึ่งล้านล้าน). */
function words(n: number, higher = false): string {
  if (n < 1_000_000) return group(n, higher);
  const high = Math.floor(n / 1_000_000);
  const low = n % 1_000_000;
  return `${words(high, higher)}ล้าน${low ? group(low, true) : ''}`;
}

/**
 * Thai words for an amount (the line in parentheses under a Thai receipt's total):
 * บาท part, then ถ้วน when there are no satang, else the satang in words + สตางค์;
 * 0 → ศูนย์บาทถ้วน, 0.50 → ห้าสิบสตางค์.
 */
export function bahtText(satang: number): string {
  checkSatang(satang);
  const baht = Math.floor(satang / 100);
  const rest = satang % 100;
  if (baht === 0 && rest === 0) return 'ศูนย์บาทถ้วน';
  const bahtWords = baht ? `${words(baht)}บาท` : '';
  return rest ? `${bahtWords}${group(rest)}สตางค์` : `${bahtWords}ถ้วน`;
}

/** Satang → baht with thousands separators and 2 decimals: 123450 → "1,234.50". */
export function bahtFigures(satang: number): string {
  checkSatang(satang);
  const baht = String(Math.floor(satang / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${baht}.${String(satang % 100).padStart(2, '0')}`;
}
