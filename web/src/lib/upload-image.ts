import type { ImageKind, ImageStored } from '@rian/proto-contracts/media';
import { staffApi } from '@/lib/staff-api';

/**
 * POST /api/media/images/:kind, multipart field `images` (spec 02 §7 "Uploads": products, courses,
 * slides, coaches, bank books, QR images, a course's live pictures): media checks the bytes and
 * re-encodes them, and answers what it stored — the record keeps its `url` (it names the kind, so
 * the shop shows it as is and learning can check a picture is of the field's kind) or, for a group's
 * QR images read at /api/qr/{file}, its `filename`.
 */
export async function uploadMediaImage(kind: ImageKind, file: File): Promise<ImageStored> {
  const form = new FormData();
  form.append('images', file, file.name);
  return staffApi<ImageStored>(`/media/images/${kind}`, { method: 'POST', body: form });
}
