import type { ImageKind, ImageStored } from '@rian/proto-contracts/media';
import { staffApi } from '@/lib/staff-api';

/**
 * POST /api/media/images/:kind, multipart field `images` (spec 02 §7 uploads CoursesLiveStreaming,
 * CoursesLiveTrade): media checks the bytes and re-encodes them. The course keeps the returned
 * `url`, which names the kind, so learning can check the picture is of the field's kind.
 */
export async function uploadImage(kind: ImageKind, file: File): Promise<string> {
  const form = new FormData();
  form.append('images', file, file.name);
  const stored = await staffApi<ImageStored>(`/media/images/${kind}`, { method: 'POST', body: form });
  return stored.url;
}
