/** An uploaded file's own name, fit to keep and show: no path, no control characters, at most 255 characters. */
export function cleanOriginalName(name: string | undefined, fallback: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  return (base || fallback).normalize('NFC').slice(0, 255);
}
