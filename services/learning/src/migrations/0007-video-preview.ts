import { Migration } from '@rian/kit/db';

/**
 * A video staff mark as a free preview (issue 13, public course pages): visitors may play it on
 * /course/video/{id} while its course is on sale. Existing videos are not previews.
 */
export class LearningVideoPreview extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table videos add column preview varchar(1) not null default 'N' check (preview in ('Y', 'N'))`,
    );
    this.addSql(`create index videos_preview on videos (course_id, item) where preview = 'Y'`);
  }
}

export const videoPreviewMigrations = [{ name: 'learning_0007_video_preview', class: LearningVideoPreview }];
