import { Migration } from '@rian/kit/db';

/**
 * Issue 16: learning's member groups as catalog hears of them (`learning.member-group.*`), what a
 * product group's member group is checked against (as products' courses are, D42). A deleted group
 * stays as a tombstone so a late `changed` cannot revive it.
 */
export class CatalogLearningGroups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table learning_groups (
      member_group_id uuid primary key,
      course_id uuid not null,
      type varchar(8) not null,
      name varchar(200) not null,
      changed_at timestamptz not null,
      event_id uuid not null,
      deleted_at timestamptz null
    )`);
  }
}

export const learningGroupsMigrations = [
  { name: 'catalog_0006_learning_groups', class: CatalogLearningGroups },
];
