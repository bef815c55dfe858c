import type { ImageKind, ImageStored } from '@rian/proto-contracts/media';
import { staffApi } from '@/lib/staff-api';

/**
 * POST /api/media/images/:kind, multipart field `images` (spec 02 §7 "Uploads"). The record keeps
 * the returned `url`: it names the kind too, so the shop shows it as is.
 */
export async function uploadImage(kind: ImageKind, file: File): Promise<string> {
  const form = new FormData();
  form.append('images', file, file.name);
  const stored = await staffApi<ImageStored>(`/media/images/${kind}`, { method: 'POST', body: form });
  return stored.url;
}
