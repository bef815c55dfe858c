/** Thai vowels written before their consonant (เ แ โ ใ ไ): not a name's initial. */
const LEADING_VOWEL = /[\u0E40-\u0E44]/;

/** The letter a placeholder picture shows for a name: "โค้ชอี" → "ค", "Forex" → "F". */
export function initialOf(name: string): string {
  const chars = Array.from(name.trim());
  return chars.find((c) => !LEADING_VOWEL.test(c)) ?? chars[0] ?? '';
}
