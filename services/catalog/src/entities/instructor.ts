import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { YesNo } from '@rian/proto-contracts/enums';

/**
 * A speaker (spec 02 §3 Instructor) of the /speakers page. `hide` is the spec's hide_by;
 * `featuredMonths` (yyyy-mm) are the months staff made this speaker the instructor of the month.
 */
export const Instructor = defineEntity({
  name: 'Instructor',
  tableName: 'instructors',
  properties: {
    id: p.uuid().primary(),
    name: p.string().length(200),
    detail: p.text().nullable(),
    content: p.text().nullable(),
    img: p.string().length(300).nullable(),
    item: p.integer(),
    position: p.string().length(200).nullable(),
    facebook: p.string().length(500).nullable(),
    twitter: p.string().length(500).nullable(),
    youtube: p.string().length(500).nullable(),
    pinterest: p.string().length(500).nullable(),
    linkedin: p.string().length(500).nullable(),
    hide: p.string().$type<YesNo>().length(1),
    featuredMonths: p.array(),
    /** when `catalog.instructor.changed` was last written for it; null: not announced yet */
    announcedAt: p.datetime().nullable(),
    createdBy: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type InstructorEntity = InferEntity<typeof Instructor>;
