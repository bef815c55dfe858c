import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesSentTo, json, mockApi, problem, renderWithProviders } from '@/testing/render';
import { makeUser } from '@/testing/fixtures';
import { PLACES_API } from '@/testing/place-fixtures';
import { useAuthStore } from '@/stores/auth-store';
import { useAccountDialogStore } from '@/stores/account-dialog-store';
import type { Address } from '@/types/api';
import AccountDialogs from './account-dialogs';

const REFERENCE = PLACES_API;

const SAVED: Address = {
  format: 'current',
  type: 'person',
  fullname: 'สมชาย ใจดี',
  vatId: null,
  tel: '0812345678',
  address: '1 ถนนหน้าพระลาน',
  provinceId: 10,
  provinceName: 'กรุงเทพมหานคร',
  districtId: 1001,
  districtName: 'พระนคร',
  subDistrictId: 100101,
  subDistrictName: 'พระบรมมหาราชวัง',
  zip: '10200',
  note: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
};

function openAddresses(routes: Parameters<typeof mockApi>[0], saved: Address[] = []) {
  const fetchMock = mockApi({ ...REFERENCE, 'GET /api/auth/addresses': json(200, saved), ...routes });
  useAuthStore.getState().setSession('member-jwt', makeUser());
  useAccountDialogStore.getState().openAddresses();
  renderWithProviders(<AccountDialogs />);
  return { fetchMock, ue: userEvent.setup() };
}

const $ = (id: string) => screen.getByTestId(id) as HTMLInputElement & HTMLSelectElement;

/** The error text shown for a field (linked by aria-describedby). */
function errorOf(id: string): string {
  const describedBy = $(id).getAttribute('aria-describedby') ?? '';
  return describedBy
    .split(' ')
    .map((x) => document.getElementById(x))
    .filter((el) => el?.className === 'field__error')
    .map((el) => el?.textContent ?? '')
    .join('');
}

async function pickPlace(ue: ReturnType<typeof userEvent.setup>, prefix: string) {
  await waitFor(() => expect($(`${prefix}-province`).disabled).toBe(false));
  await ue.selectOptions($(`${prefix}-province`), '10');
  await waitFor(() => expect($(`${prefix}-district`).disabled).toBe(false));
  await ue.selectOptions($(`${prefix}-district`), '1001');
  await waitFor(() => expect($(`${prefix}-subDistrict`).disabled).toBe(false));
  await ue.selectOptions($(`${prefix}-subDistrict`), '100102');
}

