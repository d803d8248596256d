// Plain values, no zod: the web app imports them without pulling the schema library into its chunks.

// SPEC.md section 9.
export const PAGE_SIZE = 15;
export const DIALOG_TIMEOUT_MS = 2500;

// SPEC.md "Sign-up": Beginner=1, Intermediate=2, Advanced=3. Here (auth.ts re-exports it) so the sign-up
// form's select does not pull zod into the sign-up page's first load.
export const LEVELS = [
  { value: 1, label: 'Beginner' },
  { value: 2, label: 'Intermediate' },
  { value: 3, label: 'Advanced' },
] as const;

// NIST SP 800-63B's advice: long enough, not blank, not common (the list is the server's).
export const PASSWORD_MIN_LENGTH = 10;

/** "1 credit", "3 credits": how every page and mail counts credits. */
export const creditCount = (count: number): string => `${count} ${count === 1 ? 'credit' : 'credits'}`;

/**
 * "#2 on the waitlist": the one wording of a position, for the overlay and the Class Booking List. Here
 * (waitlist.ts re-exports it) so the public timetable and class pages do not pull zod in.
 */
export const waitlistPositionLabel = (position: number) => `#${position} on the waitlist`;

// A sponsor link's URL name (referrals.ts), read by the sponsor-link capture every public page loads.
export const URL_NAME_MIN_LENGTH = 3;
export const URL_NAME_MAX_LENGTH = 30;
/** Letters and digits, with single hyphens between them; stored lower-case, so a link reads the same in any case. */
export const URL_NAME_PATTERN = /^[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*$/;

/** The slug of the school's page shown at /about-us (the other pages are at /pages/{slug}). */
export const ABOUT_SLUG = 'about';

/** A picture uploaded in the Site section, as the server serves it: its unguessable name, re-encoded as WebP. */
export const SITE_IMAGE_PATH = /^\/media\/[A-Za-z0-9_-]{22}\.webp$/;
/** The largest picture file an administrator may upload, before the server resizes it. */
export const SITE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
