import { Migration } from '@rian/kit/db';

/**
 * Issue 6: a user's record also changes without a person — a paid order makes the buyer Premium
 * and gives them the price's membership code. Such changes are recorded with `changed_by_kind`
 * 'system' (`changed_by` names the source, e.g. `system:orders`).
 */
export class AuthSystemChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table user_changes drop constraint user_changes_changed_by_kind_check`);
    this.addSql(`alter table user_changes add constraint user_changes_changed_by_kind_check
      check (changed_by_kind in ('staff', 'user', 'system'))`);
  }
}

export const systemChangeMigrations = [{ name: 'auth_0004_system_changes', class: AuthSystemChanges }];
