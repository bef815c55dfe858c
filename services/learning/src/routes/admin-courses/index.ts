import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { staffRoutes } from '@rian/kit/staff-routes';
import {
  CourseAdminQuery,
  CourseCreateBody,
  CourseStaff,
  CourseUpdateBody,
} from '@rian/proto-contracts/learning';

/** /admin/courses (spec 02 §7 "courses: list, by id, create, delete"): staff only. */
const adminCourseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  staffRoutes(app, {
    path: '/admin/courses',
    tag: 'admin-courses',
    noun: 'course',
    item: CourseStaff,
    query: CourseAdminQuery,
    createBody: CourseCreateBody,
    updateBody: CourseUpdateBody,
    conflict: true,
    summaries: {
      list: 'Courses, newest first by default; q matches title or code',
      create: 'Add a course (title required; status open and live streaming N by default)',
      update: 'Change some fields of a course: absent keeps, null clears',
      remove:
        'Delete a course no member is enrolled in (else 409 learning.course_in_use) and with no sessions, videos or documents (else 409 learning.course_has_content)',
    },
    service: app.courses,
  });
};

export default adminCourseRoutes;
