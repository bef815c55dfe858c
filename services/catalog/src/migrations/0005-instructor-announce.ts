import { Migration } from '@rian/kit/db';

/**
 * `instructors.announced_at`: when `catalog.instructor.changed` for the instructor was last written.
 * Null for the instructors made before this column — learning keeps a read model of instructors
 * from those events, but an instructor older than learning's listening (or than the stream's
 * retention) never reached it. The service announces each of those once at start (see
 * InstructorCatalog.announcePending); every write sets it.
 */
export class CatalogInstructorAnnounce extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table instructors add column announced_at timestamptz null`);
    this.addSql(`create index instructors_unannounced on instructors (id) where announced_at is null`);
  }
}

export const instructorAnnounceMigrations = [
  { name: 'catalog_0005_instructor_announce', class: CatalogInstructorAnnounce },
];
