import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderEveryCase } from './template-output.cases.js';

const snapshot = JSON.parse(
  readFileSync(new URL('./template-output.snapshot.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('every message, byte for byte as the TypeScript templates wrote it before issue 20', () => {
  const now = renderEveryCase();
  it.each(Object.keys(snapshot))('%s', (key) => {
    expect(now[key]).toEqual(snapshot[key]);
  });

  it('covers every case (a case the snapshot lacks is a new template, not a changed one)', () => {
    const missing = Object.keys(snapshot).filter((k) => !(k in now));
    expect(missing).toEqual([]);
    expect(Object.keys(snapshot).length).toBeGreaterThanOrEqual(63);
  });
});
