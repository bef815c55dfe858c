import { openText, sealText } from '@rian/kit/secret-box';
import type { BookAddress } from '@rian/proto-contracts/orders-admin';

/** Binds a sealed delivery phone to its column: a value sealed for anything else does not open here. */
const BOOK_TEL = 'orders:book-tel';

export const sealBookTel = (tel: string, key: Buffer): string => sealText(tel, key, BOOK_TEL);

/** order_book_addresses' columns (as selected, prefixed `ba_`) → the admin view; null: none given. */
export function bookAddressOf(r: Record<string, unknown>, key: Buffer): BookAddress | null {
  if (r.ba_tel_sealed == null) return null;
  const at = r.ba_requested_at;
  return {
    fullname: String(r.ba_fullname),
    tel: openText(String(r.ba_tel_sealed), key, BOOK_TEL),
    addressText: String(r.ba_address_text),
    zip: String(r.ba_zip),
    note: (r.ba_note as string | null) ?? null,
    requestedAt: (at instanceof Date ? at : new Date(String(at))).toISOString(),
  };
}
