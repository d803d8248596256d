// Every call of the API, SPEC.md section 7 plus the calls we added. The server registers exactly these
// paths; the hostile-input test walks this list. Paths are relative to /api/; `:name` marks a path parameter.
export const ENDPOINTS = {
  health: { method: 'GET', path: 'health', auth: 'public' },
  register: { method: 'POST', path: 'register', auth: 'public' },
  login: { method: 'POST', path: 'login', auth: 'public' },
  adminLogin: { method: 'POST', path: 'admin-login', auth: 'public' },
  logout: { method: 'POST', path: 'logout', auth: 'any' },
  userDetails: { method: 'GET', path: 'user-details', auth: 'any' },
  userDetailsSave: { method: 'POST', path: 'user-details-save', auth: 'any' },
  membershipTokens: { method: 'GET', path: 'get-membership-token', auth: 'public' },
  membershipToken: { method: 'GET', path: 'get-single-membership-token/:id', auth: 'public' },
} as const satisfies Record<
  string,
  { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; auth: 'public' | 'any' | 'user' | 'admin' }
>;

export type EndpointName = keyof typeof ENDPOINTS;
