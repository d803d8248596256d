import type { AuthResponse, RegisterBody, Role, User } from '@tokenly/contract/auth';
import { CEFR_LEVELS } from '@tokenly/contract/cefr';
import { DEFAULT_LOCALE, isLocale } from '@tokenly/i18n/locales';
import { useSyncExternalStore } from 'react';
import { activateLocale, currentLocale } from './i18n';

// The Session entity of SPEC.md section 3, kept in localStorage. DESIGN.md section 6: the access token is
// NOT part of it (the server keeps the session in an httpOnly cookie), so `loginToken` is deliberately
// absent and an old stored token is dropped on read.
const STORAGE_KEY = 'tokenly.session';

export type UrlInfo = {
  enrolling_sponsor_name: string | null;
  id: number | string;
  user_type: string | null;
};

// Only what the sign-up form may safely keep between pages: never the passwords.
type SignUpFormData = Pick<RegisterBody, 'name' | 'email' | 'level'>;

export type Session = {
  isLoggedIn: boolean;
  userType: Role | null;
  userRole: Role | null;
  userCountry: string | null;
  userData: User | null;
  userUrlName: string;
  userPlanStatus: string | null;
  userUrlInfoData: UrlInfo | null;
  signUpData: User | null;
  signUpFormData: SignUpFormData | null;
  // Spelled so in SPEC.md.
  referal_id: number | string | null;
};

const EMPTY: Session = {
  isLoggedIn: false,
  userType: null,
  userRole: null,
  userCountry: null,
  userData: null,
  userUrlName: '',
  userPlanStatus: null,
  userUrlInfoData: null,
  signUpData: null,
  signUpFormData: null,
  referal_id: null,
};

// Stored data is read with small guards rather than the contract's zod schemas: this module is on every
// page, and zod would add about 25 KB (gzip) to the home page's first load.
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const isRole = (value: unknown): value is Role =>
  value === 'admin' || value === 'user' || value === 'teacher';
const isId = (value: unknown): value is number | string =>
  typeof value === 'number' || typeof value === 'string';
const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

function asUser(value: unknown): User | null {
  if (!isObject(value)) return null;
  const {
    id,
    name,
    email,
    user_role,
    level,
    cefr_level,
    country,
    timezone,
    locale,
    email_verified_at,
    created_at,
    disabled_at,
  } = value;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof email !== 'string' || !isRole(user_role)) {
    return null;
  }
  return {
    id,
    name,
    email,
    user_role,
    level: typeof level === 'number' ? level : null,
    cefr_level: CEFR_LEVELS.find((found) => found === cefr_level) ?? null,
    country: stringOrNull(country),
    timezone: stringOrNull(timezone),
    locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
    email_verified_at: stringOrNull(email_verified_at),
    created_at: typeof created_at === 'string' ? created_at : '',
    disabled_at: stringOrNull(disabled_at),
  };
}

function asUrlInfo(value: unknown): UrlInfo | null {
  if (!isObject(value) || !isId(value.id)) return null;
  return {
    id: value.id,
    enrolling_sponsor_name: stringOrNull(value.enrolling_sponsor_name),
    user_type: stringOrNull(value.user_type),
  };
}

function asSignUpFormData(value: unknown): SignUpFormData | null {
  if (!isObject(value)) return null;
  const { name, email, level } = value;
  if (typeof name !== 'string' || typeof email !== 'string' || typeof level !== 'number') return null;
  return { name, email, level };
}

/** Each field falls back on its own, so one corrupt value does not throw the rest away. */
function fromStorage(raw: unknown): Session {
  if (!isObject(raw)) return EMPTY;
  return {
    isLoggedIn: raw.isLoggedIn === true,
    userType: isRole(raw.userType) ? raw.userType : null,
    userRole: isRole(raw.userRole) ? raw.userRole : null,
    userCountry: stringOrNull(raw.userCountry),
    userData: asUser(raw.userData),
    userUrlName: typeof raw.userUrlName === 'string' ? raw.userUrlName : '',
    userPlanStatus: stringOrNull(raw.userPlanStatus),
    userUrlInfoData: asUrlInfo(raw.userUrlInfoData),
    signUpData: asUser(raw.signUpData),
    signUpFormData: asSignUpFormData(raw.signUpFormData),
    referal_id: isId(raw.referal_id) ? raw.referal_id : null,
  };
}

/** The two login response shapes of SPEC.md section 4; the server sends both at once (DESIGN.md 5). */
export type LoginResponse =
  | (Pick<AuthResponse, 'token' | 'user_type' | 'user_role'> & Partial<Pick<AuthResponse, 'data'>>)
  | Pick<AuthResponse, 'access_token' | 'data'>;

function read(): Session {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return EMPTY;
    return fromStorage(JSON.parse(raw));
  } catch {
    return EMPTY;
  }
}

let current: Session = typeof window === 'undefined' ? EMPTY : read();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function write(next: Session) {
  current = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the session still lives for this tab.
  }
  emit();
}

function update(patch: Partial<Session>) {
  write({ ...current, ...patch });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  // A session stored by an older client may still hold a token: rewrite it without one.
  if (window.localStorage.getItem(STORAGE_KEY)?.includes('loginToken')) write(current);
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    current = read();
    emit();
  });
}

export const sessionStore = {
  get: (): Session => current,
  subscribe,

  /** Logged out → logged in, from either response shape of SPEC.md section 4. */
  login(response: LoginResponse) {
    const user = response.data ?? null;
    const roles =
      'token' in response
        ? { userType: response.user_type, userRole: response.user_role }
        : { userType: response.data.user_role, userRole: response.data.user_role };
    update({
      isLoggedIn: true,
      ...roles,
      userData: user,
      userCountry: user?.country ?? current.userCountry,
    });
    // The account's language, which its mail uses too, becomes the pages' language.
    if (user && user.locale !== currentLocale()) void activateLocale(user.locale).catch(() => undefined);
  },

  /** SPEC.md section 4: clears the logged-in state, type and user; role and country stay as they were. */
  reset() {
    update({ isLoggedIn: false, userType: null, userData: null });
  },

  setUserData(userData: User) {
    update({ userData });
  },
  setCountry(userCountry: string | null) {
    update({ userCountry });
  },
  setUrlName(userUrlName: string) {
    update({ userUrlName });
  },
  /** Adding sponsor URL info also sets the referral id from the sponsor id. */
  setUrlInfo(info: UrlInfo) {
    update({ userUrlInfoData: info, referal_id: info.id });
  },
  /** Clearing the URL name empties the sponsor info and the referral id. */
  clearUrlName() {
    update({ userUrlName: '', userUrlInfoData: null, referal_id: null });
  },
  setSignUpData(signUpData: User) {
    update({ signUpData });
  },
  clearSignUpData() {
    update({ signUpData: null });
  },
  setSignUpFormData(data: SignUpFormData) {
    update({ signUpFormData: { name: data.name, email: data.email, level: data.level } });
  },
  clearSignUpFormData() {
    update({ signUpFormData: null });
  },
  setPlanStatus(userPlanStatus: string | null) {
    update({ userPlanStatus });
  },
};

export function useSession(): Session {
  return useSyncExternalStore(subscribe, sessionStore.get, sessionStore.get);
}

export const isLearner = (session: Session) => session.isLoggedIn && session.userRole === 'user';
export const isAdmin = (session: Session) => session.isLoggedIn && session.userRole === 'admin';
