/** Catalogue imports from JSON or CSV; prices become minor units by string arithmetic, so '19.99' is 1999 exactly. */
import { parseCsv } from './csv.ts';
import type { CatalogueRow } from './generate.ts';

/** Columns or keys an import reads; others are ignored. */
type Column = 'name' | 'price' | 'price_minor' | 'type' | 'type_prize' | 'image';
const MAX_NAME = 200;
const MAX_TYPE = 50;
const MAX_IMAGE = 2000;
const MAJOR = /^(\d{1,10})(?:\.(\d{1,2}))?$/;
const MINOR = /^\d{1,15}$/;
// Names end up in HTML, SVG and CSV exports: control characters there are never intended.
const CONTROL = /[\u0000-\u001f\u007f]/;

type Raw = Partial<Record<Column, unknown>>;

/** Parses a catalogue file: every valid row, and one message per problem. */
export function parseCatalogue(text: string, format: 'json' | 'csv'): { rows: CatalogueRow[]; errors: string[] } {
  const errors: string[] = [];
  // File-level problems (bad JSON, header, broken quoting) go last, after the rows that could be read.
  const fileErrors: string[] = [];
  const raws = format === 'json' ? readJson(text, fileErrors) : readCsv(text, fileErrors);
  const rows: CatalogueRow[] = [];
  const firstRow = new Map<string, number>();
  raws.forEach(({ raw, label, problem }, index) => {
    const at = `row ${index + 1}${label}`;
    if (problem) {
      errors.push(`${at}: ${problem}`);
      return;
    }
    const rowErrors: string[] = [];
    const row = validate(raw as Raw, rowErrors);
    if (!row) {
      errors.push(...rowErrors.map((e) => `${at}: ${e}`));
      return;
    }
    const first = firstRow.get(row.name);
    if (first !== undefined) {
      errors.push(`${at}: duplicate name ${show(row.name)} (first in row ${first})`);
      return;
    }
    firstRow.set(row.name, index + 1);
    rows.push(row);
  });
  return { rows, errors: [...errors, ...fileErrors] };
}

/** A raw row, where it came from, and a problem found before validation. */
interface Located {
  raw: Raw | null;
  label: string;
  problem?: string;
}

function readJson(text: string, errors: string[]): Located[] {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    errors.push(`JSON: ${(e as Error).message}`);
    return [];
  }
  if (!Array.isArray(data)) {
    errors.push('JSON: expected an array of items');
    return [];
  }
  return data.map((item) => ({
    raw: item as Raw,
    label: '',
    problem: item !== null && typeof item === 'object' && !Array.isArray(item) ? undefined : 'expected an item object',
  }));
}

function readCsv(text: string, errors: string[]): Located[] {
  const { records, error } = parseCsv(text);
  const [header, ...body] = records;
  if (!header) {
    errors.push(error ?? 'CSV: no header row');
    return [];
  }
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = ['name', 'type'].filter((c) => !names.includes(c));
  if (!names.includes('price') && !names.includes('price_minor')) missing.push('price (or price_minor)');
  const repeated = names.filter((n, i) => n && names.indexOf(n) !== i);
  if (missing.length || repeated.length) {
    if (missing.length) errors.push(`header: missing column ${missing.map((m) => `'${m}'`).join(', ')}`);
    if (repeated.length) errors.push(`header: repeated column ${repeated.map((m) => `'${m}'`).join(', ')}`);
    return [];
  }
  const located = body.map(({ line, fields }): Located => {
    const label = ` (line ${line})`;
    if (fields.length !== names.length) {
      return { raw: null, label, problem: `${fields.length} fields where the header has ${names.length}` };
    }
    const raw: Record<string, string> = {};
    names.forEach((n, i) => {
      raw[n] = fields[i];
    });
    return { raw, label };
  });
  // A quoting error ends the read: report it after the rows read before it.
  if (error) errors.push(`CSV: ${error}; nothing after it was read`);
  return located;
}

function validate(raw: Raw, errors: string[]): CatalogueRow | null {
  const name = text(raw.name);
  if (name === null) errors.push('name must be text');
  else if (!name) errors.push('name is missing');
  else if (Array.from(name).length > MAX_NAME) errors.push(`name is longer than ${MAX_NAME} characters`);
  else if (CONTROL.test(name)) errors.push('name contains control characters');
  const priceMinor = price(raw, errors);
  const type = text(raw.type);
  if (type === null) errors.push('type must be text');
  else if (!type) errors.push('type is missing');
  else if (type.length > MAX_TYPE) errors.push(`type is longer than ${MAX_TYPE} characters`);
  const typePrize = integerOrZero(raw.type_prize);
  if (typePrize === null) errors.push(`type_prize ${show(raw.type_prize)} is not a whole number >= 0`);
  const image = imageUrl(raw.image);
  if (image === undefined) errors.push(`image ${show(raw.image)} is not an http(s) URL`);
  if (errors.length || !name || priceMinor === null || !type || typePrize === null || image === undefined) return null;
  return { name, priceMinor, type, typePrize, image };
}

/** Trimmed text; '' for absent; null for a value that is not text. */
function text(v: unknown): string | null {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v.trim() : null;
}

/** Missing key, null, or an empty CSV cell. */
function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** The price in minor units from price (major) or price_minor; both may be given if they agree. */
function price(raw: Raw, errors: string[]): number | null {
  const before = errors.length;
  let fromMajor: number | null = null;
  let fromMinor: number | null = null;
  if (!blank(raw.price)) {
    // String(number) is the shortest round-trip form: 19.99 reads '19.99', 1e-7 is rejected.
    const m = MAJOR.exec(
      typeof raw.price === 'number' || typeof raw.price === 'string' ? String(raw.price).trim() : '',
    );
    if (!m) errors.push(`price ${show(raw.price)} is not an amount with at most 2 decimals`);
    else fromMajor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  }
  if (!blank(raw.price_minor)) {
    const s =
      typeof raw.price_minor === 'number' || typeof raw.price_minor === 'string' ? String(raw.price_minor).trim() : '';
    if (!MINOR.test(s)) errors.push(`price_minor ${show(raw.price_minor)} is not a whole number of minor units`);
    else fromMinor = Number(s);
  }
  const minor = fromMajor ?? fromMinor;
  if (blank(raw.price) && blank(raw.price_minor)) errors.push('price is missing');
  else if (fromMajor !== null && fromMinor !== null && fromMajor !== fromMinor)
    errors.push('price and price_minor disagree');
  else if (minor === 0) errors.push('price must be greater than 0');
  return minor !== null && minor > 0 && errors.length === before ? minor : null;
}

function integerOrZero(v: unknown): number | null {
  if (blank(v)) return 0;
  const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : '';
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

/** null for no image, the URL for a valid http(s) one, undefined for anything else. */
function imageUrl(v: unknown): string | null | undefined {
  if (blank(v)) return null;
  if (typeof v !== 'string' || v.length > MAX_IMAGE) return undefined;
  const s = v.trim();
  if (!URL.canParse(s)) return undefined;
  const { protocol } = new URL(s);
  return protocol === 'http:' || protocol === 'https:' ? s : undefined;
}

/** Cut short, so a garbage cell cannot flood the report. */
function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
