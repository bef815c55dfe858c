/**
 * Shapes of the gateway's JSON, mirrored from proto-contracts (auth.ts, catalog.ts, notifications.ts,
 * errors.ts). Declared here, type-only, so that nothing of TypeBox reaches the bundle.
 */
export type Language = 'th' | 'en';

export type UserStatus = 'New' | 'Wait' | 'Premium';

export type User = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  nickname: string | null;
  phone: string;
  status: UserStatus;
  memberCode: string;
  membershipCodes: string[];
  createdAt: string;
};

export type TokenReply = { token: string; tokenType: 'Bearer'; expiresIn: number };
export type LoginReply = TokenReply & { user: User };
export type MeReply = { user: User };

export type Staff = { id: string; username: string; name: string; role: 'admin' | 'staff' };
export type StaffLoginReply = TokenReply & { staff: Staff };

export type YesNo = 'Y' | 'N';

export type Product = {
  id: string;
  url: string;
  title: string;
  subtitle: string | null;
  detail: string | null;
  start: string | null;
  to: string | null;
  /** satang */
  price: number;
  priceUnchanged: number | null;
  img: string | null;
  imgCourse: string | null;
  imgSlide: string | null;
  year: number | null;
  format: string;
  type: string;
  status: string;
  book: YesNo;
  priceList: YesNo;
  coinPay: YesNo;
  /** only on the staff view; the public list already leaves disabled products out */
  disable?: YesNo;
};

export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

export type Delivery = {
  id: string;
  channel: 'email' | 'line' | 'telegram';
  to: string;
  template: string;
  locale: Language;
  subject: string;
  text: string;
  status: 'pending' | 'sent' | 'logged' | 'failed';
  attempts: number;
  error: string | null;
  eventId: string | null;
  createdAt: string;
  sentAt: string | null;
};

export type FieldError = { field: string; code: string; message: string };

/** RFC 9457 problem details as every Rian service answers errors. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  code: string;
  messages?: { th: string; en: string };
  errors?: FieldError[];
  requestId?: string;
};
