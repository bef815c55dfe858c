import type { SVGProps } from 'react';

const base = {
  width: 14,
  height: 14,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** The icon a calendar item names (learning: play, map-pin, users, radio); a dot for any other. */
export function SessionTypeIcon({ icon, ...props }: { icon: string } & SVGProps<SVGSVGElement>) {
  switch (icon) {
    case 'play':
      return (
        <svg {...base} {...props}>
          <path d="M7 4l13 8-13 8z" />
        </svg>
      );
    case 'map-pin':
      return (
        <svg {...base} {...props}>
          <path d="M12 21s-7-6.2-7-11a7 7 0 0114 0c0 4.8-7 11-7 11z" />
          <circle cx="12" cy="10" r="2.5" />
        </svg>
      );
    case 'users':
      return (
        <svg {...base} {...props}>
          <circle cx="9" cy="8" r="3.5" />
          <path d="M2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 7M18 14a6.5 6.5 0 013.5 6" />
        </svg>
      );
    case 'radio':
      return (
        <svg {...base} {...props}>
          <circle cx="12" cy="12" r="2" />
          <path d="M7.8 7.8a6 6 0 000 8.4M16.2 7.8a6 6 0 010 8.4M4.9 4.9a10 10 0 000 14.2M19.1 4.9a10 10 0 010 14.2" />
        </svg>
      );
    default:
      return (
        <svg {...base} {...props}>
          <circle cx="12" cy="12" r="4" />
        </svg>
      );
  }
}
