import { randomInt } from 'node:crypto';

/**
 * Booking key codes. Generated ones are 10 characters drawn with a cryptographic random source from
 * 31 that cannot be mistaken for one another when read aloud or copied from paper (no I, L, O, 0, 1):
 * 31^10 ≈ 8.2 × 10^14 codes, about 49 bits. Codes are kept upper-case and matched without regard
 * to case (the form may send `rian-demo-2027`).
 */
export const KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GENERATED_KEY_LENGTH = 10;

export function generateKeyCode(length = GENERATED_KEY_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return code;
}

/** The stored spelling of a code as typed. */
export const normaliseKeyCode = (code: string): string => code.trim().toUpperCase();
