import { MESSAGES } from '@tokenly/contract/messages';
import { expect } from 'vitest';
import { bearer, type TestApp, XHR } from './test-app';

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: Record<string, unknown> };

/** Every admin call: 401 without a session, 403 for a learner, before any look at the body. */
export async function expectAdminOnly(t: TestApp, learnerToken: string, calls: Call[]): Promise<void> {
  for (const call of calls) {
    const where = `${call.method} ${call.url}`;
    const anonymous = await t.app.inject({ ...call, headers: XHR });
    expect(anonymous.statusCode, where).toBe(401);
    expect(anonymous.json().message, where).toBe(MESSAGES.unauthenticated);
    const learner = await t.app.inject({ ...call, headers: bearer(learnerToken) });
    expect(learner.statusCode, where).toBe(403);
    expect(learner.json().message, where).toBe(MESSAGES.forbidden);
  }
}
