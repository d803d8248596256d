import type { SVGProps } from 'react';

// A few line icons drawn for this app (no icon package in the dependency list). Decorative by default.
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ paths, size = 20, ...props }: IconProps & { paths: string[] }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const makeIcon = (paths: string[]) => (props: IconProps) => <Icon paths={paths} {...props} />;

export const IconDashboard = makeIcon(['M4 4h6v8H4z', 'M14 4h6v5h-6z', 'M14 13h6v7h-6z', 'M4 16h6v4H4z']);
export const IconCoins = makeIcon([
  'M9 14c3.3 0 6-1.3 6-3s-2.7-3-6-3-6 1.3-6 3 2.7 3 6 3z',
  'M3 11v4c0 1.7 2.7 3 6 3s6-1.3 6-3v-4',
  'M15 8.5c3.1.3 6 1.5 6 3.5v4c0 1.5-2.2 2.8-5 3',
]);
export const IconUsers = makeIcon([
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
  'M16 3.1a4 4 0 0 1 0 7.8',
  'M21 21v-2a4 4 0 0 0-3-3.9',
]);
export const IconCalendar = makeIcon(['M4 6h16v14H4z', 'M16 3v4', 'M8 3v4', 'M4 11h16']);
export const IconCreditCard = makeIcon(['M3 6h18v12H3z', 'M3 10h18', 'M7 15h3']);
export const IconMail = makeIcon(['M3 6h18v12H3z', 'M3 7l9 6 9-6']);
export const IconSettings = makeIcon([
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
]);
export const IconSearch = makeIcon(['M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z', 'M20 20l-4.8-4.8']);
export const IconLogout = makeIcon([
  'M14 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1v-3',
  'M9 12h12',
  'M18 9l3 3-3 3',
]);
export const IconUser = makeIcon([
  'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  'M5 21v-2a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v2',
]);
export const IconCheck = makeIcon(['M5 12l5 5L20 7']);
export const IconArrowRight = makeIcon(['M5 12h14', 'M13 6l6 6-6 6']);
export const IconBook = makeIcon(['M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2z', 'M4 21V5', 'M8 7h8']);
export const IconChart = makeIcon(['M4 20h16', 'M7 16v-5', 'M12 16V8', 'M17 16V5']);
export const IconClock = makeIcon(['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2']);
// A browser window: the school's public site.
export const IconGlobe = makeIcon(['M3 5h18v14H3z', 'M3 9h18', 'M6 7h.01', 'M9 7h.01']);
export const IconChat = makeIcon(['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5']);
export const IconMenu = makeIcon(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const IconClose = makeIcon(['M6 6l12 12', 'M18 6L6 18']);
export const IconChevronDown = makeIcon(['M6 9l6 6 6-6']);
