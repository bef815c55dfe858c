import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Catalog's instructors as learning heard them (`catalog.instructor.changed` / `.deleted`): what a
 * session shows of its instructor. A deleted one stays as a tombstone (`deletedAt`), so a late
 * `changed` does not bring it back.
 */
export const Instructor = defineEntity({
  name: 'Instructor',
  tableName: 'instructors',
  properties: {
    id: p.uuid().primary().fieldName('instructor_id'),
    name: p.string().length(200),
    img: p.string().length(300).nullable(),
    hidden: p.boolean(),
    changedAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
  },
});
export type InstructorEntity = InferEntity<typeof Instructor>;
