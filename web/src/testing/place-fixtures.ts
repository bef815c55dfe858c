import { json } from './render';

/** The auth service's Thai reference lists (province → district → sub-district with zip), mocked. */
export const PLACES_API = {
  'GET /api/auth/reference/provinces': json(200, [
    { id: 10, nameTh: 'กรุงเทพมหานคร', nameEn: 'Bangkok' },
    { id: 50, nameTh: 'เชียงใหม่', nameEn: 'Chiang Mai' },
  ]),
  'GET /api/auth/reference/districts': (url: URL) =>
    json(
      200,
      url.searchParams.get('provinceId') === '10'
        ? [{ id: 1001, provinceId: 10, nameTh: 'พระนคร', nameEn: 'Phra Nakhon' }]
        : [{ id: 5001, provinceId: 50, nameTh: 'เมืองเชียงใหม่', nameEn: 'Mueang Chiang Mai' }],
    ),
  'GET /api/auth/reference/sub-districts': (url: URL) =>
    json(
      200,
      url.searchParams.get('districtId') === '1001'
        ? [
            { id: 100101, districtId: 1001, nameTh: 'พระบรมมหาราชวัง', nameEn: 'Phra Borom', zip: '10200' },
            { id: 100102, districtId: 1001, nameTh: 'วังบูรพาภิรมย์', nameEn: 'Wang Burapha', zip: '10201' },
          ]
        : [{ id: 500101, districtId: 5001, nameTh: 'ศรีภูมิ', nameEn: 'Si Phum', zip: '50200' }],
    ),
};
