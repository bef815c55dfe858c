import { describe, expect, it } from 'vitest';
import { mergeOpenApi, operationName, type ServiceDoc } from '../../src/domain/merge-openapi.js';

const opts = { title: 'Rian API', version: '1' };

describe('mergeOpenApi', () => {
  it('renames a shared-looking component whose reference points at a component that differs', () => {
    // Both define Page identically as text, but Page → Item, and Item differs: the two Pages differ too.
    const page = {
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
    };
    const docs: ServiceDoc[] = [
      {
        service: 'a',
        prefix: '/api/a',
        doc: { components: { schemas: { Page: page, Item: { type: 'string' } } }, paths: {} },
      },
      {
        service: 'b',
        prefix: '/api/b',
        doc: { components: { schemas: { Page: page, Item: { type: 'integer' } } }, paths: {} },
      },
    ];
    const merged = mergeOpenApi(docs, opts);
    expect(Object.keys(merged.components!.schemas!).sort()).toEqual(['a.Item', 'a.Page', 'b.Item', 'b.Page']);
    expect(merged.components!.schemas!['b.Page']).toEqual({
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/components/schemas/b.Item' } } },
    });
  });

  it('keeps unique names, moves a service-wide security requirement onto its operations, and maps the root path', () => {
    const docs: ServiceDoc[] = [
      {
        service: 'learning',
        prefix: '/api/learning',
        doc: {
          security: [{ bearer: [] }],
          components: {
            schemas: { Course: { type: 'object' } },
            securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
          },
          paths: {
            '/': { get: { responses: {} } },
            '/public': { get: { security: [], responses: {} }, parameters: [{ name: 'x', in: 'query' }] },
          },
        },
      },
    ];
    const merged = mergeOpenApi(docs, { ...opts, unavailable: ['media'] });
    expect(merged.components!.schemas).toEqual({ Course: { type: 'object' } });
    expect(merged.paths!['/api/learning']!.get).toMatchObject({
      security: [{ bearer: [] }],
      tags: ['learning'],
    });
    expect(merged.paths!['/api/learning/public']!.get).toMatchObject({ security: [] });
    expect(merged.paths!['/api/learning/public']!.parameters).toEqual([{ name: 'x', in: 'query' }]);
    expect(merged.info!['x-unavailable']).toEqual(['media']);
    expect(merged).not.toHaveProperty('security');
  });

  it('renames clashing security schemes and the requirements that name them', () => {
    const docs: ServiceDoc[] = [
      {
        service: 'a',
        prefix: '/api/a',
        doc: {
          components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-a' } } },
          paths: { '/x': { get: { security: [{ key: [] }] } } },
        },
      },
      {
        service: 'b',
        prefix: '/api/b',
        doc: {
          components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'x-b' } } },
          paths: { '/y': { get: { security: [{ key: [] }] } } },
        },
      },
    ];
    const merged = mergeOpenApi(docs, opts);
    expect(Object.keys(merged.components!.securitySchemes!).sort()).toEqual(['a.key', 'b.key']);
    expect(merged.paths!['/api/b/y']!.get).toMatchObject({ security: [{ 'b.key': [] }] });
  });

  it('names every operation once in the whole document, keeping a name the service gave', () => {
    const ok = { responses: { '200': { description: 'ok' } } };
    const docs: ServiceDoc[] = [
      {
        service: 'catalog',
        prefix: '/api/catalog',
        doc: {
          paths: {
            '/products/by-url/{url}': { get: ok },
            '/products/{id}': { get: ok, delete: ok },
            '/': { get: ok },
            '/pricing': { get: { ...ok, operationId: 'getPricing' } },
          },
        },
      },
      {
        service: 'orders',
        prefix: '/api/orders',
        doc: {
          paths: {
            '/admin/orders/{orderId}/book-address': { put: ok },
            // two operations the generator would give the same name: the second is numbered
            '/items/{id}': { get: ok },
            '/items/{id}/': { get: ok },
          },
        },
      },
    ];
    const merged = mergeOpenApi(docs, opts);
    const ids = (path: string, method: string) =>
      (merged.paths![path]![method] as { operationId?: string }).operationId;
    expect(ids('/api/catalog/products/by-url/{url}', 'get')).toBe('catalog.getProductsByUrl');
    expect(ids('/api/catalog/products/{id}', 'get')).toBe('catalog.getProductsById');
    expect(ids('/api/catalog/products/{id}', 'delete')).toBe('catalog.deleteProductsById');
    expect(ids('/api/catalog', 'get')).toBe('catalog.getRoot');
    expect(ids('/api/catalog/pricing', 'get')).toBe('catalog.getPricing');
    expect(ids('/api/orders/admin/orders/{orderId}/book-address', 'put')).toBe(
      'orders.putAdminOrdersByOrderIdBookAddress',
    );
    expect(ids('/api/orders/items/{id}', 'get')).toBe('orders.getItemsById');
    expect(ids('/api/orders/items/{id}/', 'get')).toBe('orders.getItemsById2');
    expect(operationName('POST', '/admin/users/{id}/change-pass')).toBe('postAdminUsersByIdChangePass');
  });
});
