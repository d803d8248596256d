import { describe, expect, it } from 'vitest';
import { afterLoginPath, readFrom } from './redirect';

describe('afterLoginPath', () => {
  it('sends each role to its dashboard by default', () => {
    expect(afterLoginPath('user', undefined)).toBe('/user/dashboard');
    expect(afterLoginPath('admin', undefined)).toBe('/admin/dashboard');
    expect(afterLoginPath('teacher', undefined)).toBe('/teacher/dashboard');
  });

  it('returns to the protected page the guard came from, when it suits the role', () => {
    expect(afterLoginPath('user', '/user/settings')).toBe('/user/settings');
    expect(afterLoginPath('user', '/select-payment/3')).toBe('/select-payment/3');
    expect(afterLoginPath('admin', '/admin/edit-token/2?x=1')).toBe('/admin/edit-token/2?x=1');
  });

  it('never crosses roles', () => {
    expect(afterLoginPath('user', '/admin/settings')).toBe('/user/dashboard');
    expect(afterLoginPath('admin', '/user/settings')).toBe('/admin/dashboard');
    expect(afterLoginPath('admin', '/select-payment/3')).toBe('/admin/dashboard');
    expect(afterLoginPath('teacher', '/user/settings')).toBe('/teacher/dashboard');
    expect(afterLoginPath('teacher', '/admin/dashboard')).toBe('/teacher/dashboard');
    expect(afterLoginPath('user', '/teacher/class/3')).toBe('/user/dashboard');
    expect(afterLoginPath('teacher', '/teacher/class/3')).toBe('/teacher/class/3');
  });

  it('ignores anything that is not a same-site path', () => {
    expect(afterLoginPath('user', 'https://evil.example/user')).toBe('/user/dashboard');
    expect(afterLoginPath('user', '//evil.example/user')).toBe('/user/dashboard');
    expect(afterLoginPath('user', '/\\evil.example')).toBe('/user/dashboard');
  });

  it('reads the guard state defensively', () => {
    expect(readFrom({ from: '/user/settings' })).toBe('/user/settings');
    expect(readFrom({ from: 3 })).toBeUndefined();
    expect(readFrom(null)).toBeUndefined();
  });
});
