import { on } from '@rian/kit/consumer';
import { FileStored } from '@rian/proto-contracts/media';

/**
 * Media stored a file. Learning keeps the private documents (kind `document`, visibility
 * `private`): a document may only name a file learning has heard of. Its name as uploaded
 * (`originalName`) is what staff and members see; media's `filename` (`<uuid>.pdf`) is what a
 * signed URL names. Other files are not ours.
 */
export const onMediaFileStored = on(FileStored, async (event, { em }) => {
  const d = event.data;
  if (d.kind !== 'document' || d.visibility !== 'private') return;
  await em.execute(
    `insert into media_documents
       (file_id, filename, original_name, content_type, bytes, sha256, created_by, stored_at)
     values (?, ?, ?, ?, ?, ?, ?, ?::timestamptz) on conflict (file_id) do nothing`,
    [
      d.fileId,
      d.filename,
      d.originalName?.slice(0, 255) || null,
      d.contentType,
      d.bytes,
      d.sha256,
      d.createdBy,
      d.storedAt,
    ],
  );
});
