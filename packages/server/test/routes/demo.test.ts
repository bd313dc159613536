import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemoBusinessId } from '../../src/demo-seed.ts';
import { createTestApp, storages, type TestApp } from '../helpers.ts';

describe.each(storages())('GET /demo on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('serves a stand-in owner site with the tag of the demo business', async () => {
    const id = await findDemoBusinessId(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: '/demo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<script src="/widget.js" data-business-id="${id}" async></script>`);
    // The copyable snippet shows the public origin, as the dashboard's embed code does.
    expect(res.body).toContain(
      `&lt;script src=&quot;http://localhost:3000/widget.js&quot; data-business-id=&quot;${id}&quot;`,
    );
  });

  it('embeds the business given in ?businessId=, found or not', async () => {
    const other = randomUUID();
    const res = await t.app.inject({ method: 'GET', url: `/demo?businessId=${other}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`data-business-id="${other}"`);
  });

  it('refuses an id that is not a UUID with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo?businessId=%22%3E%3Cscript%3E' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/valid id/);
  });
});

describe.each(storages())('GET /demo with DEMO_SEED=off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEMO_SEED: 'off' } });
  });
  afterAll(() => t.close());

  it('says how to get a demo when there is none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/DEMO_SEED=off/);
    expect(res.body).toMatch(/businessId=/);
  });
});
