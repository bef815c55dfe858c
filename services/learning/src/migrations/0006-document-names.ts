import { Migration } from '@rian/kit/db';

/**
 * A private document's name as uploaded (`media.file.stored` originalName, e.g. "lesson-notes.pdf"):
 * media stores the file as `<uuid>.pdf`, so staff and members would otherwise only see that. Null for
 * files learning heard of before this column, or from an event without the name.
 */
export class LearningDocumentNames extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table media_documents add column original_name varchar(255) null`);
  }
}

export const documentNamesMigrations = [
  { name: 'learning_0006_document_names', class: LearningDocumentNames },
];
