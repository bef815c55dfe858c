/**
 * Shapes of the gateway's JSON, taken from proto-contracts — the one source of truth for what
 * crosses a boundary. Type-only imports: nothing of TypeBox reaches the bundle.
 */
import type { Static } from '@sinclair/typebox';
import type {
  LoginReply as LoginReplySchema,
  MeReply as MeReplySchema,
  StaffLoginReply as StaffLoginReplySchema,
  StaffView,
  TokenReply as TokenReplySchema,
  UserView,
} from '@rian/proto-contracts/auth';
import type { ProductPublic, ProductStaff } from '@rian/proto-contracts/catalog';
import type { Delivery as DeliveryView } from '@rian/proto-contracts/notifications';
import type { FieldError as FieldErrorView, Problem as ProblemView } from '@rian/proto-contracts/errors';
import type { Locale, UserStatus as UserStatusView, YesNo as YesNoView } from '@rian/proto-contracts/enums';

export type Language = Locale;
export type UserStatus = UserStatusView;
export type User = UserView;
export type TokenReply = Static<typeof TokenReplySchema>;
export type LoginReply = Static<typeof LoginReplySchema>;
export type MeReply = Static<typeof MeReplySchema>;
export type Staff = StaffView;
export type StaffLoginReply = Static<typeof StaffLoginReplySchema>;
export type YesNo = YesNoView;
/** the public view; staff reads add `disable` and the rest of ProductStaff */
export type Product = ProductPublic & Partial<Pick<ProductStaff, 'disable'>>;
export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };
export type Delivery = DeliveryView;
export type FieldError = FieldErrorView;
export type Problem = ProblemView;
