/** Writes QA reports under reports/ (gitignored): a Markdown file for people and a JSON file for tools. */
import fs from 'node:fs';
import path from 'node:path';

/** The reports directory: REPORTS_DIR or ./reports. */
export function reportsDir(): string {
  return path.resolve(process.env.REPORTS_DIR ?? 'reports');
}

/** Writes `{name}.md` and `{name}.json` into dir; returns their paths. */
export function writeReport(
  name: string,
  markdown: string,
  data: unknown,
  dir = reportsDir(),
): { md: string; json: string } {
  fs.mkdirSync(dir, { recursive: true });
  const md = path.join(dir, `${name}.md`);
  const json = path.join(dir, `${name}.json`);
  fs.writeFileSync(md, markdown);
  fs.writeFileSync(json, `${JSON.stringify(data, null, 2)}\n`);
  return { md, json };
}
