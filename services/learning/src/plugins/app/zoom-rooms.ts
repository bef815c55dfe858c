import fp from 'fastify-plugin';
import type { EntityManager } from '@rian/kit/db';
import type { Kit } from '@rian/kit/service';
import { secretKeyFrom } from '@rian/kit/secret-box';
import { assertNoProblems, StaffCrud, type Paged } from '@rian/kit/staff-crud';
import {
  ZoomRoomChanged,
  ZoomRoomDeleted,
  type ZoomRoomAdminQuery,
  type ZoomRoomCreateBody,
  type ZoomRoomStaff,
  type ZoomRoomUpdateBody,
} from '@rian/proto-contracts/learning-content';
import { ZoomRoom, type ZoomRoomEntity } from '../../entities/zoom-room.js';
import { zoomFields, zoomProblems, type ZoomFields } from '../../domain/zoom-fields.js';
import { openPasscode, sealPasscode, zoomRoomRecord, zoomRoomStaff } from '../../domain/content-views.js';
import { detachSessions } from './content-links.js';

/**
 * Zoom rooms (spec 02 §3 "Zoom", /admin/zoom). The passcode is sealed at rest with
 * LEARNING_SECRET_KEY (kit/secret-box): staff read it in clear, events never carry it.
 */
export class ZoomRooms {
  private readonly crud;

  constructor(
    private readonly kit: Kit,
    private readonly key: Buffer,
  ) {
    this.crud = new StaffCrud(
      { kit },
      {
        entity: ZoomRoom,
        notFound: 'learning.zoom_room_not_found',
        staff: (z: ZoomRoomEntity) => zoomRoomStaff(z, key),
        changedData: zoomRoomRecord,
        changed: ZoomRoomChanged,
        deleted: ZoomRoomDeleted,
        deletedData: (z, deletedAt) => ({ id: z.id, deletedAt }),
      },
    );
  }

  listStaff(q: ZoomRoomAdminQuery): Promise<Paged<ZoomRoomStaff>> {
    return this.crud.search(q, ['title', 'meetingId', 'url']);
  }

  staffById(id: string): Promise<ZoomRoomStaff> {
    return this.crud.byId(id);
  }

  create(body: ZoomRoomCreateBody, createdBy: string | null): Promise<ZoomRoomStaff> {
    const f = zoomFields(body);
    assertNoProblems(zoomProblems(f));
    return this.crud.create(this.stored(f), createdBy);
  }

  update(id: string, body: ZoomRoomUpdateBody): Promise<ZoomRoomStaff> {
    return this.crud.update(id, (z) => {
      const f = zoomFields(body, this.fieldsOf(z));
      assertNoProblems(zoomProblems(f));
      return this.stored(f);
    });
  }

  /** Sessions using the room lose it (each with its `learning.session.changed`). */
  remove(id: string): Promise<void> {
    return this.crud.remove(id, {
      before: (em, z) => detachSessions(em, this.kit.outbox, 'zoomRoomId', z.id),
    });
  }

  /** A room with a fixed id in `em`'s transaction, with its event (the demo seed). */
  insertSeed(em: EntityManager, id: string, body: ZoomRoomCreateBody): void {
    const f = zoomFields(body);
    assertNoProblems(zoomProblems(f));
    this.crud.insert(em, { id, ...this.stored(f) }, null);
  }

  private fieldsOf(z: ZoomRoomEntity): ZoomFields {
    return {
      title: z.title,
      url: z.url,
      meetingId: z.meetingId ?? null,
      passcode: openPasscode(z, this.key),
    };
  }

  private stored(f: ZoomFields) {
    return {
      title: f.title,
      url: f.url,
      meetingId: f.meetingId,
      passcodeSealed: sealPasscode(f.passcode, this.key),
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    zoomRooms: ZoomRooms;
  }
}

export default fp<{ secretKey: string }>(
  async (app, opts) => {
    app.decorate('zoomRooms', new ZoomRooms(app.kit, secretKeyFrom(opts.secretKey, 'LEARNING_SECRET_KEY')));
  },
  { name: 'zoom-rooms' },
);
