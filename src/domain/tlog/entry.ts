/**
 * The log's entries: one line of canonical JSON each (keys in a fixed order per type, no spaces, integers only),
 * so the bytes hashed into the tree can be rebuilt from the fields and checked by anyone.
 */
export type LogEntry =
  | { type: 'commit'; site: string; time: string; server_seed_hash: string }
  | { type: 'client_seed'; site: string; time: string; server_seed_hash: string; client_seed: string }
  | {
      type: 'game';
      site: string;
      time: string;
      roll_id: string;
      server_seed_hash: string;
      client_seed: string;
      nonce: number;
      chance: number;
      roll_under: 0 | 1;
      roll: number;
      success: boolean;
      stake_minor: number;
      target_price_minor: number;
      /** House rules as the games table holds them (payout_per_100k, chance_min, chance_max); keys sorted. */
      rules: Record<string, number>;
    }
  | { type: 'reveal'; site: string; time: string; server_seed_hash: string; server_seed: string };

type Kind = 'string' | 'int' | 'bit' | 'bool' | 'rules';

const HEAD: [string, Kind][] = [
  ['type', 'string'],
  ['site', 'string'],
  ['time', 'string'],
];

const FIELDS: Record<LogEntry['type'], [string, Kind][]> = {
  commit: [...HEAD, ['server_seed_hash', 'string']],
  client_seed: [...HEAD, ['server_seed_hash', 'string'], ['client_seed', 'string']],
  game: [
    ...HEAD,
    ['roll_id', 'string'],
    ['server_seed_hash', 'string'],
    ['client_seed', 'string'],
    ['nonce', 'int'],
    ['chance', 'int'],
    ['roll_under', 'bit'],
    ['roll', 'int'],
    ['success', 'bool'],
    ['stake_minor', 'int'],
    ['target_price_minor', 'int'],
    ['rules', 'rules'],
  ],
  reveal: [...HEAD, ['server_seed_hash', 'string'], ['server_seed', 'string']],
};

/** The times are what Date#toISOString prints: UTC with milliseconds. */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function bad(msg: string): never {
  throw new Error(`log entry: ${msg}`);
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

function encodeValue(key: string, kind: Kind, v: unknown): string {
  switch (kind) {
    case 'string':
      if (typeof v !== 'string') bad(`${key} must be a string`);
      return JSON.stringify(v);
    case 'int':
      if (!isInt(v)) bad(`${key} must be a safe integer`);
      return String(v);
    case 'bit':
      if (v !== 0 && v !== 1) bad(`${key} must be 0 or 1`);
      return String(v);
    case 'bool':
      if (typeof v !== 'boolean') bad(`${key} must be a boolean`);
      return String(v);
    case 'rules': {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) bad(`${key} must be an object`);
      const rules = v as Record<string, unknown>;
      const keys = Object.keys(rules).sort();
      const parts = keys.map((k) => {
        if (!isInt(rules[k])) bad(`${key}.${k} must be a safe integer`);
        return `${JSON.stringify(k)}:${rules[k]}`;
      });
      return `{${parts.join(',')}}`;
    }
  }
}

/** The canonical line (no trailing newline); throws on a missing, extra or mistyped field. */
export function encodeEntry(e: LogEntry): string {
  const fields = FIELDS[e.type] ?? bad(`unknown type ${JSON.stringify(e.type)}`);
  const rec = e as unknown as Record<string, unknown>;
  const extra = Object.keys(rec).filter((k) => !fields.some(([f]) => f === k));
  if (extra.length > 0) bad(`unexpected field ${extra[0]}`);
  if (typeof rec.time !== 'string' || !TIME.test(rec.time)) bad('time must be an ISO 8601 UTC time');
  const parts = fields.map(([key, kind]) => {
    if (!(key in rec)) bad(`missing ${key}`);
    return `${JSON.stringify(key)}:${encodeValue(key, kind, rec[key])}`;
  });
  return `{${parts.join(',')}}`;
}

/** Parses a line and checks it is exactly the canonical encoding of what it says. */
export function decodeEntry(line: string): LogEntry {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    bad('not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) bad('not an object');
  const entry = parsed as LogEntry;
  if (!Object.hasOwn(FIELDS, entry.type)) bad('unknown type');
  if (encodeEntry(entry) !== line) bad('not in canonical form');
  return entry;
}
