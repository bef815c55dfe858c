import type { EntityManager } from '@rian/kit/db';
import type { Outbox } from '@rian/kit/outbox';
import {
  DocumentListDeleted,
  SessionChanged,
  type ListedDocument,
} from '@rian/proto-contracts/learning-content';
import { CourseDocument } from '../../entities/course-document.js';
import { CourseSession } from '../../entities/course-session.js';
import { DocumentList, type DocumentListEntity } from '../../entities/document-list.js';
import { sessionRecord } from '../../domain/content-views.js';

/** What several content records share: the documents listed on them, and what goes when they go. */

type ListKey = 'videoId' | 'sessionId' | 'courseId';

/** The documents listed on each of `ids` (videos, sessions or courses), in the lists' order. */
export async function listedDocuments(
  em: EntityManager,
  key: ListKey,
  ids: readonly string[],
): Promise<Map<string, ListedDocument[]>> {
  const out = new Map<string, ListedDocument[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const lists = await em.find(
    DocumentList,
    { [key]: { $in: [...ids] } },
    { orderBy: [{ item: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] },
  );
  if (!lists.length) return out;
  const docs = new Map(
    (await em.find(CourseDocument, { id: { $in: [...new Set(lists.map((l) => l.documentId))] } })).map(
      (d) => [d.id, d],
    ),
  );
  for (const l of lists) {
    const d = docs.get(l.documentId);
    const owner = l[key];
    if (!d || !owner) continue;
    out.get(owner)?.push({ documentListId: l.id, documentId: d.id, name: d.name, type: d.type ?? null });
  }
  return out;
}

/**
 * The list entries that go with a deleted document, video or session (the foreign keys cascade),
 * each announced with its `learning.document-list.deleted` in the same transaction.
 */
export async function announceListsGone(
  em: EntityManager,
  outbox: Outbox,
  where: Partial<Record<ListKey | 'documentId', string>>,
  deletedAt: string,
): Promise<void> {
  const lists: DocumentListEntity[] = await em.find(DocumentList, where);
  for (const l of lists) {
    outbox.add(em, DocumentListDeleted, {
      id: l.id,
      documentId: l.documentId,
      videoId: l.videoId ?? null,
      sessionId: l.sessionId ?? null,
      courseId: l.courseId ?? null,
      deletedAt,
    });
  }
}

/**
 * Sessions that used a deleted video or Zoom room lose it (the key sets it to null as well): each
 * changed session is announced with `learning.session.changed` in the same transaction.
 */
export async function detachSessions(
  em: EntityManager,
  outbox: Outbox,
  link: 'videoId' | 'zoomRoomId',
  id: string,
): Promise<void> {
  const sessions = await em.find(CourseSession, { [link]: id });
  const now = new Date();
  for (const s of sessions) {
    s[link] = null;
    s.updatedAt = now;
    outbox.add(em, SessionChanged, sessionRecord(s));
  }
}
