import { Migration } from '@rian/kit/db';

/** The SQL form of proto-contracts' CourseLiveImage pattern for one media kind. */
const ref = (kind: string) =>
  `'^((https://[A-Za-z0-9.-]+(:[0-9]{1,5})?)?(/[A-Za-z0-9._~-]+)*/images/${kind}/)?[0-9a-f]{32}\\.(png|jpg|gif|webp)$'`;

/**
 * A course's two live pictures become media uploads (issue 15): until now they were free text
 * ("the file names staff give", D26) that no upload could have made. Any such value is cleared, so
 * every stored picture is one media checked and members never get a broken poster.
 */
export class LearningCourseLiveImages extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update courses set live_streaming_path = null
        where live_streaming_path is not null and live_streaming_path !~ ${ref('live-streaming')}`,
    );
    this.addSql(
      `update courses set live_trade_path = null
        where live_trade_path is not null and live_trade_path !~ ${ref('live-trade')}`,
    );
  }
}

export const courseLiveImagesMigrations = [
  { name: 'learning_0014_course_live_images', class: LearningCourseLiveImages },
];
