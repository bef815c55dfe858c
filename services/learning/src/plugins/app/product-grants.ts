import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import type { GrantMissingResult } from '@rian/proto-contracts/learning';
import { PaidOrder } from '../../entities/paid-order.js';
import { ProductCourseList } from '../../entities/product-course-list.js';
import { lockMember } from './enrolments.js';
import { grantForOrder } from './grant.js';

/**
 * Staff grant the courses linked to a product after some members bought it: every past buyer
 * (learning's `paid_orders`) gets each course of the product's current list (catalog's
 * `catalog.product-courses.changed`) they do not have yet, as if their first paid order of the
 * product had granted it. One `learning.enrolment.granted` per new enrolment; a second call finds
 * nothing missing and grants nothing. Each grant is audited with the staff id that asked.
 */
export class ProductGrants {
  constructor(private readonly kit: Kit) {}

  async grantMissing(productId: string, staffId: string | null): Promise<GrantMissingResult> {
    return this.kit.orm.em.fork().transactional(async (em) => {
      const list = await em.findOne(ProductCourseList, { productId });
      const courseIds = [...new Set(list?.courseIds ?? [])];
      const orders = await em.find(
        PaidOrder,
        { productId },
        { orderBy: [{ paidAt: 'asc' }, { orderId: 'asc' }] },
      );
      // each buyer's first paid order of the product is the one that grants
      const firstOrder = new Map<string, string>();
      for (const o of orders) if (!firstOrder.has(o.userId)) firstOrder.set(o.userId, o.orderId);
      const granted: GrantMissingResult['granted'] = [];
      if (courseIds.length) {
        // members in a fixed order: two grants running at once take the locks the same way round
        for (const userId of [...firstOrder.keys()].sort()) {
          await lockMember(em, userId);
          const orderId = firstOrder.get(userId) ?? '';
          for (const courseId of courseIds) {
            const enrolmentId = await grantForOrder(
              em,
              this.kit.outbox,
              {
                userId,
                courseId,
                orderId,
                productId,
              },
              staffId,
            );
            if (enrolmentId) granted.push({ enrolmentId, userId, courseId, orderId });
          }
        }
      }
      await em.flush();
      if (granted.length)
        this.kit.logger.info({ productId, granted: granted.length }, 'granted missing enrolments');
      return { productId, courseIds, buyers: firstOrder.size, granted };
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    productGrants: ProductGrants;
  }
}

export default fp(
  async (app) => {
    app.decorate('productGrants', new ProductGrants(app.kit));
  },
  { name: 'product-grants' },
);
