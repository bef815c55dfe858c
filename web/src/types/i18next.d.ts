import type common from '@/locales/th/common.json';
import type admin from '@/locales/th/admin.json';
import type account from '@/locales/th/account.json';
import type member from '@/locales/th/member.json';
import type adminCatalog from '@/locales/th/admin-catalog.json';
import type shop from '@/locales/th/shop.json';
import type adminCoupons from '@/locales/th/admin-coupons.json';
import type adminOrders from '@/locales/th/admin-orders.json';
import type orders from '@/locales/th/orders.json';
import type orderView from '@/locales/th/order-view.json';
import type places from '@/locales/th/places.json';
import type checkout from '@/locales/th/checkout.json';
import type adminLearning from '@/locales/th/admin-learning.json';
import type pay from '@/locales/th/pay.json';
import type memberLessons from '@/locales/th/member-lessons.json';
import type memberCalendar from '@/locales/th/member-calendar.json';
import type publicCourse from '@/locales/th/public-course.json';
import type memberWatch from '@/locales/th/member-watch.json';
import type adminWatch from '@/locales/th/admin-watch.json';
import type memberLive from '@/locales/th/member-live.json';
import type adminLive from '@/locales/th/admin-live.json';
import type checkin from '@/locales/th/check-in.json';
import type adminCheckin from '@/locales/th/admin-checkin.json';
import type memberTerms from '@/locales/th/member-terms.json';
import type memberGroups from '@/locales/th/member-groups.json';
import type adminGroups from '@/locales/th/admin-groups.json';
import type bookings from '@/locales/th/bookings.json';
import type adminBookings from '@/locales/th/admin-bookings.json';
import type memberLine from '@/locales/th/member-line.json';

// Typed keys: a `t('...')` with a key missing from the Thai files fails the type check. The lazy
// namespaces are fallbacks of `common`, so every key keeps its plain dotted name.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: [
      'admin',
      'account',
      'member',
      'adminCatalog',
      'shop',
      'adminCoupons',
      'adminOrders',
      'orders',
      'orderView',
      'places',
      'checkout',
      'adminLearning',
      'pay',
      'memberLessons',
      'memberCalendar',
      'publicCourse',
      'memberWatch',
      'adminWatch',
      'memberLive',
      'adminLive',
      'checkin',
      'adminCheckin',
      'memberTerms',
      'memberGroups',
      'adminGroups',
      'bookings',
      'adminBookings',
      'memberLine',
    ];
    resources: {
      common: typeof common;
      admin: typeof admin;
      account: typeof account;
      member: typeof member;
      adminCatalog: typeof adminCatalog;
      shop: typeof shop;
      adminCoupons: typeof adminCoupons;
      adminOrders: typeof adminOrders;
      orders: typeof orders;
      orderView: typeof orderView;
      places: typeof places;
      checkout: typeof checkout;
      adminLearning: typeof adminLearning;
      pay: typeof pay;
      memberLessons: typeof memberLessons;
      memberCalendar: typeof memberCalendar;
      publicCourse: typeof publicCourse;
      memberWatch: typeof memberWatch;
      adminWatch: typeof adminWatch;
      memberLive: typeof memberLive;
      adminLive: typeof adminLive;
      checkin: typeof checkin;
      adminCheckin: typeof adminCheckin;
      memberTerms: typeof memberTerms;
      memberGroups: typeof memberGroups;
      adminGroups: typeof adminGroups;
      bookings: typeof bookings;
      adminBookings: typeof adminBookings;
      memberLine: typeof memberLine;
    };
  }
}
