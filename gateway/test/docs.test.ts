import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadUrl, standIn, startGateway, type StandIn, type TestGateway } from './helpers.js';

const problem = { type: 'object', properties: { code: { type: 'string' }, status: { type: 'integer' } } };

const authDoc = {
  openapi: '3.0.3',
  info: { title: 'rian auth', description: 'Accounts, sign-in, tokens and the JWKS', version: '0.1.0' },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    schemas: { Problem: problem, Item: { type: 'object', properties: { email: { type: 'string' } } } },
  },
  paths: {
    '/login': {
      post: {
        operationId: 'login',
        tags: ['sessions'],
        responses: {
          '200': {
            description: 'signed in',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
          '401': {
            description: 'wrong',
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        },
      },
    },
    '/me': { get: { security: [{ bearer: [] }], responses: { '200': { description: 'me' } } } },
  },
};

const catalogDoc = {
  openapi: '3.0.3',
  info: {
    title: 'rian catalog',
    description: 'Products, prices, packages, coaches and plans',
    version: '0.1.0',
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    schemas: { Problem: problem, Item: { type: 'object', properties: { priceSatang: { type: 'integer' } } } },
  },
  paths: {
    '/products/{id}': {
      get: {
        operationId: 'getProduct',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'a product',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
    },
  },
};

describe('API docs', () => {
  let auth: StandIn;
  let catalog: StandIn;
  let gw: TestGateway;

  beforeAll(async () => {
    auth = await standIn((app) => {
      app.get('/docs/json', async () => authDoc);
    });
    catalog = await standIn((app) => {
      app.get('/docs/json', async () => catalogDoc);
    });
    gw = await startGateway({
      AUTH_URL: auth.url,
      CATALOG_URL: catalog.url,
      NOTIFICATIONS_URL: await deadUrl(),
    });
  });
  afterAll(async () => {
    await gw?.close();
    await Promise.all([auth?.close(), catalog?.close()]);
  });

  it('merges the services’ documents under /api/<service> and names the one that did not answer', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info['x-unavailable']).toEqual(['notifications']);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/auth/login',
      '/api/auth/me',
      '/api/catalog/products/{id}',
    ]);
    expect(doc.tags.map((t: { name: string }) => t.name)).toEqual(['auth', 'catalog']);

    const login = doc.paths['/api/auth/login'].post;
    expect(login.tags).toEqual(['auth']);
    expect(login.operationId).toBe('auth.login');
    // Same name, different shape: each service keeps its own under a prefixed name.
    expect(login.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/auth.Item',
    );
    const product = doc.paths['/api/catalog/products/{id}'].get;
    expect(product.tags).toEqual(['catalog']);
    expect(product.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/catalog.Item',
    );
    expect(doc.components.schemas['catalog.Item'].properties).toHaveProperty('priceSatang');
    expect(doc.components.schemas['auth.Item'].properties).toHaveProperty('email');
    // Same name, same shape: shared once.
    expect(login.responses['401'].content['application/problem+json'].schema.$ref).toBe(
      '#/components/schemas/Problem',
    );
    expect(doc.components.schemas.Problem).toEqual(problem);
    expect(doc.components.schemas).not.toHaveProperty('Item');
    expect(doc.components.securitySchemes).toEqual({ bearer: authDoc.components.securitySchemes.bearer });
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearer: [] }]);
  });

  it('serves Swagger UI pointing at the merged document', async () => {
    const page = await gw.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(page.body).toContain('/api/docs/init.js');

    const init = await gw.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.headers['content-type']).toContain('javascript');
    expect(init.body).toContain("url: '/api/docs/json'");

    const bundle = await gw.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(bundle.body).toContain('SwaggerUIBundle');
    const css = await gw.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);

    const missing = await gw.app.inject({ method: 'GET', url: '/api/docs/static/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('http.not_found');
  });
});