describe('address dialog', () => {
  it('has the four slots: current / delivery × person / company', async () => {
    openAddresses({});
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'ที่อยู่ปัจจุบัน · บุคคล',
      'ที่อยู่ปัจจุบัน · บริษัท',
      'ที่อยู่จัดส่ง · บุคคล',
      'ที่อยู่จัดส่ง · บริษัท',
    ]);
  });

  it('Thai address picker: district waits for a province, sub-district for a district; the sub-district fills the zip', async () => {
    const { ue } = openAddresses({});
    const p = 'address-current-person';
    await waitFor(() => expect($(`${p}-province`).disabled).toBe(false));
    expect($(`${p}-district`).disabled).toBe(true);
    expect($(`${p}-subDistrict`).disabled).toBe(true);
    expect(within($(`${p}-district`)).getByRole('option').textContent).toBe('เลือกจังหวัดก่อน');

    await ue.selectOptions($(`${p}-province`), '10');
    await waitFor(() => expect($(`${p}-district`).disabled).toBe(false));
    expect($(`${p}-subDistrict`).disabled).toBe(true);
    await ue.selectOptions($(`${p}-district`), '1001');
    await waitFor(() => expect($(`${p}-subDistrict`).disabled).toBe(false));
    expect($(`${p}-zip`).value).toBe('');
    await ue.selectOptions($(`${p}-subDistrict`), '100102');
    expect($(`${p}-zip`).value).toBe('10201');
    expect($(`${p}-zip`).readOnly).toBe(true);

    // another province starts the chain again
    await ue.selectOptions($(`${p}-province`), '50');
    expect($(`${p}-district`).value).toBe('');
    expect($(`${p}-subDistrict`).disabled).toBe(true);
    expect($(`${p}-zip`).value).toBe('');
  });

  it('checks a person’s address before saving: required fields, phone of 10, tax id of 13 with its check digit', async () => {
    const { fetchMock, ue } = openAddresses({});
    const p = 'address-current-person';
    await ue.click(await screen.findByTestId(`${p}-save`));
    for (const field of ['fullname', 'tel', 'address', 'province', 'district', 'subDistrict', 'zip']) {
      expect(errorOf(`${p}-${field}`)).toBe('กรุณากรอกข้อมูล');
    }
    expect(errorOf(`${p}-vatId`)).toBe(''); // optional for a person

    await ue.type($(`${p}-tel`), '08123');
    await ue.type($(`${p}-vatId`), '12345');
    await ue.click($(`${p}-save`));
    expect(errorOf(`${p}-tel`)).toBe('กรุณากรอกให้ครบ 10ตัวอักษร');
    expect(errorOf(`${p}-vatId`)).toBe('กรุณากรอกให้ครบ 13ตัวอักษร');

    await ue.clear($(`${p}-vatId`));
    await ue.type($(`${p}-vatId`), '1234567890123');
    await ue.click($(`${p}-save`));
    expect(errorOf(`${p}-vatId`)).toBe('เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง');
    expect(bodiesSentTo(fetchMock, 'PUT', '/api/auth/addresses/current/person')).toHaveLength(0);
  });

  it('a company needs its tax id', async () => {
    const { ue } = openAddresses({});
    await ue.click(await screen.findByTestId('address-tab-current-company'));
    const p = 'address-current-company';
    expect(within(screen.getByTestId(p)).getByText('ชื่อบริษัท')).toBeTruthy();
    await ue.click($(`${p}-save`));
    expect(errorOf(`${p}-vatId`)).toBe('กรุณากรอกข้อมูล');
    expect(errorOf(`${p}-fullname`)).toBe('กรุณากรอกข้อมูล');
  });

  it('saves a slot with the place ids and shows it as saved', async () => {
    const { fetchMock, ue } = openAddresses({
      'PUT /api/auth/addresses/delivery/company': (_url, init) => {
        const body = JSON.parse(String(init.body));
        return json(200, {
          ...SAVED,
          ...body,
          format: 'delivery',
          type: 'company',
          provinceName: 'กรุงเทพมหานคร',
          districtName: 'พระนคร',
          subDistrictName: 'วังบูรพาภิรมย์',
          note: null,
        });
      },
    });
    await ue.click(await screen.findByTestId('address-tab-delivery-company'));
    const p = 'address-delivery-company';
    await ue.type($(`${p}-fullname`), 'บริษัท เรียน จำกัด');
    await ue.type($(`${p}-vatId`), '0105555123450');
    await ue.type($(`${p}-tel`), '02-1234-5678');
    await ue.type($(`${p}-address`), '99 ถนนเจริญกรุง');
    await pickPlace(ue, p);
    await ue.click($(`${p}-save`));

    expect((await screen.findByTestId(`${p}-done`)).textContent).toBe('บันทึกที่อยู่เรียบร้อยแล้ว');
    expect(bodiesSentTo(fetchMock, 'PUT', '/api/auth/addresses/delivery/company')).toEqual([
      {
        fullname: 'บริษัท เรียน จำกัด',
        vatId: '0105555123450',
        tel: '0212345678',
        address: '99 ถนนเจริญกรุง',
        provinceId: 10,
        districtId: 1001,
        subDistrictId: 100102,
        zip: '10201',
      },
    ]);
    expect(within($('address-tab-delivery-company')).getByRole('img', { name: 'บันทึกแล้ว' })).toBeTruthy();
  });

  it('puts the server’s field errors next to their fields', async () => {
    const { ue } = openAddresses({
      'PUT /api/auth/addresses/current/person': problem(400, 'validation.failed', 'ข้อมูลไม่ถูกต้อง', {
        errors: [
          { field: '/zip', code: 'validation.format', message: 'รหัสไปรษณีย์ไม่ตรงกับตำบล' },
          { field: '/subDistrictId', code: 'validation.format', message: 'ตำบลไม่อยู่ในอำเภอนี้' },
        ],
      }),
    });
    const p = 'address-current-person';
    await waitFor(() => expect($(`${p}-province`).disabled).toBe(false));
    await ue.type($(`${p}-fullname`), 'สมชาย ใจดี');
    await ue.type($(`${p}-tel`), '0812345678');
    await ue.type($(`${p}-address`), '1 ถนน');
    await pickPlace(ue, p);
    await ue.click($(`${p}-save`));
    await waitFor(() => expect(errorOf(`${p}-zip`)).toBe('รหัสไปรษณีย์ไม่ตรงกับตำบล'));
    expect(errorOf(`${p}-subDistrict`)).toBe('ตำบลไม่อยู่ในอำเภอนี้');
  });

  it('shows a saved address and deletes it after a confirmation', async () => {
    const { fetchMock, ue } = openAddresses(
      { 'DELETE /api/auth/addresses/current/person': { status: 204 } },
      [SAVED],
    );
    const p = 'address-current-person';
    expect((await screen.findByTestId(`${p}-fullname`)) as HTMLInputElement).toHaveProperty(
      'value',
      'สมชาย ใจดี',
    );
    await waitFor(() => expect($(`${p}-subDistrict`).value).toBe('100101'));
    expect($(`${p}-zip`).value).toBe('10200');

    await ue.click($(`${p}-delete`));
    expect(await screen.findByRole('alertdialog', { name: 'ลบที่อยู่นี้?' })).toBeTruthy();
    await ue.click(screen.getByTestId('confirm-submit'));
    expect((await screen.findByTestId(`${p}-done`)).textContent).toBe('ลบที่อยู่แล้ว');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
    expect($(`${p}-fullname`).value).toBe('');
  });
});
