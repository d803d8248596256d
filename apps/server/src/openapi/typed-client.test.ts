import createClient, { type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { operations, paths } from '../../generated/api';
import { createSchedule, createTokenPlan } from '../db/seed/factories';
import { grantCredits } from '../modules/credits/credit-service';
import { createTestApp, signedInUser, type TestApp } from '../test/test-app';

// What a school's integrator does: generate a client from /api/docs/json with openapi-typescript
// (`npm run openapi`, which `npm run typecheck` runs first, writes generated/api.d.ts) and call the API
// with openapi-fetch over real HTTP. This file type-checks against those generated types, so a document
// a generated client cannot use fails `npm test` at the typecheck already.

type ErrorBody = operations['bookClass']['responses'][409]['content']['application/json'];

describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const bearer = (token: string): Middleware => ({
    onRequest: ({ request }) => {
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });

  it('signs up, books a class, downloads its calendar file and reads typed errors', async () => {
    const client = createClient<paths>({ baseUrl });
    const plan = await createTokenPlan(t.db, { tokenTitle: 'Typed Pack' });

    const plans = await client.GET('/api/get-membership-token');
    expect(plans.response.status).toBe(200);
    expect(plans.data?.data.map((row) => row.token_title)).toContain('Typed Pack');
    const one = await client.GET('/api/get-single-membership-token/{id}', {
      params: { path: { id: plan.id } },
    });
    expect(one.data?.data.token_credit).toBe(plan.tokenCredit);

    const registered = await client.POST('/api/register', {
      body: {
        name: 'Typed Client',
        email: 'typed-client@tokenly.test',
        password: 'Typed client 2026!',
        password_confirmation: 'Typed client 2026!',
        level: 2,
      },
    });
    expect(registered.response.status).toBe(201);
    const token =
      registered.data && 'access_token' in registered.data ? registered.data.access_token : undefined;
    if (!token) throw new Error('no access token');
    expectTypeOf(token).toEqualTypeOf<string>();

    const learner = createClient<paths>({ baseUrl });
    learner.use(bearer(token));
    const me = await learner.GET('/api/user-details');
    expect(me.data?.data.email).toBe('typed-client@tokenly.test');

    const schedule = await createSchedule(t.db, {
      title: 'Typed Conversations',
      startsAt: new Date('2031-05-01T09:00:00Z'),
      numberToken: 1,
    });
    await grantCredits(t.db, {
      userId: me.data?.data.id ?? 0,
      credits: 1,
      expiresAt: new Date('2032-01-01T00:00:00Z'),
      source: 'grant',
      reason: 'grant',
    });
    const booked = await learner.POST('/api/book-class', { body: { schedule_id: schedule.id } });
    expect(booked.response.status).toBe(200);
    const bookingId = booked.data?.data.id ?? 0;

    // Not JSON: the document says text/calendar, so the client is told to read text.
    const ics = await learner.GET('/api/booking-ics/{id}', {
      params: { path: { id: bookingId } },
      parseAs: 'text',
    });
    expect(ics.response.status).toBe(200);
    expect(ics.response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(ics.data).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.data).toContain('SUMMARY:Typed Conversations');

    // Error paths: the documented error body, typed.
    const again = await learner.POST('/api/book-class', { body: { schedule_id: schedule.id } });
    expect(again.response.status).toBe(409);
    expectTypeOf(again.error).toEqualTypeOf<ErrorBody | undefined>();
    expect(again.error?.message).toBe(again.error?.errorMessage);
    expect(again.error?.message).toMatch(/already booked/i);

    const anonymous = await client.GET('/api/user-details');
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error?.message).toBeTruthy();

    const invalid = await learner.GET('/api/booking-ics/{id}', { params: { path: { id: 0 } } });
    expect(invalid.response.status).toBe(422);
    expect(Object.keys(invalid.error?.errors ?? {})).toEqual(['id']);

    const admin = createClient<paths>({ baseUrl });
    admin.use(bearer((await signedInUser(t.app, t.db, 'admin')).token));
    const notFound = await admin.GET('/api/admin-student/{id}', { params: { path: { id: 2_000_000 } } });
    expect(notFound.response.status).toBe(404);
    const forbidden = await learner.GET('/api/admin-student/{id}', { params: { path: { id: 1 } } });
    expect(forbidden.response.status).toBe(403);
  });
});
