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
import type {
  FacebookLoginReply as FacebookLoginReplyView,
  PublicConfigReply,
  SocialConfirmConnect as SocialConfirmConnectView,
  SocialLoggedIn as SocialLoggedInView,
  SocialProfile as SocialProfileView,
  SocialRegister as SocialRegisterView,
} from '@rian/proto-contracts/auth-social';
import type {
  AddressBody as AddressBodyView,
  AddressFormat as AddressFormatView,
  AddressType as AddressTypeView,
  AddressView,
  DistrictView,
  ProvinceView,
  SubDistrictView,
} from '@rian/proto-contracts/addresses';
import type {
  AdminUserDetail as AdminUserDetailSchema,
  AdminUserPatchBody,
  AdminUserSort as AdminUserSortView,
  PersonnelCreateBody,
  PersonnelUpdateBody,
  PersonnelView,
  ProfilePatchBody,
  UserChangeView,
} from '@rian/proto-contracts/auth-admin';
import type { ProductPublic, ProductStaff } from '@rian/proto-contracts/catalog';
import type {
  PackagePublic,
  PriceLookup as PriceLookupView,
  PricePublic,
  PriceType as PriceTypeView,
} from '@rian/proto-contracts/catalog-commerce';
import type {
  BankAccountPublic,
  CoachPublic,
  DetailListPublic,
  InstructorPublic,
  ProductBankAccounts as ProductBankAccountsView,
  ProductDetails as ProductDetailsView,
} from '@rian/proto-contracts/catalog-content';
import type { Delivery as DeliveryView } from '@rian/proto-contracts/notifications';
import type { FieldError as FieldErrorView, Problem as ProblemView } from '@rian/proto-contracts/errors';
import type {
  Locale,
  MembershipCode as MembershipCodeView,
  StaffRole as StaffRoleView,
  UserStatus as UserStatusView,
  YesNo as YesNoView,
} from '@rian/proto-contracts/enums';

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

export type MembershipCode = MembershipCodeView;
export type StaffRole = StaffRoleView;

// ---------- issue 3: Facebook (contract §B) ----------
export type PublicConfig = PublicConfigReply;
export type SocialProfile = SocialProfileView;
export type SocialLoggedIn = SocialLoggedInView;
export type SocialConfirmConnect = SocialConfirmConnectView;
export type SocialRegister = SocialRegisterView;
export type FacebookLoginReply = FacebookLoginReplyView;

// ---------- issue 3: back office, profile and addresses (contract §C) ----------
export type AddressFormat = AddressFormatView;
export type AddressType = AddressTypeView;
export type Address = AddressView;
export type AddressBody = AddressBodyView;
export type Province = ProvinceView;
export type District = DistrictView;
export type SubDistrict = SubDistrictView;
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;
export type AdminUserSort = AdminUserSortView;
export type AdminUserPatch = AdminUserPatchBody;
export type UserChange = UserChangeView;
export type ProfilePatch = ProfilePatchBody;
export type Personnel = PersonnelView;
export type PersonnelCreate = PersonnelCreateBody;
export type PersonnelUpdate = PersonnelUpdateBody;

// ---------- issue 4: the shop's public catalog (catalog-commerce, catalog-content) ----------
export type PriceType = PriceTypeView;
export type Price = PricePublic;
export type PriceLookup = PriceLookupView;
export type Package = PackagePublic;
export type Coach = CoachPublic;
export type Instructor = InstructorPublic;
export type ProductDetails = ProductDetailsView;
export type DetailList = DetailListPublic;
export type BankAccount = BankAccountPublic;
export type ProductBankAccounts = ProductBankAccountsView;
