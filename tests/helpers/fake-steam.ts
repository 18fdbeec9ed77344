/**
 * A fake Steam on loopback (real HTTP): the OpenID 2.0 endpoint (checkid_setup signs the configured player in
 * at once; check_authentication verifies the fake's own HMAC signatures) and ISteamUser/GetPlayerSummaries.
 * `assertion` builds a positive assertion with any field overridden and still validly signed, so a test shows
 * that the server's own check refuses it, not the provider.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';

/** A running fake Steam. */
export interface FakeSteam {
  /** The OpenID endpoint (STEAM_OPENID_URL). */
  endpoint: string;
  /** The Web API base (STEAM_API_URL), also the origin of the avatars it serves (STEAM_AVATAR_ORIGINS). */
  apiUrl: string;
  /** The URL of an avatar picture this fake serves (a 1x1 PNG). */
  avatarUrl(name: string): string;
  /** What check_authentication does: verify the signature, answer is_valid:false, or drop the connection. */
  verdict: 'verify' | 'invalid' | 'down';
  /** The player checkid_setup signs in. */
  steamId: string;
  /** Profiles GetPlayerSummaries knows, by steamid64. */
  players: Map<string, { personaname: string; avatarfull: string }>;
  /** check_authentication requests received. */
  checks: number;
  /** A signed positive assertion for `returnTo` as query fields; `nonceAt` dates the nonce. */
  assertion(returnTo: string, over?: Record<string, string>, nonceAt?: number): Record<string, string>;
  close(): Promise<void>;
}

const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A steamid64-shaped id, random enough to be new to any database. */
export function randomSteamId(): string {
  return `7656119${String(randomBytes(5).readUIntBE(0, 5) % 10_000_000_000).padStart(10, '0')}`;
}

/** OpenID's timestamp form: UTC to the second with a Z, then something unique. */
function nonceFor(at: number): string {
  return `${new Date(at).toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`;
}

/** Starts a fake Steam on 127.0.0.1 (an ephemeral port). */
export async function startFakeSteam(): Promise<FakeSteam> {
  const key = randomBytes(32);
  const sign = (f: Record<string, string>) =>
    createHmac('sha256', key)
      .update(
        f.signed
          .split(',')
          .map((k) => `${k}:${f[`openid.${k}`] ?? ''}\n`)
          .join(''),
      )
      .digest('base64');

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/openid/login') {
      const returnTo = url.searchParams.get('openid.return_to') ?? '';
      const realm = url.searchParams.get('openid.realm') ?? '';
      if (url.searchParams.get('openid.mode') !== 'checkid_setup' || !returnTo.startsWith(realm)) {
        res.writeHead(400).end('bad checkid_setup');
        return;
      }
      const back = new URL(returnTo);
      for (const [k, v] of Object.entries(fake.assertion(returnTo))) back.searchParams.set(k, v);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/openid/login') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        fake.checks += 1;
        if (fake.verdict === 'down') {
          req.socket.destroy();
          return;
        }
        const f = Object.fromEntries(new URLSearchParams(body));
        const valid =
          fake.verdict === 'verify' &&
          f['openid.mode'] === 'check_authentication' &&
          typeof f['openid.signed'] === 'string' &&
          f['openid.sig'] === sign({ ...f, signed: f['openid.signed'] });
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`ns:${NS}\nis_valid:${valid}\n`);
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/ISteamUser/GetPlayerSummaries/v2/') {
      const ids = (url.searchParams.get('steamids') ?? '').split(',');
      const players = ids.flatMap((id) => {
        const p = fake.players.get(id);
        return p ? [{ steamid: id, ...p }] : [];
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response: { players } }));
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/avatars/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(AVATAR_PNG);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeSteam = {
    endpoint: `${base}/openid/login`,
    apiUrl: base,
    avatarUrl: (name) => `${base}/avatars/${encodeURIComponent(name)}.png`,
    verdict: 'verify',
    steamId: randomSteamId(),
    players: new Map(),
    checks: 0,
    assertion(returnTo, over = {}, nonceAt = Date.now()) {
      const id = `https://steamcommunity.com/openid/id/${fake.steamId}`;
      const f: Record<string, string> = {
        'openid.ns': NS,
        'openid.mode': 'id_res',
        'openid.op_endpoint': fake.endpoint,
        'openid.claimed_id': id,
        'openid.identity': id,
        'openid.return_to': returnTo,
        'openid.response_nonce': nonceFor(nonceAt),
        'openid.assoc_handle': '1234567890',
        'openid.signed': SIGNED,
        ...over,
      };
      f['openid.sig'] = over['openid.sig'] ?? sign({ ...f, signed: f['openid.signed'] });
      return f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
