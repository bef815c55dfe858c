import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LineLinkReply, LineStartReply } from '@rian/proto-contracts/auth-social';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

export type { LineLinkReply };

const lineKey = (token: string | null) => ['auth', 'me', 'line', token] as const;

/** GET /api/auth/me/line — is LINE linking on here, and is the member's LINE account linked (issue 20). */
export function useLineLink() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: lineKey(token),
    queryFn: ({ signal }) => api<LineLinkReply>('/auth/me/line', { signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** POST /api/auth/me/line/start — LINE's authorize URL (one-use state); the caller sends the browser there. */
export function startLineLink(): Promise<LineStartReply> {
  return api<LineStartReply>('/auth/me/line/start', { method: 'POST' });
}

/** POST /api/auth/me/line/callback — the code and state LINE sent back; answers the new link. */
export function finishLineLink(input: { code: string; state: string }): Promise<LineLinkReply> {
  return api<LineLinkReply>('/auth/me/line/callback', { method: 'POST', body: input });
}

/** DELETE /api/auth/me/line, keeping the card's read up to date. */
export function useUnlinkLine() {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  return useMutation({
    mutationFn: () => api<LineLinkReply>('/auth/me/line', { method: 'DELETE' }),
    onSuccess: (reply) => queryClient.setQueryData(lineKey(token), reply),
  });
}

/** After the callback: the card reads the answer instead of asking again. */
export function useRememberLineLink() {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.token);
  return (reply: LineLinkReply) => queryClient.setQueryData(lineKey(token), reply);
}

/** What the callback page tells the card (router state of the navigation back to /member). */
export type LineResult =
  | { kind: 'linked' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; messages: { th: string; en: string } | null; detail: string };

export const lineResultOf = (state: unknown): LineResult | null =>
  typeof state === 'object' && state !== null && 'lineResult' in state
    ? ((state as { lineResult: LineResult }).lineResult ?? null)
    : null;
