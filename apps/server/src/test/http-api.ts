// One API call over real HTTP, for tests of server processes and of a server whose database goes away.

export type HttpAnswer = {
  /** 0 when no answer came: the connection was refused or cut off (a dead or dying server). */
  status: number;
  body: { data?: Record<string, unknown>; message?: string };
  retryAfter: string | null;
};

export async function httpApi(
  baseUrl: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: object,
): Promise<HttpAnswer> {
  let text: string;
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body && { 'content-type': 'application/json' }),
      },
      ...(body && { body: JSON.stringify(body) }),
    });
    text = await response.text();
  } catch {
    return { status: 0, body: {}, retryAfter: null };
  }
  return {
    status: response.status,
    body: JSON.parse(text) as HttpAnswer['body'],
    retryAfter: response.headers.get('retry-after'),
  };
}
