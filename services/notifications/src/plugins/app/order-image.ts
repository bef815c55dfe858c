import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import sharp, { type OverlayOptions } from 'sharp';
import type { EntityManager } from '@rian/kit/db';
import { formatBaht } from '../../domain/order-templates.js';

const require = createRequire(import.meta.url);
// Sarabun (SIL OFL 1.1) from npm, as orders' PDFs: Thai, Latin, digits and ฿ in one face, never a system font
const BOLD = require.resolve('@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf');
const REGULAR = require.resolve('@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf');

export const ORDER_IMAGE_WIDTH = 800;
export const ORDER_IMAGE_HEIGHT = 420;
const MARGIN = 48;

export interface OrderImageInput {
  /** the picture's words (domain/order-templates.ts orderImageWords): e.g. "ชำระเงินแล้ว · โอนเงิน" */
  heading: string;
  /** e.g. "คำสั่งซื้อ RIAN-0007" */
  referenceLine: string;
  orderNo: number;
  /** satang */
  net: number;
  productTitle: string | null;
}

const escapeMarkup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One line (or wrapped block) of text as a transparent PNG, in Sarabun. */
async function textImage(markup: string, bold: boolean, width: number) {
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: bold ? 'Sarabun Bold' : 'Sarabun',
      fontfile: bold ? BOLD : REGULAR,
      width,
      rgba: true,
      dpi: 72,
      wrap: 'word-char',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, height: info.height };
}

/**
 * The staff chat picture of a paid order (spec 02 §7 notiImage): the heading, the order reference
 * and number, the net amount as ฿ with two decimals, and the product title when known. PNG,
 * ORDER_IMAGE_WIDTH × ORDER_IMAGE_HEIGHT.
 */
export async function renderOrderImage(input: OrderImageInput): Promise<Buffer> {
  const inner = ORDER_IMAGE_WIDTH - 2 * MARGIN;
  const band = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ORDER_IMAGE_WIDTH}" height="${ORDER_IMAGE_HEIGHT}">` +
      `<rect width="100%" height="100%" fill="#ffffff"/>` +
      `<rect width="100%" height="96" fill="#1b3a5c"/>` +
      `<rect y="${ORDER_IMAGE_HEIGHT - 12}" width="100%" height="12" fill="#2e9e5b"/>` +
      `</svg>`,
  );
  const heading = await textImage(
    `<span foreground="#ffffff" size="30pt">${escapeMarkup(input.heading)}</span>`,
    true,
    inner,
  );
  const reference = await textImage(
    `<span foreground="#1b3a5c" size="26pt">${escapeMarkup(input.referenceLine)}</span>` +
      `<span foreground="#5b6b7b" size="18pt">  #${input.orderNo}</span>`,
    true,
    inner,
  );
  const amount = await textImage(
    `<span foreground="#2e9e5b" size="56pt">${escapeMarkup(formatBaht(input.net))}</span>`,
    true,
    inner,
  );
  const layers: OverlayOptions[] = [
    { input: heading.data, left: MARGIN, top: Math.max(8, Math.round((96 - heading.height) / 2)) },
    { input: reference.data, left: MARGIN, top: 124 },
    { input: amount.data, left: MARGIN, top: 124 + reference.height + 16 },
  ];
  if (input.productTitle) {
    const title = input.productTitle.length > 80 ? `${input.productTitle.slice(0, 79)}…` : input.productTitle;
    const product = await textImage(
      `<span foreground="#333333" size="20pt">${escapeMarkup(title)}</span>`,
      false,
      inner,
    );
    const top = Math.min(
      ORDER_IMAGE_HEIGHT - 24 - product.height,
      124 + reference.height + 12 + amount.height + 16,
    );
    layers.push({ input: product.data, left: MARGIN, top: Math.max(top, 0) });
  }
  return sharp(band).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}

/** Chat images are fetched by LINE long after the push; older ones go after this many days. */
export const CHAT_IMAGE_KEEP_DAYS = 30;

/**
 * Stores a picture for chat messages under an unguessable id (256 random bits): the address LINE
 * fetches it from is the only thing that grants access. Drops pictures older than the keep time.
 */
export async function storeChatImage(em: EntityManager, png: Buffer): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await em.execute(`insert into chat_images (id, png) values (?, ?)`, [id, png]);
  await em.execute(`delete from chat_images where created_at < now() - make_interval(days => ?)`, [
    CHAT_IMAGE_KEEP_DAYS,
  ]);
  return id;
}

export const CHAT_IMAGE_ID = /^[A-Za-z0-9_-]{43}$/;

export async function loadChatImage(em: EntityManager, id: string): Promise<Buffer | undefined> {
  if (!CHAT_IMAGE_ID.test(id)) return undefined;
  const [row] = (await em.execute(`select png from chat_images where id = ?`, [id])) as { png: Buffer }[];
  return row?.png;
}
