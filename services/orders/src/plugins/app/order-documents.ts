import fp from 'fastify-plugin';
import type { Kit } from '@rian/kit/service';
import type { Principal } from '@rian/kit/tokens';
import { ProblemError } from '@rian/kit/errors';
import { Order } from '../../entities/order.js';
import { orderDocument, type OrderDocument, type Seller } from '../../domain/order-document.js';
import { orderDocumentPdf } from '../../pdf/order-document-pdf.js';
import type { OrderReads } from './order-reads.js';

/**
 * An order's document as PDF (spec 02 §7 fileTaxInvoice): to the order's owner or staff, like the
 * order itself (anyone else: 404); a receipt/tax invoice once paid, an invoice while waiting,
 * none for a cancelled order (409).
 */
export class OrderDocuments {
  constructor(
    private readonly kit: Kit,
    private readonly orders: OrderReads,
    private readonly seller: Seller,
  ) {}

  async document(principal: Principal, id: string): Promise<OrderDocument> {
    const order = await this.orders.one(principal, id);
    const stored = await this.kit.orm.em
      .fork()
      .findOneOrFail(Order, { id }, { fields: ['userEmail', 'createdAt'] });
    const doc = orderDocument(
      { ...order, userEmail: stored.userEmail ?? null, createdAt: stored.createdAt },
      this.seller,
    );
    if (!doc) throw new ProblemError('orders.document_unavailable');
    return doc;
  }

  async pdf(principal: Principal, id: string): Promise<{ reference: string; pdf: Buffer }> {
    const doc = await this.document(principal, id);
    return { reference: doc.number, pdf: await orderDocumentPdf(doc) };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    orderDocuments: OrderDocuments;
  }
}

export default fp<{ seller: Seller }>(
  async (app, opts) => {
    app.decorate('orderDocuments', new OrderDocuments(app.kit, app.orderReads, opts.seller));
  },
  { name: 'order-documents', dependencies: ['order-reads'] },
);
