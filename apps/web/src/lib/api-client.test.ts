import { ENDPOINTS } from '@tokenly/contract/endpoints';
import { MESSAGES } from '@tokenly/contract/messages';
import { compileCatalog } from '@tokenly/i18n/compile';
import { readBundle } from '@tokenly/i18n/read-catalogs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchStorageEvent, storage } from '../test/browser-globals';
import { ApiError, api, endpointPath, isServiceUnavailable } from './api-client';
import { i18n } from './i18n';
import { sessionStore } from './session';

// The page's words are active before the app starts (main.tsx): English here, from its catalog.
beforeAll(() => {
  i18n.load('en', compileCatalog(readBundle('en', 'public')));
  i18n.activate('en');
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const LOGIN = { email: 'ana@example.com', password: 'secret' };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  storage.clear();
  dispatchStorageEvent(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with the marker header and same-origin credentials under /api/', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { ok: true } }));
    await expect(api.call(ENDPOINTS.userDetailsSave, { body: { name: 'Ana' } })).resolves.toEqual({
      data: { ok: true },
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user-details-save');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Ana"}');
    expect(init.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('makes a call of the contract by its entry: method, path parameters, query and body', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { id: 7 } }));
    const answer = await api.call(ENDPOINTS.adminPromoCodeUpdate, {
      params: { id: 7 },
      body: { code: 'SPRING', kind: 'percent', percent_off: 10 },
    });
    expect(answer.data.id).toBe(7);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin-promo-code/7');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({ code: 'SPRING', percent_off: 10 });

    fetchMock.mockResolvedValue(json(200, { data: [] }));
    await api.call(ENDPOINTS.adminPromoCodes, { query: { page: 2 } });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/admin-promo-codes?page=2');
    const [, listInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(listInit.body).toBeUndefined();
  });

  it('builds query strings and path parameters', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    await api.call(ENDPOINTS.adminStudents, { query: { page: 2, q: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin-user-list?page=2');
    await api.call(ENDPOINTS.sponsorLookup, { params: { url_name: 'ana maria' } });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/sponsor/ana%20maria');
    expect(endpointPath('get-single-membership-token/:id', { id: 5 })).toBe('get-single-membership-token/5');
  });

  it('maps an error body to ApiError with status, message and field errors', async () => {
    fetchMock.mockResolvedValue(
      json(422, { message: 'Invalid', errorMessage: 'Invalid', errors: { email: ['Taken.'] } }),
    );
    const error = await api.call(ENDPOINTS.login, { body: LOGIN }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Invalid', errors: { email: ['Taken.'] } });
    expect((error as ApiError).fieldError('email')).toBe('Taken.');
  });

  it('reads errorMessage when message is absent', async () => {
    fetchMock.mockResolvedValue(json(409, { errorMessage: 'Already booked.' }));
    await expect(api.call(ENDPOINTS.bookClass, { body: { schedule_id: 1 } })).rejects.toMatchObject({
      status: 409,
      message: 'Already booked.',
    });
  });

  it('turns a network failure or an unreadable error into the SPEC.md message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.call(ENDPOINTS.health)).rejects.toMatchObject({
      status: 0,
      message: MESSAGES.networkFailure,
    });
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.call(ENDPOINTS.health)).rejects.toMatchObject({
      status: 502,
      message: MESSAGES.networkFailure,
    });
  });

  it('marks a 503 as briefly unavailable, with the message to show even when a proxy sent the page', async () => {
    const body = { message: MESSAGES.serviceUnavailable, errorMessage: MESSAGES.serviceUnavailable };
    fetchMock.mockResolvedValueOnce(json(503, body));
    const fromServer = await api
      .call(ENDPOINTS.bookClass, { body: { schedule_id: 1 } })
      .catch((e: unknown) => e);
    expect(fromServer).toMatchObject({ status: 503, message: MESSAGES.serviceUnavailable });
    expect(isServiceUnavailable(fromServer)).toBe(true);

    fetchMock.mockResolvedValueOnce(new Response('<html>Service Unavailable</html>', { status: 503 }));
    const fromProxy = await api.call(ENDPOINTS.userToken).catch((e: unknown) => e);
    expect(fromProxy).toMatchObject({ status: 503, message: MESSAGES.serviceUnavailable });
    expect(isServiceUnavailable(fromProxy)).toBe(true);

    // Only a 503 is offered a retry: a 500 or a refused booking will not change by asking again.
    fetchMock.mockResolvedValueOnce(json(500, { message: 'Something went wrong on our side.' }));
    expect(isServiceUnavailable(await api.call(ENDPOINTS.userToken).catch((e: unknown) => e))).toBe(false);
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Already booked.' }));
    const refused = await api
      .call(ENDPOINTS.bookClass, { body: { schedule_id: 1 } })
      .catch((e: unknown) => e);
    expect(isServiceUnavailable(refused)).toBe(false);
  });

  it('resets the session on a 401', async () => {
    sessionStore.login({
      access_token: 't',
      data: {
        id: 1,
        name: 'A',
        email: 'a@b.c',
        user_role: 'user',
        level: 1,
        cefr_level: 'A1',
        country: null,
        timezone: null,
        locale: 'en',
        email_verified_at: null,
        created_at: '',
        disabled_at: null,
      },
    });
    fetchMock.mockResolvedValue(
      json(401, { message: MESSAGES.unauthenticated, errorMessage: MESSAGES.unauthenticated }),
    );
    await expect(api.call(ENDPOINTS.userDetails)).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get()).toMatchObject({ isLoggedIn: false, userRole: 'user' });
  });
});
