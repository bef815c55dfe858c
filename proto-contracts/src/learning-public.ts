import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common.js';
import { CurriculumItem, InstructorSummary } from './learning-content.js';
import { VideoPlayback } from './learning-member.js';

/**
 * The public course pages (issue 13; spec 01 §2 /course and /course/video/{id}): what a visitor may
 * read without a token — the courses on sale with their curriculum, instructors and free preview
 * videos, and one preview video's playback. A course is on sale when it is open and catalog lists it
 * in at least one product (learning's read model of `catalog.product-courses.changed`).
 */

/** A free preview of a course, as the course list names it (play it through /courses/public/videos/:id). */
export const PublicPreviewVideo = Type.Object({
  id: Uuid(),
  name: Type.String(),
  durationSeconds: Type.Union([Type.Integer(), Type.Null()]),
});
export type PublicPreviewVideo = Static<typeof PublicPreviewVideo>;

export const PublicCourse = Type.Object(
  {
    id: Uuid(),
    title: Type.String(),
    code: Type.Union([Type.String(), Type.Null()]),
    detail: Type.Union([Type.String(), Type.Null()]),
    /** the course's date (Asia/Bangkok day), when staff gave one */
    date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    /** the instructors of its viewable sessions, in the order they first teach */
    instructors: Type.Array(InstructorSummary),
    /** the viewable sessions' titles, types and dates, by date (as /courses/:id/curriculum) */
    items: Type.Array(CurriculumItem),
    /** its shown videos marked as free previews, in staff's item order */
    previews: Type.Array(PublicPreviewVideo),
    /** the products that grant it (catalog's ids): the SPA links to their product pages to buy */
    productIds: Type.Array(Uuid()),
  },
  { $id: 'PublicCourse' },
);
export type PublicCourse = Static<typeof PublicCourse>;

export const PublicCourseList = Type.Object({ items: Type.Array(PublicCourse) });
export type PublicCourseList = Static<typeof PublicCourseList>;

/** One free preview: the video in the member lesson's playback shape, and the course it belongs to. */
export const PublicPreview = Type.Object(
  {
    video: VideoPlayback,
    course: Type.Object({ id: Uuid(), title: Type.String(), productIds: Type.Array(Uuid()) }),
  },
  { $id: 'PublicPreview' },
);
export type PublicPreview = Static<typeof PublicPreview>;
