/** Thai vowels written before the consonant they follow in speech (เ แ โ ใ ไ): never an initial. */
const LEADING_VOWEL = /[\u0E40-\u0E44]/u;
const LETTER = /\p{L}/u;

/**
 * The letter a name is known by: its first letter, skipping Thai leading vowels, combining marks
 * (tone marks, above/below vowels), digits and punctuation — "ใจดี" → "จ", "สใ" → "ส", "anna" → "A".
 */
export function initialOf(name: string): string {
  for (const ch of name.trim()) {
    if (LEADING_VOWEL.test(ch) || !LETTER.test(ch)) continue;
    return ch.toUpperCase();
  }
  return '';
}

/** A person's avatar letters: the initials of first and last name, "?" when neither has a letter. */
export function initials(firstName: string, lastName: string): string {
  return `${initialOf(firstName)}${initialOf(lastName)}` || '?';
}
