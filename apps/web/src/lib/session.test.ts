import type { AuthResponse, User } from '@tokenly/contract/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchStorageEvent, storage } from '../test/browser-globals';
import { isAdmin, isLearner, sessionStore } from './session';

const KEY = 'tokenly.session';

const user: User = {
  id: 7,
  name: 'Ana Learner',
  email: 'ana@example.com',
  user_role: 'user',
  cefr_level: 'A1',
  level: 2,
  country: 'PT',
  timezone: 'Europe/Lisbon',
  locale: 'en',
  email_verified_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  disabled_at: null,
};

const fullResponse: AuthResponse = {
  access_token: 'secret-token',
  token: { access_token: 'secret-token', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00.000Z' },
  user_type: 'user',
  user_role: 'user',
  data: user,
};

beforeEach(() => {
  sessionStore.reset();
  sessionStore.clearUrlName();
  storage.clear();
});

describe('session store (SPEC.md sections 3 and 4)', () => {
  it('logs in from the token-object shape', () => {
    sessionStore.login({ token: fullResponse.token, user_type: 'admin', user_role: 'admin' });
    const session = sessionStore.get();
    expect(session).toMatchObject({ isLoggedIn: true, userType: 'admin', userRole: 'admin', userData: null });
    expect(isAdmin(session)).toBe(true);
  });

  it('logs in from the access_token + data shape, the role filling type and role', () => {
    sessionStore.login({ access_token: 'x', data: { ...user, user_role: 'admin' } });
    expect(sessionStore.get()).toMatchObject({ isLoggedIn: true, userType: 'admin', userRole: 'admin' });
  });

  it('never persists the access token (DESIGN.md section 6)', () => {
    sessionStore.login(fullResponse);
    const stored = storage.getItem(KEY) ?? '';
    expect(stored).toContain('Ana Learner');
    expect(stored).not.toContain('secret-token');
    expect(stored).not.toContain('loginToken');
    expect(isLearner(sessionStore.get())).toBe(true);
  });

  it('reset clears login, type and user but keeps role and country', () => {
    sessionStore.login(fullResponse);
    sessionStore.reset();
    expect(sessionStore.get()).toMatchObject({
      isLoggedIn: false,
      userType: null,
      userData: null,
      userRole: 'user',
      userCountry: 'PT',
    });
    expect(isLearner(sessionStore.get())).toBe(false);
  });

  it('sponsor info sets the referral id; clearing the URL name clears both', () => {
    sessionStore.setUrlName('maria');
    sessionStore.setUrlInfo({ id: 42, enrolling_sponsor_name: 'Maria', user_type: 'user' });
    expect(sessionStore.get()).toMatchObject({ userUrlName: 'maria', referal_id: 42 });
    sessionStore.clearUrlName();
    expect(sessionStore.get()).toMatchObject({ userUrlName: '', userUrlInfoData: null, referal_id: null });
  });

  it('stores and clears sign-up data and form data separately, never a password', () => {
    sessionStore.setSignUpData(user);
    sessionStore.setSignUpFormData({ name: 'Ana', email: 'ana@example.com', level: 1 });
    sessionStore.clearSignUpData();
    expect(sessionStore.get().signUpData).toBeNull();
    expect(sessionStore.get().signUpFormData).toEqual({ name: 'Ana', email: 'ana@example.com', level: 1 });
    sessionStore.clearSignUpFormData();
    expect(sessionStore.get().signUpFormData).toBeNull();
  });

  it('follows another tab through the storage event, ignoring corrupt fields', () => {
    let notified = 0;
    const unsubscribe = sessionStore.subscribe(() => {
      notified++;
    });
    storage.setItem(
      KEY,
      JSON.stringify({
        isLoggedIn: true,
        userRole: 'admin',
        userType: 'root',
        userData: { id: 'x' },
        loginToken: 't',
      }),
    );
    dispatchStorageEvent(KEY);
    unsubscribe();
    expect(notified).toBe(1);
    expect(sessionStore.get()).toMatchObject({
      isLoggedIn: true,
      userRole: 'admin',
      userType: null,
      userData: null,
    });
    expect(JSON.stringify(sessionStore.get())).not.toContain('loginToken');
  });

  it('survives unreadable storage', () => {
    storage.setItem(KEY, '{not json');
    dispatchStorageEvent(KEY);
    expect(sessionStore.get().isLoggedIn).toBe(false);
  });
});
