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
  'validation.https_url': {
    status: 400,
    th: 'ลิงก์ต้องขึ้นต้นด้วย https://',
    en: 'The link must be a secure web address starting with https://',
  },
  'validation.url': {
    status: 400,
    th: 'รูปแบบ URL ไม่ถูกต้อง (ต้องขึ้นต้นด้วย http:// หรือ https://)',
    en: 'The link must be a web address starting with http:// or https://',
  },
  // addresses (spec 02 §5, issue 3 §C)
  'validation.tax_id_checksum': {
    status: 400,
    th: 'เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง',
    en: 'The tax id is not valid',
  },
  'validation.province_unknown': { status: 400, th: 'ไม่พบจังหวัดนี้', en: 'This province is not known' },
  'validation.district_mismatch': {
    status: 400,
    th: 'อำเภอ/เขตไม่อยู่ในจังหวัดที่เลือก',
    en: 'The district is not in the chosen province',
  },
  'validation.sub_district_mismatch': {
    status: 400,
    th: 'ตำบล/แขวงไม่อยู่ในอำเภอ/เขตที่เลือก',
    en: 'The sub-district is not in the chosen district',
  },
  'validation.zip_mismatch': {
    status: 400,
    th: 'รหัสไปรษณีย์ไม่ตรงกับตำบล/แขวงที่เลือก',
    en: 'The postcode does not match the chosen sub-district',
  },

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
  'auth.origin_refused': {
    status: 403,
    th: 'คำขอนี้ไม่ได้มาจากเว็บไซต์ Rian',
    en: 'This request did not come from the Rian site',
  },
  'auth.codes_locked': {
    status: 429,
    th: 'กรอกรหัสยืนยันผิดหลายครั้ง กรุณาขอรหัสใหม่อีกครั้งใน N ชั่วโมง',
    en: 'Too many wrong confirmation codes; please request a new code in N hour(s)',
  },
  'auth.token_revoked': {
    status: 401,
    th: 'เซสชันนี้ถูกยกเลิกแล้ว กรุณาเข้าสู่ระบบใหม่',
    en: 'This session has been ended; please log in again',
  },
  'auth.premium_required': {
    status: 403,
    th: 'เฉพาะสมาชิก Premium เท่านั้น',
    en: 'Only Premium members have access to this',
  },
  // N is replaced by the minutes left in `detail` and `messages` (see auth's lockout)
  'auth.locked': {
    status: 429,
    th: 'ทำรายการผิดหลายครั้ง กรุณาลองใหม่ใน N นาที',
    en: 'Too many failed attempts; please try again in N minute(s)',
  },
  // social login (issue 3 §B)
  'auth.social_token_invalid': {
    status: 401,
    th: 'ไม่สามารถยืนยันการเข้าสู่ระบบด้วย Facebook ได้ กรุณาลองใหม่อีกครั้ง',
    en: 'The Facebook sign-in could not be verified; please try again',
  },
  'auth.social_email_mismatch': {
    status: 409,
    th: 'อีเมลของ Facebook ไม่ตรงกับอีเมลที่ลงทะเบียนไว้',
    en: 'The Facebook e-mail does not match the registered e-mail',
  },
  'auth.social_already_linked': {
    status: 409,
    th: 'บัญชี Facebook นี้เชื่อมต่อกับผู้ใช้อื่นแล้ว',
    en: 'This Facebook account is already connected to another user',
  },
  // LINE for members (issue 20): a member links their LINE account with LINE Login
  'auth.line_not_configured': {
    status: 404,
    th: 'เว็บไซต์นี้ยังไม่ได้เปิดใช้การเชื่อมต่อ LINE',
    en: 'Connecting a LINE account is not available on this site',
  },
  'auth.line_state_invalid': {
    status: 400,
    th: 'ลิงก์เชื่อมต่อ LINE หมดอายุหรือถูกใช้ไปแล้ว กรุณากดเชื่อมต่อ LINE ใหม่อีกครั้ง',
    en: 'This LINE connection link has expired or was already used; please start connecting LINE again',
  },
  'auth.line_already_linked': {
    status: 409,
    th: 'บัญชี LINE นี้เชื่อมต่อกับสมาชิกคนอื่นแล้ว',
    en: 'This LINE account is already connected to another member',
  },
  'auth.line_failed': {
    status: 502,
    th: 'ไม่สามารถยืนยันบัญชี LINE ได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง',
    en: 'LINE could not confirm the account right now; please try again',
  },
  // back office (issue 3 §C)
  'auth.user_not_found': { status: 404, th: 'ไม่พบผู้ใช้นี้', en: 'The user was not found' },
  'auth.staff_not_found': { status: 404, th: 'ไม่พบบุคลากรนี้', en: 'The staff member was not found' },
  'auth.username_taken': { status: 409, th: 'มีชื่อผู้ใช้นี้แล้ว', en: 'This username is already taken' },
  'auth.last_admin': {
    status: 409,
    th: 'ต้องมีผู้ดูแลระบบอย่างน้อยหนึ่งคน',
    en: 'At least one admin must remain',
  },
  'auth.staff_self_remove': {
    status: 409,
    th: 'ไม่สามารถลบหรือลดสิทธิ์บัญชีของตนเองได้',
    en: 'You cannot delete or demote your own account',
  },
  'auth.place_not_found': { status: 404, th: 'ไม่พบข้อมูลพื้นที่นี้', en: 'This place was not found' },

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
  // catalog commerce: prices, packages, product courses, instalment plans (issue 4)
  'catalog.to_before_start': {
    status: 400,
    th: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม',
    en: 'The end date cannot be before the start date',
  },
  'catalog.course_unknown': {
    status: 422,
    th: 'ไม่พบคอร์สนี้ในระบบการเรียน กรุณาเลือกคอร์สจากรายการ',
    en: 'Learning has no such course: pick one from the list',
  },
  'catalog.price_not_found': { status: 404, th: 'ไม่พบราคานี้', en: 'The price was not found' },
  'catalog.package_not_found': { status: 404, th: 'ไม่พบแพ็กเกจนี้', en: 'The package was not found' },
  'catalog.package_url_taken': {
    status: 409,
    th: 'มี URL แพ็กเกจนี้แล้ว',
    en: 'Another package already uses this URL',
  },
  'catalog.installment_plan_not_found': {
    status: 404,
    th: 'ไม่พบรูปแบบการผ่อนชำระนี้',
    en: 'The instalment plan was not found',
  },
  'catalog.installment_email_not_found': {
    status: 404,
    th: 'ไม่พบ E-mail นี้ในรูปแบบการผ่อนชำระ',
    en: 'This e-mail is not on the instalment plan',
  },
  'catalog.installment_emails_full': {
    status: 409,
    th: 'จำนวน E-mail ของรูปแบบการผ่อนชำระนี้เต็มแล้ว',
    en: 'This instalment plan cannot list more e-mails',
  },
  // catalog content: coaches, instructors, product details, groups, bank accounts (issue 4)
  'catalog.coach_not_found': { status: 404, th: 'ไม่พบโค้ชนี้', en: 'The coach was not found' },
  'catalog.product_coach_not_found': {
    status: 404,
    th: 'ไม่พบโค้ชของสินค้านี้',
    en: 'This coach link of the product was not found',
  },
  'catalog.product_coach_exists': {
    status: 409,
    th: 'โค้ชนี้อยู่ในสินค้านี้แล้ว',
    en: 'This coach is already linked to the product',
  },
  'catalog.instructor_not_found': { status: 404, th: 'ไม่พบวิทยากรนี้', en: 'The instructor was not found' },
  'catalog.detail_type_not_found': {
    status: 404,
    th: 'ไม่พบหัวข้อรายละเอียดนี้',
    en: 'The detail tab was not found',
  },
  'catalog.detail_type_in_use': {
    status: 409,
    th: 'หัวข้อนี้ยังมีรายละเอียดสินค้าใช้อยู่ กรุณาลบรายละเอียดก่อน',
    en: 'Product details still use this tab; delete them first',
  },
  'catalog.detail_list_not_found': {
    status: 404,
    th: 'ไม่พบรายละเอียดสินค้านี้',
    en: 'The product detail was not found',
  },
  'catalog.detail_text_not_found': {
    status: 404,
    th: 'ไม่พบข้อความรายละเอียดนี้',
    en: 'The detail text was not found',
  },
  'catalog.product_group_not_found': {
    status: 404,
    th: 'ไม่พบกลุ่มของสินค้านี้',
    en: 'This group of the product was not found',
  },
  'catalog.product_group_exists': {
    status: 409,
    th: 'กลุ่มนี้อยู่ในสินค้านี้แล้ว',
    en: 'This group is already linked to the product',
  },
  'catalog.bank_account_not_found': {
    status: 404,
    th: 'ไม่พบบัญชีธนาคารนี้',
    en: 'The bank account was not found',
  },
  'catalog.bank_limit_not_found': {
    status: 404,
    th: 'ไม่พบวงเงินบัญชีของสินค้านี้',
    en: 'The bank limit of the product was not found',
  },
  'catalog.bank_limit_exists': {
    status: 409,
    th: 'บัญชีนี้มีวงเงินสำหรับสินค้านี้แล้ว',
    en: 'This account already has a limit for the product',
  },

  // orders: coupon redemption (spec 02 §5, verbatim; not_started/expired/wrong_product are ours)
  'coupon.not_found': { status: 404, th: 'ไม่มีรหัสคูปองนี้', en: 'This coupon code does not exist' },
  'coupon.not_started': {
    status: 422,
    th: 'รหัสคูปองนี้ ยังไม่ถึงเวลาใช้งาน',
    en: 'This coupon code cannot be used yet',
  },
  'coupon.expired': { status: 422, th: 'รหัสคูปองนี้ หมดอายุแล้ว', en: 'This coupon code has expired' },
  'coupon.wrong_product': {
    status: 422,
    th: 'รหัสคูปองนี้ ใช้ไม่ได้กับสินค้านี้',
    en: 'This coupon code cannot be used for this product',
  },
  'coupon.member_or_email_only': {
    status: 403,
    th: 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม หรือ Email ที่กำหนดใว้',
    en: 'This coupon code is only for existing members or the listed e-mails',
  },
  'coupon.member_only': {
    status: 403,
    th: 'รหัสคูปองนี้ ใช้ได้กับ สมาชิกเดิม เท่านั้น',
    en: 'This coupon code is only for existing members',
  },
  'coupon.email_only': {
    status: 403,
    th: 'รหัสคูปองนี้ ใช้ได้กับ Email ที่กำหนดใว้',
    en: 'This coupon code is only for the listed e-mails',
  },
  'coupon.used_up': { status: 409, th: 'รหัสคูปองนี้ ถูกใช้ครบเเล้ว', en: 'This coupon code has been used up' },
  // orders: coupon back office (spec 02 §5 "มีรหัสคูปองนี้เเล้ว" verbatim; the others are ours)
  'coupon.code_taken': { status: 409, th: 'มีรหัสคูปองนี้เเล้ว', en: 'This coupon code already exists' },
  'coupon.in_use': {
    status: 409,
    th: 'คูปองนี้ถูกใช้ในคำสั่งซื้อแล้ว ลบไม่ได้',
    en: 'This coupon has been used in orders and cannot be deleted',
  },
  'coupon.email_not_found': { status: 404, th: 'ไม่พบ Email นี้ในคูปอง', en: 'The e-mail is not on this coupon' },
  'coupon.dates_reversed': {
    status: 400,
    th: 'วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น',
    en: 'The end must not be before the start',
  },
  'coupon.percent_decimals': {
    status: 400,
    th: 'เปอร์เซ็นต์มีทศนิยมได้ไม่เกิน 2 ตำแหน่ง',
    en: 'The percent may have at most 2 decimals',
  },
  // orders: checkout and the member's orders
  'orders.idempotency_key_required': {
    status: 400,
    th: 'ต้องระบุ Idempotency-Key (ไม่เกิน 100 ตัวอักษร)',
    en: 'An Idempotency-Key header (at most 100 characters) is required',
  },
  'orders.idempotency_conflict': {
    status: 409,
    th: 'Idempotency-Key นี้ถูกใช้กับคำสั่งซื้ออื่นแล้ว',
    en: 'This Idempotency-Key was already used for a different order',
  },
  'orders.product_not_found': { status: 404, th: 'ไม่พบสินค้านี้', en: 'The product was not found' },
  'orders.price_not_available': {
    status: 422,
    th: 'ราคานี้ไม่สามารถซื้อได้ในวันนี้',
    en: 'This price cannot be bought by you today',
  },
  'orders.installments_unavailable': {
    status: 422,
    th: 'สินค้านี้ไม่มีแผนผ่อนชำระในวันนี้',
    en: 'This product has no instalment plan open today',
  },
  'orders.installments_too_small': {
    status: 422,
    th: 'ยอดนี้ไม่สามารถแบ่งผ่อนชำระได้',
    en: 'This amount cannot be split into instalments',
  },
  'orders.coin_pay_unavailable': {
    status: 422,
    th: 'สินค้านี้ไม่สามารถชำระด้วย Coin ได้',
    en: 'This product cannot be paid with coins',
  },
  'orders.payment_type_disabled': {
    status: 422,
    th: 'ช่องทางการชำระเงินนี้ปิดใช้งานชั่วคราว กรุณาเลือกช่องทางอื่น',
    en: 'This payment type is disabled for now; please choose another',
  },
  'orders.coin_no_receipt': {
    status: 422,
    th: 'การชำระด้วย Coin ไม่สามารถออกใบเสร็จได้',
    en: 'A receipt cannot be issued for a coin payment',
  },
  'orders.order_not_found': { status: 404, th: 'ไม่พบคำสั่งซื้อนี้', en: 'The order was not found' },
  'orders.document_unavailable': {
    status: 409,
    th: 'คำสั่งซื้อนี้ถูกยกเลิกแล้ว จึงไม่มีใบแจ้งชำระเงินหรือใบเสร็จ',
    en: 'This order was cancelled: it has no invoice or receipt',
  },
  // orders: back office and cancel by code
  'orders.not_cancellable': {
    status: 409,
    th: 'คำสั่งซื้อนี้ยกเลิกไม่ได้ (ชำระเงินแล้วหรือยกเลิกไปแล้ว)',
    en: 'This order can no longer be cancelled (already paid or cancelled)',
  },
  'orders.unknown_orders': {
    status: 400,
    th: 'ไม่พบคำสั่งซื้อบางรายการ ไม่มีการเปลี่ยนแปลงใดๆ',
    en: 'Some orders were not found; nothing was changed',
  },

  // payments: slips and their review
  'payments.order_not_found': {
    status: 404,
    th: 'ไม่พบรายการชำระเงินของคำสั่งซื้อนี้',
    en: 'No payment was found for this order',
  },
  'payments.slip_required': {
    status: 400,
    th: 'กรุณาเลือกสลิปการโอนเงิน',
    en: 'Please choose the transfer slip',
  },
  'payments.slip_type': {
    status: 415,
    th: 'สลิปต้องเป็นรูปภาพ png, gif หรือ jpeg',
    en: 'The slip must be a png, gif or jpeg image',
  },
  'payments.slip_not_allowed': {
    status: 409,
    th: 'คำสั่งซื้อนี้ไม่ได้ชำระด้วยการโอนเงิน',
    en: 'This order is not paid by bank transfer',
  },
  'payments.slip_waiting': {
    status: 409,
    th: 'มีสลิปรอการตรวจสอบอยู่แล้ว',
    en: 'A slip is already waiting for confirmation',
  },
  'payments.slip_rate_limited': {
    status: 429,
    th: 'ส่งสลิปบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
    en: 'Too many slips sent; please try again later',
  },
  'payments.slip_busy': {
    status: 503,
    th: 'ระบบกำลังตรวจสอบสลิปจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่',
    en: 'Many slips are being checked right now; please try again in a moment',
  },
  'payments.status_conflict': {
    status: 409,
    th: 'ไม่สามารถเปลี่ยนสถานะรายการชำระเงินนี้ได้',
    en: 'This payment cannot move to that status',
  },
  'payments.nothing_due': { status: 409, th: 'ไม่มียอดที่ต้องชำระ', en: 'Nothing is due on this order' },
  'payments.slip_not_found': { status: 404, th: 'ไม่พบสลิปนี้', en: 'The slip was not found' },
  'payments.slip_reviewed': {
    status: 409,
    th: 'สลิปนี้ได้รับการตรวจสอบไปแล้ว',
    en: 'This slip has already been reviewed',
  },
  'payments.link_invalid': {
    status: 403,
    th: 'ลิงก์นี้หมดอายุหรือไม่ถูกต้อง',
    en: 'This link has expired or is not valid',
  },
  // payments: payment types, encrypted refs, card / UnionPay / QR gateways (issue 6)
  'payments.payment_type_not_found': {
    status: 404,
    th: 'ไม่พบช่องทางการชำระเงินนี้',
    en: 'This payment type was not found',
  },
  'payments.ref_invalid': {
    status: 404,
    th: 'ไม่พบรายการชำระเงินนี้ หรือลิงก์ไม่ถูกต้อง',
    en: 'This payment was not found or the link is not valid',
  },
  'payments.method_not_allowed': {
    status: 409,
    th: 'คำสั่งซื้อนี้ไม่สามารถชำระด้วยช่องทางนี้ได้',
    en: 'This order cannot be paid this way',
  },
  'payments.provider_unavailable': {
    status: 503,
    th: 'ระบบชำระเงินขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในภายหลัง',
    en: 'The payment provider is unavailable; please try again later',
  },
  'payments.callback_signature': {
    status: 401,
    th: 'ข้อมูลแจ้งผลการชำระเงินไม่ถูกต้อง',
    en: 'The payment notification is not signed correctly',
  },
  'payments.callback_unknown': {
    status: 404,
    th: 'ไม่พบรายการชำระเงินที่แจ้งผล',
    en: 'The notified payment is unknown',
  },
  'payments.callback_amount': {
    status: 422,
    th: 'ยอดเงินที่แจ้งไม่ตรงกับยอดที่ต้องชำระ',
    en: 'The notified amount does not match the amount due',
  },

  // learning
  'learning.course_not_found': { status: 404, th: 'ไม่พบคอร์สนี้', en: 'The course was not found' },
  'learning.course_code_taken': {
    status: 409,
    th: 'รหัสคอร์สนี้ถูกใช้แล้ว',
    en: 'Another course already has this code',
  },
  'learning.course_in_use': {
    status: 409,
    th: 'มีผู้เรียนลงทะเบียนคอร์สนี้แล้ว ไม่สามารถลบได้',
    en: 'Members are enrolled in this course; it cannot be deleted',
  },
  'learning.enrolment_not_found': {
    status: 404,
    th: 'คุณยังไม่ได้ลงทะเบียนคอร์สนี้',
    en: 'You are not enrolled in this course',
  },
  'learning.enrolment_unknown': { status: 404, th: 'ไม่พบรายการลงทะเบียนนี้', en: 'The enrolment was not found' },
  'learning.enrolment_exists': {
    status: 409,
    th: 'สมาชิกนี้ลงทะเบียนคอร์สนี้แล้ว',
    en: 'This member is already enrolled in this course',
  },
  'learning.enrolment_dates': {
    status: 400,
    th: 'วันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น',
    en: 'The end date cannot be before the start date',
  },
  'learning.range_too_long': {
    status: 400,
    th: 'ช่วงวันที่ต้องไม่เกิน 62 วัน',
    en: 'The date range can be at most 62 days',
  },
  // learning content: sessions, videos, Zoom rooms, documents, document lists (issue 12)
  'learning.course_has_content': {
    status: 409,
    th: 'คอร์สนี้ยังมีรอบเรียน วิดีโอ หรือเอกสาร กรุณาลบก่อน',
    en: 'This course still has sessions, videos or documents; delete them first',
  },
  'learning.session_not_found': { status: 404, th: 'ไม่พบรอบเรียนนี้', en: 'The session was not found' },
  'learning.video_not_found': { status: 404, th: 'ไม่พบวิดีโอนี้', en: 'The video was not found' },
  'learning.zoom_room_not_found': { status: 404, th: 'ไม่พบห้อง Zoom นี้', en: 'The Zoom room was not found' },
  'learning.document_not_found': { status: 404, th: 'ไม่พบเอกสารนี้', en: 'The document was not found' },
  'learning.document_file_not_found': {
    status: 404,
    th: 'ยังไม่พบไฟล์ของเอกสารนี้ กรุณาลองใหม่ภายหลัง',
    en: "This document's file is not known yet; try again later",
  },
  'learning.document_list_not_found': {
    status: 404,
    th: 'ไม่พบรายการเอกสารนี้',
    en: 'The document list entry was not found',
  },
  'learning.session_time_order': {
    status: 400,
    th: 'เวลาเริ่มต้องก่อนเวลาสิ้นสุด',
    en: 'The start time must be before the end time',
  },
  'learning.session_close_before_date': {
    status: 400,
    th: 'วันปิดต้องไม่ก่อนวันที่ของรอบเรียน',
    en: "The close date cannot be before the session's date",
  },
  'learning.course_unknown': {
    status: 400,
    th: 'ไม่พบคอร์สนี้ กรุณาเลือกจากรายการ',
    en: 'There is no such course: pick one from the list',
  },
  'learning.session_unknown': {
    status: 400,
    th: 'ไม่พบรอบเรียนนี้ กรุณาเลือกจากรายการ',
    en: 'There is no such session: pick one from the list',
  },
  'learning.playback_not_found': {
    status: 404,
    th: 'ไม่พบการเล่นวิดีโอนี้',
    en: 'This playback was not found',
  },
  'learning.playback_elsewhere': {
    status: 409,
    th: 'บัญชีนี้กำลังเล่นวิดีโออยู่บนอุปกรณ์อื่น ต้องการดูต่อที่นี่หรือไม่',
    en: 'This account is playing a video on another device. Continue here?',
  },
  'learning.playback_taken_over': {
    status: 409,
    th: 'บัญชีนี้เริ่มเล่นวิดีโอบนอุปกรณ์อื่นแล้ว การเล่นที่นี่จึงหยุด',
    en: 'This account started playing on another device, so playback here stopped',
  },
  'learning.user_detail_not_found': {
    status: 404,
    th: 'ไม่พบบันทึกการดูวิดีโอนี้',
    en: 'This viewing note was not found',
  },
  'learning.user_port_not_found': {
    status: 404,
    th: 'ไม่พบข้อมูลพอร์ตนี้',
    en: 'This portfolio figure was not found',
  },
  'learning.video_unknown': {
    status: 400,
    th: 'ไม่พบวิดีโอนี้ในคอร์สนี้ กรุณาเลือกจากรายการ',
    en: 'This course has no such video: pick one from the list',
  },
  'learning.zoom_room_unknown': {
    status: 400,
    th: 'ไม่พบห้อง Zoom นี้ กรุณาเลือกจากรายการ',
    en: 'There is no such Zoom room: pick one from the list',
  },
  'learning.instructor_unknown': {
    status: 400,
    th: 'ไม่พบวิทยากรนี้ กรุณาเลือกจากรายการ',
    en: 'There is no such instructor: pick one from the list',
  },
  'learning.document_unknown': {
    status: 400,
    th: 'ไม่พบเอกสารนี้ กรุณาเลือกจากรายการ',
    en: 'There is no such document: pick one from the list',
  },
  'learning.document_file_unknown': {
    status: 400,
    th: 'ไม่พบไฟล์เอกสารนี้ กรุณาอัปโหลดไฟล์ใหม่',
    en: 'This document file is not known: please upload it again',
  },
  'learning.embed_not_allowed': {
    status: 400,
    th: 'ฝังได้เฉพาะวิดีโอจาก Vimeo หรือ YouTube',
    en: 'Only a Vimeo or YouTube player can be embedded',
  },
  'learning.document_list_target': {
    status: 400,
    th: 'กรุณาเลือกวิดีโอ รอบเรียน หรือคอร์ส อย่างใดอย่างหนึ่ง',
    en: 'Choose exactly one of a video, a session or a course',
  },
  'learning.document_list_exists': {
    status: 409,
    th: 'เอกสารนี้อยู่ในรายการนี้แล้ว',
    en: 'This document is already listed there',
  },
  'learning.session_reorder_unknown': {
    status: 400,
    th: 'มีรอบเรียนที่ไม่อยู่ในคอร์สนี้',
    en: 'Some sessions are not in this course',
  },

  // live streaming and comments (issue 15)
  'learning.live_stream_not_found': { status: 404, th: 'ไม่พบไลฟ์นี้', en: 'The live stream was not found' },
  'learning.live_stream_unknown': {
    status: 400,
    th: 'ไม่พบไลฟ์นี้ กรุณาเลือกจากรายการ',
    en: 'There is no such live stream: pick one from the list',
  },
  'learning.live_stream_has_comments': {
    status: 409,
    th: 'ไลฟ์นี้มีความคิดเห็นแล้ว ไม่สามารถลบได้ กรุณาซ่อนแทน',
    en: 'This live stream has comments and cannot be deleted; hide it instead',
  },
  'learning.live_comment_too_long': {
    status: 400,
    th: 'ความคิดเห็นยาวได้ไม่เกิน 500 ตัวอักษร',
    en: 'A comment can be at most 500 characters',
  },
  'learning.live_comment_too_fast': {
    status: 429,
    th: 'ส่งความคิดเห็นถี่เกินไป กรุณารอสักครู่แล้วลองใหม่',
    en: 'You are commenting too fast; please wait a moment and try again',
  },
  'learning.live_comment_not_found': {
    status: 404,
    th: 'ไม่พบความคิดเห็นนี้',
    en: 'The comment was not found',
  },
  'learning.live_not_on_air': {
    status: 409,
    th: 'ไลฟ์นี้ยังไม่ได้ออกอากาศ',
    en: 'This live stream is not on air',
  },
  'learning.live_broadcast_unknown': {
    status: 400,
    th: 'ไม่พบการถ่ายทอดสดนี้ กรุณาเลือกจากรายการ',
    en: 'There is no such broadcast: pick one from the list',
  },
  'learning.live_not_trade': {
    status: 409,
    th: 'สัญญาณเทรดโพสต์ได้เฉพาะไลฟ์เทรด',
    en: 'Trade calls can only be posted on a live trade stream',
  },

  // issue 16 — checkin
  'learning.checkin_code_invalid': {
    status: 400,
    th: 'รหัสเช็คอินไม่ถูกต้องหรือหมดอายุแล้ว กรุณาสแกน QR Code ที่หน้าจอใหม่อีกครั้ง',
    en: 'The check-in code is wrong or has expired; please scan the QR code on the screen again',
  },
  'learning.checkin_not_enrolled': {
    status: 403,
    th: 'คุณยังไม่ได้ลงทะเบียนคอร์สของรอบเรียนนี้ จึงไม่สามารถเช็คอินได้ กรุณาติดต่อเจ้าหน้าที่',
    en: 'You are not enrolled in this session’s course, so you cannot check in; please ask the staff',
  },
  'learning.checkin_closed': {
    status: 409,
    th: 'รอบเรียนนี้เปิดให้เช็คอินเฉพาะวันที่เรียนเท่านั้น',
    en: 'Check-in for this session is only open on its day',
  },
  'learning.checkin_too_many_tries': {
    status: 429,
    th: 'กรอกรหัสผิดหลายครั้งเกินไป กรุณารอสักครู่ หรือสแกน QR Code แทน',
    en: 'Too many wrong codes; please wait a while or scan the QR code instead',
  },
  'learning.checkin_not_found': { status: 404, th: 'ไม่พบการเช็คอินนี้', en: 'The check-in was not found' },
  'learning.checkin_session_not_found': {
    status: 404,
    th: 'ไม่พบรอบเรียนที่เปิดเช็คอินนี้',
    en: 'There is no session with check-in by this id',
  },
  // issue 16 — terms
  'learning.terms_changed': {
    status: 409,
    th: 'ข้อตกลงมีการเปลี่ยนแปลง กรุณาอ่านข้อตกลงล่าสุดแล้วลงนามอีกครั้ง',
    en: 'The terms have changed; please read the current terms and sign again',
  },
  'learning.terms_signed': {
    status: 409,
    th: 'คุณได้ลงนามยอมรับข้อตกลงของคอร์สนี้แล้ว',
    en: 'You have already signed the terms of this course',
  },
  'learning.terms_strokes_too_large': {
    status: 413,
    th: 'ลายเซ็นมีจำนวนเส้นมากเกินไป กรุณาล้างแล้วเซ็นใหม่',
    en: 'The signature has too many points; please clear it and sign again',
  },
  'learning.terms_signature_too_large': {
    status: 413,
    th: 'รูปลายเซ็นมีขนาดใหญ่เกินไป',
    en: 'The signature image is too large',
  },
  'learning.terms_signature_not_png': {
    status: 415,
    th: 'รูปลายเซ็นต้องเป็นไฟล์ PNG',
    en: 'The signature image must be a PNG',
  },
  'learning.terms_signature_unreadable': {
    status: 422,
    th: 'ไม่สามารถอ่านรูปลายเซ็นได้ กรุณาเซ็นใหม่',
    en: 'The signature image could not be read; please sign again',
  },
  'learning.terms_link_invalid': {
    status: 403,
    th: 'ลิงก์นี้หมดอายุหรือไม่ถูกต้อง',
    en: 'This link has expired or is not valid',
  },
  'learning.terms_file_not_found': { status: 404, th: 'ไม่พบไฟล์นี้', en: 'The file was not found' },
  // issue 16 — groups
  'learning.member_group_not_found': {
    status: 404,
    th: 'ไม่พบกลุ่มนี้',
    en: 'The group was not found',
  },
  'learning.group_request_not_found': {
    status: 404,
    th: 'ไม่พบคำขอเข้ากลุ่มนี้',
    en: 'The request to join the group was not found',
  },
  'learning.group_request_state': {
    status: 409,
    th: 'ไม่สามารถเปลี่ยนสถานะคำขอเข้ากลุ่มนี้ได้',
    en: 'The request to join the group cannot change to that status',
  },
  'learning.group_request_exists': {
    status: 409,
    th: 'สมาชิกนี้อยู่ในกลุ่มนี้แล้ว',
    en: 'This member is already in this group',
  },
  'catalog.member_group_unknown': {
    status: 422,
    th: 'ไม่พบกลุ่มนี้ในระบบการเรียน กรุณาเลือกกลุ่มจากรายการ',
    en: 'Learning has no such member group: pick one from the list',
  },
  'learning.group_member_not_enrolled': {
    status: 400,
    th: 'สมาชิกนี้ไม่ได้ลงทะเบียนคอร์สของกลุ่มนี้',
    en: 'This member is not enrolled in the group’s course',
  },

  // bookings (issue 17, D99)
  'bookings.key_unknown': {
    status: 404,
    th: 'ไม่พบรหัสการจองนี้ หรือรหัสนี้ปิดใช้งานแล้ว',
    en: 'This booking key was not found or is switched off',
  },
  'bookings.key_limit': {
    status: 409,
    th: 'รหัสการจองนี้มีผู้จองครบจำนวนแล้ว',
    en: 'This booking key has reached its limit',
  },
  'bookings.key_used': {
    status: 409,
    th: 'รหัสการจองนี้ถูกใช้จองแล้ว',
    en: 'This booking key has already been used for a booking',
  },
  'bookings.key_exists': { status: 409, th: 'มีรหัสการจองนี้อยู่แล้ว', en: 'This booking key already exists' },
  'bookings.key_rate_limited': {
    status: 429,
    th: 'ตรวจสอบรหัสการจองบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
    en: 'Too many booking keys tried; please try again later',
  },
  'bookings.product_unknown': {
    status: 400,
    th: 'ไม่พบสินค้านี้',
    en: 'This product is not known',
  },
  'bookings.not_found': { status: 404, th: 'ไม่พบการจองนี้', en: 'The booking was not found' },
  // insights (issue 20, D115)
  'insights.range_invalid': {
    status: 400,
    th: 'ช่วงวันที่ไม่ถูกต้อง (วันเริ่มต้องไม่หลังวันสิ้นสุด และไม่เกิน 366 วัน)',
    en: 'The date range is invalid (from must not be after to, at most 366 days)',
  },
  'bookings.field_not_editable': {
    status: 400,
    th: 'ไม่สามารถแก้ไขวันที่บันทึก สลิป ยอดเงิน หรือวันเวลาชำระเงินของการจองได้',
    en: 'The booking’s timestamps, slip, amount and payment date and time cannot be changed',
  },
  'bookings.slip_required': {
    status: 400,
    th: 'กรุณาเลือกสลิปการโอนเงิน',
    en: 'Please choose the transfer slip',
  },
  'bookings.slip_type': {
    status: 415,
    th: 'สลิปต้องเป็นรูปภาพ png, gif หรือ jpeg',
    en: 'The slip must be a png, gif or jpeg image',
  },
  'bookings.slip_too_large': {
    status: 413,
    th: 'ไฟล์สลิปใหญ่เกินไป',
    en: 'The slip file is too large',
  },
  'bookings.slip_not_found': {
    status: 404,
    th: 'ไม่พบสลิปนี้ กรุณาอัปโหลดใหม่',
    en: 'The slip was not found; please upload it again',
  },
  'bookings.slip_rate_limited': {
    status: 429,
    th: 'ส่งสลิปบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
    en: 'Too many slips sent; please try again later',
  },
  'bookings.slip_busy': {
    status: 503,
    th: 'ระบบกำลังตรวจสอบสลิปจำนวนมาก กรุณาลองใหม่อีกครั้ง',
    en: 'Many slips are being checked; please try again shortly',
  },
  'bookings.status_conflict': {
    status: 409,
    th: 'ไม่สามารถเปลี่ยนสถานะการจองนี้ได้',
    en: 'The booking cannot move to that status',
  },
  'bookings.link_invalid': {
    status: 403,
    th: 'ลิงก์นี้หมดอายุหรือไม่ถูกต้อง',
    en: 'This link has expired or is not valid',
  },
  'bookings.delivery_not_found': {
    status: 404,
    th: 'ไม่พบรายการจัดส่งหนังสือนี้',
    en: 'This book delivery was not found',
  },
  'bookings.delivery_dispatched': {
    status: 409,
    th: 'หนังสือถูกจัดส่งแล้ว ไม่สามารถแก้ไขที่อยู่ได้',
    en: 'The book has been sent; the address can no longer be changed',
  },
  'bookings.delivery_cancelled': {
    status: 409,
    th: 'การจัดส่งหนังสือนี้ถูกยกเลิกแล้ว กรุณาติดต่อเจ้าหน้าที่',
    en: 'This book delivery was cancelled; please contact our staff',
  },
  // notifications
  'notifications.delivery_not_found': { status: 404, th: 'ไม่พบรายการส่ง', en: 'The delivery was not found' },
  'notifications.template_not_found': {
    status: 404,
    th: 'ไม่พบแม่แบบข้อความนี้',
    en: 'The template was not found',
  },
  'notifications.delivery_not_failed': {
    status: 409,
    th: 'ส่งซ้ำได้เฉพาะรายการที่ส่งไม่สำเร็จ',
    en: 'Only a failed delivery can be sent again',
  },

  // media
  'media.file_required': {
    status: 400,
    th: 'กรุณาเลือกไฟล์รูปภาพ',
    en: 'Please choose an image file',
  },
  'media.one_file': { status: 400, th: 'กรุณาอัปโหลดครั้งละหนึ่งไฟล์', en: 'Please upload one file at a time' },
  'media.file_too_large': {
    status: 413,
    th: 'ไฟล์มีขนาดใหญ่เกินไป',
    en: 'The file is too large',
  },
  'media.image_too_many_pixels': {
    status: 413,
    th: 'รูปภาพมีขนาด (พิกเซล) ใหญ่เกินไป',
    en: 'The image has too many pixels',
  },
  'media.unsupported_type': {
    status: 415,
    th: 'ไฟล์นี้ไม่ใช่รูปภาพที่รองรับ (PNG, JPEG, GIF หรือ WebP)',
    en: 'This file is not a supported image (PNG, JPEG, GIF or WebP)',
  },
  'media.image_unreadable': {
    status: 422,
    th: 'ไม่สามารถอ่านรูปภาพนี้ได้ ไฟล์อาจเสียหาย',
    en: 'The image could not be read; the file may be damaged',
  },
  'media.not_found': { status: 404, th: 'ไม่พบไฟล์นี้', en: 'The file was not found' },
  'media.document_required': {
    status: 400,
    th: 'กรุณาเลือกไฟล์เอกสาร',
    en: 'Please choose a document file',
  },
  'media.document_unsupported_type': {
    status: 400,
    th: 'ไฟล์นี้ไม่ใช่เอกสารที่รองรับ (PDF, รูปภาพ PNG/JPEG/GIF/WebP หรือเอกสาร Word, Excel, PowerPoint)',
    en: 'This file is not a supported document (PDF, PNG/JPEG/GIF/WebP image, or a Word, Excel or PowerPoint document)',
  },
  'media.signature_invalid': {
    status: 403,
    th: 'ลิงก์นี้หมดอายุหรือไม่ถูกต้อง',
    en: 'This link has expired or is not valid',
  },
  'media.video_not_ready': {
    status: 409,
    th: 'วิดีโอนี้ยังไม่พร้อมเล่น',
    en: 'This video is not ready to play yet',
  },
  'media.upload_not_found': { status: 404, th: 'ไม่พบการอัปโหลดนี้', en: 'The upload was not found' },
  'media.upload_invalid': {
    status: 400,
    th: 'คำขออัปโหลดไม่ถูกต้อง',
    en: 'The upload request is not valid',
  },
  'media.upload_offset_mismatch': {
    status: 409,
    th: 'ตำแหน่งการอัปโหลดไม่ตรงกัน กรุณาอัปโหลดต่อจากตำแหน่งล่าสุด',
    en: 'The upload offset does not match; resume from the current offset',
  },
  'media.upload_content_type': {
    status: 415,
    th: 'ชนิดข้อมูลของการอัปโหลดไม่ถูกต้อง',
    en: 'The upload must be sent as application/offset+octet-stream',
  },
  'media.tus_version': {
    status: 412,
    th: 'ไม่รองรับเวอร์ชันของโปรโตคอลอัปโหลดนี้',
    en: 'This tus protocol version is not supported (1.0.0 only)',
  },

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
