/** A small RFC 4180 reader for catalogue imports; malformed quoting stops with a located error, never a guess. */

/** One record and the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Records up to the end or the first malformed one. */
export interface CsvResult {
  records: CsvRecord[];
  error: string | null;
}

/** Reads CSV text into records of raw field strings. */
export function parseCsv(input: string): CsvResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let started = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    // A blank line is one empty field: not a record.
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    started = false;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (!started) recordLine = line;
    // Only at a field's start does a quote open a quoted field.
    if (c === '"' && field === '') {
      started = true;
      i++;
      for (;;) {
        if (i >= text.length) return { records, error: `line ${recordLine}: a quoted field is never closed` };
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] !== '"') break;
          field += '"';
          i += 2;
          continue;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      i++;
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        return { records, error: `line ${line}: unexpected text after a closing quote` };
      }
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      started = true;
      i++;
    } else if (c === '\n' || c === '\r') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
    } else if (c === '"') {
      return {
        records,
        error: `line ${line}: a quote inside an unquoted field (quote the whole field and double the quote)`,
      };
    } else {
      field += c;
      started = true;
      i++;
    }
  }
  if (started || field !== '' || fields.length) endRecord();
  return { records, error: null };
}
