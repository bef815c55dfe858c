// Issue 19 item 5: migrations follow expand/contract (deploy/README.md, "Migrations"). During a
// rolling update the old release's pods serve beside the new release's, on the database the new
// release migrated: a migration may only add (tables, nullable or defaulted columns, indexes, wider
// checks). What would break the old code — dropping or renaming a table or column, changing a
// column's type, making a column required without a default — is a *contract* step, shipped in a
// later release than the one that stopped using the old shape, and says so in a comment
// `// contract: <which release stopped using it>`; a statement that only looks dangerous says why it
// is not in `// expand-safe: <why>`. This test reads every migration and holds them to that.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** what the previous release's code cannot live with */
export const BREAKING = [
  [/\bdrop\s+table\b/i, 'drops a table'],
  [/\bdrop\s+column\b/i, 'drops a column'],
  [/\brename\s+(column\b|to\b)/i, 'renames'],
  [/\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i, "changes a column's type"],
  [/\bset\s+not\s+null\b/i, 'makes a column required'],
];

/** The breaking statements of one migration's source that no `contract:` / `expand-safe:` comment covers. */
export function uncovered(source) {
  if (/\/\/\s*(contract|expand-safe):\s*\S/.test(source)) return [];
  // SQL inside addSql(`…`) / addSql('…') calls: comments and prose around them are not statements
  const statements = [...source.matchAll(/addSql\(\s*(`[^`]*`|'[^']*'|"[^"]*")/g)].map((m) =>
    m[1].slice(1, -1),
  );
  return statements.flatMap((sql) =>
    BREAKING.filter(([pattern]) => pattern.test(sql)).map(
      ([, what]) => `${what}: ${sql.replace(/\s+/g, ' ').slice(0, 120)}`,
    ),
  );
}

const migrationFiles = readdirSync(join(ROOT, 'services'))
  .flatMap((service) => {
    const dir = join(ROOT, 'services', service, 'src', 'migrations');
    try {
      return readdirSync(dir)
        .filter((f) => /^\d{4}-.*\.ts$/.test(f))
        .map((f) => join(dir, f));
    } catch {
      return [];
    }
  })
  .concat(join(ROOT, 'services/kit/src/kit-migrations.ts'));

describe('migrations are expand/contract', () => {
  it('finds the migrations of every service', () => {
    expect(migrationFiles.length).toBeGreaterThan(40);
  });

  it('no migration breaks the release before it without saying it is a contract step', () => {
    const problems = migrationFiles.flatMap((file) =>
      uncovered(readFileSync(file, 'utf8')).map((p) => `${relative(ROOT, file)}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('catches each kind of breaking statement, and accepts one that says why', () => {
    const sql = (s) => `this.addSql(\`${s}\`);`;
    expect(uncovered(sql('alter table orders drop column note'))).toEqual([
      'drops a column: alter table orders drop column note',
    ]);
    expect(uncovered(sql('alter table orders rename column note to notes'))).toHaveLength(1);
    expect(uncovered(sql('alter table orders alter column total type bigint'))).toHaveLength(1);
    expect(uncovered(sql('alter table orders alter column note set not null'))).toHaveLength(1);
    expect(uncovered(sql('drop table old_orders'))).toHaveLength(1);
    expect(uncovered(sql('alter table orders add column note text null'))).toEqual([]);
    expect(
      uncovered(
        `// contract: 0.4 stopped reading orders.note\n${sql('alter table orders drop column note')}`,
      ),
    ).toEqual([]);
  });
});
