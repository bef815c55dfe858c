import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnv } from '@rian/kit/testing';
import type { ServiceApp } from '@rian/kit/service';
import { startAuth } from './support/backoffice.js';

let env: TestEnv;
let app: ServiceApp;

beforeAll(async () => {
  ({ env, app } = await startAuth());
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('Thai address reference lists (public, from thai-address-universal)', () => {
  it('provinces: all 77, Bangkok under its official code 10, cacheable, no token needed', async () => {
    const res = await get('/reference/provinces');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const provinces = res.json() as { id: number; nameTh: string; nameEn: string }[];
    expect(provinces).toHaveLength(77);
    expect(provinces).toContainEqual({ id: 10, nameTh: 'กรุงเทพมหานคร', nameEn: 'Bangkok' });
    expect(provinces).toContainEqual({ id: 50, nameTh: 'เชียงใหม่', nameEn: 'Chiang Mai' });
    expect(new Set(provinces.map((p) => p.id)).size).toBe(77);
  });

  it('districts of Bangkok: its 50 เขต, each pointing at province 10', async () => {
    const res = await get('/reference/districts?provinceId=10');
    expect(res.statusCode).toBe(200);
    const districts = res.json() as { id: number; provinceId: number; nameTh: string }[];
    expect(districts).toHaveLength(50);
    expect(districts.every((d) => d.provinceId === 10 && Math.floor(d.id / 100) === 10)).toBe(true);
    // ids pinned: a data upgrade that moves them must be noticed (saved addresses hold them)
    expect(districts).toContainEqual({ id: 1027, provinceId: 10, nameTh: 'ปทุมวัน', nameEn: 'Pathum Wan' });
    expect(districts.find((d) => d.nameTh === 'พระนคร')?.id).toBe(1031);
  });

  it('sub-districts of Pathum Wan, each with its zip (Lumphini 10330)', async () => {
    const res = await get('/reference/sub-districts?districtId=1027');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const subs = res.json() as { id: number; districtId: number; nameTh: string; zip: string }[];
    expect(subs).toContainEqual({
      id: 1027003,
      districtId: 1027,
      nameTh: 'ลุมพินี',
      nameEn: 'Lumpini',
      zip: '10330',
    });
    expect(subs.every((s) => s.districtId === 1027 && /^\d{5}$/.test(s.zip))).toBe(true);
  });

  it('a sub-district with two postcodes is two entries (Phra Khanong, Khlong Toei: 10110 and 10260)', async () => {
    const districts = (await get('/reference/districts?provinceId=10')).json() as {
      id: number;
      nameTh: string;
    }[];
    const khlongToei = districts.find((d) => d.nameTh === 'คลองเตย')!;
    const subs = (await get(`/reference/sub-districts?districtId=${khlongToei.id}`)).json() as {
      nameTh: string;
      zip: string;
    }[];
    expect(subs.filter((s) => s.nameTh === 'พระโขนง').map((s) => s.zip)).toEqual(['10110', '10260']);
  });

  it('a province or district not in the lists → 404; a missing or non-numeric id → 400', async () => {
    for (const url of ['/reference/districts?provinceId=99', '/reference/sub-districts?districtId=1099']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'auth.place_not_found', detail: 'ไม่พบข้อมูลพื้นที่นี้' });
    }
    for (const url of ['/reference/districts', '/reference/districts?provinceId=abc']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation.failed');
    }
  });
});
