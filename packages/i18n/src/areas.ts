// A catalog is one JSON file per language and area (catalogs/<locale>/<area>.json); every key starts
// with its area ("auth.signup.title"), so a key says where it lives. A browser downloads the areas of
// the bundle a page needs, in its own language only; the server reads the mail area.

export const AREAS = [
  'common',
  'errors',
  'marketing',
  'auth',
  'timetable',
  'booking',
  'membership',
  'payments',
  'credits',
  'learner',
  'settings',
  'mail',
] as const;
export type Area = (typeof AREAS)[number];

/** What a page downloads: the public site with its dialogs, then the signed-in learner's screens. */
export const BUNDLES = {
  public: ['common', 'errors', 'marketing', 'auth', 'timetable', 'booking', 'membership'],
  learner: ['payments', 'credits', 'learner', 'settings'],
  mail: ['mail'],
} as const satisfies Record<string, readonly Area[]>;
export type Bundle = keyof typeof BUNDLES;

/** The area of a key: its first segment. */
export const areaOf = (key: string): string => key.split('.')[0] ?? '';
