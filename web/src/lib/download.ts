import type { Problem } from '@/types/api';
import { ApiError, buildUrl } from './api-client';
import { currentLanguage } from './i18n';

type Query = Parameters<typeof buildUrl>[1];

/** `attachment; filename="x.csv"` → "x.csv" (null when the header names none). */
function fileNameOf(disposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * A file behind a Bearer token (a CSV report, an order's PDF): an `<a href>` cannot carry the
 * token, so it is fetched, then saved from a blob URL under the server's file name (else
 * `fallbackName`). A refusal throws the server's problem as an ApiError, like `api()`.
 */
export async function downloadFile(
  path: string,
  { token, query, fallbackName }: { token: string | null; query?: Query; fallbackName: string },
): Promise<void> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers, credentials: 'include' });
  } catch {
    throw new ApiError({
      type: 'about:blank',
      title: 'Network error',
      status: 0,
      code: 'network.unreachable',
      messages: {
        th: 'เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาลองใหม่อีกครั้ง',
        en: 'The server cannot be reached; please try again',
      },
    });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as Problem | undefined;
    throw new ApiError(
      body && typeof body.status === 'number' && typeof body.code === 'string'
        ? body
        : {
            type: 'about:blank',
            title: response.statusText || 'Error',
            status: response.status,
            code: 'http.error',
            messages: { th: 'ดาวน์โหลดไฟล์ไม่สำเร็จ', en: 'The file could not be downloaded' },
          },
    );
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the browser's download; free it on the next turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
