/** Spec 01 §2, mobile drawer: ABOUT US, SPEAKERS, COURSE, PRICING (inline on desktop). */
export const NAV_ITEMS = [
  { to: '/aboutus', label: 'nav.aboutUs' },
  { to: '/speakers', label: 'nav.speakers' },
  { to: '/productAll', label: 'nav.course' },
  { to: '/pricing', label: 'nav.pricing' },
] as const;
