/** Sign-in, registration and the current user. */
import type { MeResponse, UserDto } from './contract.ts';
import { request } from './client.ts';
import { forgetToken } from './token.ts';

/** Username and password as the forms send them. */
export interface Credentials {
  username: string;
  password: string;
}

/** GET /api/auth/me: the signed-in user, or null. */
export async function fetchMe(): Promise<UserDto | null> {
  return (await request<MeResponse>('/api/auth/me', { method: 'GET' })).user;
}

/** POST /api/auth/login: starts a session (HttpOnly cookie). */
export async function login(credentials: Credentials): Promise<void> {
  forgetToken();
  await request('/api/auth/login', { method: 'POST', body: { ...credentials } });
}

/** POST /api/auth/register: creates the account (the player confirmed being 18 or older) and starts a session. */
export async function register(credentials: Credentials & { ageConfirmed: boolean }): Promise<void> {
  forgetToken();
  const { username, password, ageConfirmed } = credentials;
  await request('/api/auth/register', {
    method: 'POST',
    body: { username, password, ...(ageConfirmed ? { age_confirmed: '1' } : {}) },
  });
}

/** POST /api/auth/logout: ends the session. */
export async function logout(): Promise<void> {
  forgetToken();
  await request('/api/auth/logout', { method: 'POST' });
}
