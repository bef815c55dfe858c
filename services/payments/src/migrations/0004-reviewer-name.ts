import { Migration } from '@rian/kit/db';

/** The name of the staff member who reviewed a slip, from their token at the time (issue 11 §15). */
export class PaymentsReviewerName extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table slips add column reviewed_by_name varchar(200) null`);
  }
}

export const reviewerNameMigrations = [{ name: 'payments_0004_reviewer_name', class: PaymentsReviewerName }];
