import { inflateRawSync } from 'node:zlib';
import { IMAGE_CONTENT_TYPE, IMAGE_EXTENSION, sniffImageFormat } from '@rian/kit/image-content';

/**
 * Private documents (spec 02 "Document"): PDF, images, Office files, recognised by their content,
 * whatever their name or declared type say. Two steps: `documentFamily` on the first bytes (cheap,
 * while the upload still streams: an EXE or HTML is refused before the rest is read) and
 * `documentFormat` on the whole file (an Office zip must hold the parts of its kind).
 */
export type DocumentFormat =
  'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'docx' | 'xlsx' | 'pptx' | 'doc' | 'xls' | 'ppt';

export const DOCUMENT_CONTENT_TYPE: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  ...IMAGE_CONTENT_TYPE,
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

export const DOCUMENT_EXTENSION: Record<DocumentFormat, string> = {
  pdf: 'pdf',
  ...IMAGE_EXTENSION,
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  doc: 'doc',
  xls: 'xls',
  ppt: 'ppt',
};

/** Bytes `documentFamily` needs to decide. */
export const SNIFF_BYTES = 16;

type Family = 'pdf' | 'image' | 'zip' | 'ole';

const startsWith = (buf: Uint8Array, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** What the first bytes can be; null: nothing we accept (refuse at once). */
export function documentFamily(head: Uint8Array): Family | null {
  if (startsWith(head, PDF)) return 'pdf';
  if (sniffImageFormat(head)) return 'image';
  if (startsWith(head, ZIP)) return 'zip';
  if (startsWith(head, OLE)) return 'ole';
  return null;
}

/** The format of a whole file; null when it is not one we accept. */
export function documentFormat(buf: Buffer): DocumentFormat | null {
  switch (documentFamily(buf)) {
    case 'pdf':
      // a PDF ends with %%EOF (possibly followed by a newline or a little padding)
      return buf.subarray(Math.max(0, buf.length - 1024)).includes('%%EOF') ? 'pdf' : null;
    case 'image':
      return sniffImageFormat(buf);
    case 'zip':
      return officeOpenXmlFormat(buf);
    case 'ole':
      return legacyOfficeFormat(buf);
    default:
      return null;
  }
}

/** Main part and its content type in [Content_Types].xml, for each Office Open XML kind (no macro-enabled ones). */
const OOXML: { format: DocumentFormat; part: string; type: string }[] = [
  {
    format: 'docx',
    part: 'word/document.xml',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  },
  {
    format: 'xlsx',
    part: 'xl/workbook.xml',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  },
  {
    format: 'pptx',
    part: 'ppt/presentation.xml',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  },
];

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeader: number;
}

/** The central directory's entries, or null when this is not a well-formed zip. */
export function zipEntries(buf: Buffer): ZipEntry[] | null {
  // end of central directory: 22 bytes + a comment of up to 65535
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buf.length) return null;
    entries.push({
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      localHeader: buf.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

function zipEntryText(buf: Buffer, entry: ZipEntry, maxBytes: number): string | null {
  const h = entry.localHeader;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== 0x04034b50) return null;
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) return null;
  try {
    if (entry.method === 0) return data.subarray(0, maxBytes).toString('utf8');
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes }).toString('utf8');
  } catch {
    return null;
  }
  return null;
}

function officeOpenXmlFormat(buf: Buffer): DocumentFormat | null {
  const entries = zipEntries(buf);
  if (!entries) return null;
  const types = entries.find((e) => e.name === '[Content_Types].xml');
  if (!types) return null;
  const names = new Set(entries.map((e) => e.name));
  const kind = OOXML.find((k) => names.has(k.part));
  if (!kind) return null;
  const xml = zipEntryText(buf, types, 1024 * 1024);
  if (!xml?.includes(`PartName="/${kind.part}"`) || !xml.includes(`ContentType="${kind.type}"`)) return null;
  return kind.format;
}

const utf16 = (s: string) => Buffer.from(s, 'utf16le');
const OLE_STREAMS: { format: DocumentFormat; names: Buffer[] }[] = [
  { format: 'doc', names: [utf16('WordDocument')] },
  { format: 'xls', names: [utf16('Workbook'), utf16('Book\0')] },
  { format: 'ppt', names: [utf16('PowerPoint Document')] },
];

/**
 * A compound file (OLE) is Word, Excel or PowerPoint when its directory names the main stream of
 * one (names are UTF-16 in the directory). Other compound files (MSI installers...) are refused.
 */
function legacyOfficeFormat(buf: Buffer): DocumentFormat | null {
  return OLE_STREAMS.find((k) => k.names.some((n) => buf.includes(n)))?.format ?? null;
}
