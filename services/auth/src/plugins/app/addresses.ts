import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import { fieldError, ProblemError, validationProblem } from '@rian/kit/errors';
import {
  ADDRESS_SLOTS,
  type AddressBody,
  type AddressFormat,
  type AddressType,
  type AddressView,
} from '@rian/proto-contracts/addresses';
import { uuidv7 } from '@rian/proto-contracts/uuid';
import { UserAddress, type UserAddressRow } from '../../entities/user-address.js';
import { User } from '../../entities/user.js';
import { checkAddress } from '../../domain/address-rules.js';
import type { ThaiPlaces } from '@rian/kit/thai-places';

const slotRank = (a: { format: AddressFormat; type: AddressType }) =>
  ADDRESS_SLOTS.findIndex((s) => s.format === a.format && s.type === a.type);

export function addressView(a: UserAddressRow): AddressView {
  return {
    format: a.format,
    type: a.type,
    fullname: a.fullname,
    vatId: a.vatId ?? null,
    tel: a.tel,
    address: a.address,
    provinceId: a.provinceId,
    provinceName: a.provinceName,
    districtId: a.districtId,
    districtName: a.districtName,
    subDistrictId: a.subDistrictId,
    subDistrictName: a.subDistrictName,
    zip: a.zip,
    note: a.note ?? null,
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** A member's four address slots (current/delivery × person/company). */
export class Addresses {
  constructor(
    private readonly kit: Kit,
    private readonly places: ThaiPlaces,
  ) {}

  /** The filled slots, in the order current-person, current-company, delivery-person, delivery-company. */
  async list(userId: string): Promise<AddressView[]> {
    const rows = await this.kit.orm.em.fork().find(UserAddress, { userId });
    return rows.sort((a, b) => slotRank(a) - slotRank(b)).map(addressView);
  }

  /** Fills or replaces one slot of the member's own. */
  async save(
    userId: string,
    slot: { format: AddressFormat; type: AddressType },
    body: AddressBody,
  ): Promise<AddressView> {
    const check = checkAddress(slot.type, body, this.places);
    // messages follow the request's language in the problem handler
    if (!check.ok) throw validationProblem(check.problems.map((p) => fieldError(p.field, p.code)));
    const row = await this.kit.orm.em.fork().transactional(async (em) => {
      // the member's token may outlive the account
      if (!(await em.count(User, { id: userId }))) throw new ProblemError('auth.unauthenticated');
      const now = new Date();
      return em.upsert(
        UserAddress,
        {
          id: uuidv7(),
          userId,
          ...slot,
          ...check.address,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        },
        {
          onConflictFields: ['userId', 'format', 'type'],
          onConflictExcludeFields: ['id', 'createdBy', 'createdAt'],
        },
      );
    });
    return addressView(row);
  }

  async remove(userId: string, slot: { format: AddressFormat; type: AddressType }): Promise<void> {
    await this.kit.orm.em.fork().nativeDelete(UserAddress, { userId, ...slot });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    userAddresses: Addresses;
  }
}

export default fp(
  async (app) => {
    app.decorate('userAddresses', new Addresses(app.kit, app.thaiPlaces));
  },
  { name: 'addresses', dependencies: ['thai-places'] },
);
