import { Type, type Static } from '@sinclair/typebox';

/**
 * Stable problem codes (RFC 9457 `code` extension) with the Thai and English text shown to people.
 * Where the spec gives the wording, it is used verbatim (including its spelling, e.g. "เเล้ว").
 */
export const ERRORS = {
  // validation (spec 01 §5, spec 02 §5)
  'validation.failed': { status: 400, th: 'ข้อมูลไม่ถูกต้อง', en: 'The request is not valid' },
  'validation.required': { status: 400, th: 'กรุณากรอกข้อมูล', en: 'Please fill in' },
  'validation.email': { status: 400, th: 'รูปแบบ E-mail ไม่ถูกต้อง', en: 'E-mail must be valid' },
  'validation.phone_length': {
    status: 400,
    th: 'กรุณากรอกให้ครบ 10ตัวอักษร',
    en: 'Please enter exactly 10 characters',
  },
  'validation.tax_id_length': {
    status: 400,
    th: 'กรุณากรอกให้ครบ 13ตัวอักษร',
    en: 'Please enter exactly 13 characters',
  },
  'validation.code_length': { status: 400, th: 'กรุณากรอกให้ครบ 4ตัวอักษร', en: 'Please enter exactly 4 digits' },
  'validation.password_confirm': {
    status: 400,
    th: 'ยืนยันรหัสผ่าน ไม่ตรงกัน',
    en: 'Confirm Passwords do not match',
  },
  'validation.password_length': {
    status: 400,
    th: 'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร',
    en: 'The password needs at least 8 characters',
  },
  'validation.too_long': { status: 400, th: 'ข้อมูลยาวเกินไป', en: 'The value is too long' },
  'validation.format': { status: 400, th: 'รูปแบบข้อมูลไม่ถูกต้อง', en: 'The value has the wrong format' },

  // auth
  'auth.email_registered': {
    status: 409,
    th: 'เมล์นี้ได้ลงทะเบียน เรียบร้อยเเล้ว',
    en: 'This e-mail is already registered',
  },
  'auth.email_unknown': { status: 404, th: 'ไม่มี Email ในระบบ', en: 'This e-mail is not in the system' },
  'auth.code_mismatch': { status: 400, th: 'รหัสยืนยันไม่ตรงกัน', en: 'The confirmation code does not match' },
  'auth.code_expired': {
    status: 400,
    th: 'รหัสยืนยันหมดอายุ กรุณาขอรหัสใหม่',
    en: 'The code has expired; please request a new one',
  },
  'auth.invalid_credentials': {
    status: 401,
    th: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง',
    en: 'The e-mail or password is wrong',
  },
  'auth.staff_invalid_credentials': {
    status: 401,
    th: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
    en: 'The username or password is wrong',
  },
  'auth.unauthenticated': { status: 401, th: 'กรุณาเข้าสู่ระบบ', en: 'Please log in' },
  'auth.token_expired': {
    status: 401,
    th: 'The token has expired. Please log out and log in.',
    en: 'The token has expired. Please log out and log in.',
  },
  'auth.forbidden': { status: 403, th: 'ไม่มีสิทธิ์เข้าถึง', en: 'You do not have access to this' },
  'auth.refresh_invalid': {
    status: 401,
    th: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่',
    en: 'The session has ended; please log in again',
  },

  // catalog
  'catalog.product_not_found': { status: 404, th: 'ไม่พบสินค้านี้', en: 'The product was not found' },
  'catalog.product_url_taken': {
    status: 409,
    th: 'มี URL สินค้านี้แล้ว',
    en: 'Another product already uses this URL',
  },
  'catalog.product_to_before_start': {
    status: 400,
    th: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม',
    en: 'The end date cannot be before the start date',
  },

  // notifications
  'notifications.delivery_not_found': { status: 404, th: 'ไม่พบรายการส่ง', en: 'The delivery was not found' },

  // platform
  'http.not_found': { status: 404, th: 'This page could not be found', en: 'This page could not be found' },
  'http.rate_limited': {
    status: 429,
    th: 'ทำรายการบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
    en: 'Too many attempts; please try again later',
  },
  'http.payload_too_large': { status: 413, th: 'ข้อมูลมีขนาดใหญ่เกินไป', en: 'The request is too large' },
  'service.unavailable': {
    status: 503,
    th: 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง',
    en: 'The service is unavailable; please try again',
  },
  'service.internal': { status: 500, th: 'An error occurred', en: 'An error occurred' },
} as const satisfies Record<string, { status: number; th: string; en: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

export function errorMessage(code: ErrorCode, locale: 'th' | 'en' = 'th'): string {
  return ERRORS[code][locale];
}

/** One field's problem, as listed in `errors` of a validation problem. */
export const FieldErrorSchema = Type.Object({
  field: Type.String({ description: 'JSON pointer-ish path of the field, e.g. "phone"' }),
  code: Type.String(),
  message: Type.String({ description: 'in the locale asked for (Accept-Language), Thai by default' }),
});
export type FieldError = Static<typeof FieldErrorSchema>;

/** RFC 9457 problem details, as every Rian service and the gateway answer errors. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.Optional(Type.String()),
    instance: Type.Optional(Type.String()),
    code: Type.String(),
    messages: Type.Optional(Type.Object({ th: Type.String(), en: Type.String() })),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'Problem', additionalProperties: true },
);
export type Problem = Static<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Schema keyword that names the error code to report when a field fails validation.
 * Either one code for every keyword, or a map keyword → code (e.g. { minLength: 'validation.required' }).
 */
export const X_ERROR = 'x-error';
export type XError = ErrorCode | Partial<Record<string, ErrorCode>>;
