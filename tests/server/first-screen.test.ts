/**
 * The SPA shell's first screen (server/prerender.ts, src/entry-server.tsx): the page's loading state as HTML on
 * the upgrades routes, in the variant's language, under the CSP (no style attribute, one hashed <style> element).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspWithFirstScreen, deferEntry, prefsFromCookieHeader, shellWithFirstScreen } from '../../server/prerender.ts';
import { extractStyles } from '../../src/entry-server.tsx';
import { readPrefs } from '../../src/machines/prefs.ts';
import type { IndexResponse, ItemDto } from '../../src/api/contract.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const SHELL =
  '<!doctype html>\n<html lang="en"><head><title>Upgrades</title></head><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrades-first-screen-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  t = await createTestApp({ distDir: dist, site: 'ru' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const root = (html: string) => html.slice(html.indexOf('<div id="root"'), html.lastIndexOf('<script'));
const styleOf = (html: string) => /<style id="first-screen-style">([^<]*)<\/style>/.exec(html)?.[1];
const sha = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
/** The texts of the page's inline scripts (those without src). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([^<]*)<\/script>/g)].map((m) => m[1]);

describe('the first screen in the SPA shell', () => {
  it("fills the root on the upgrades routes with the page in its loading state, in the variant's language", async () => {
    for (const url of ['/', '/upgrades/', '/upgrades/1,2', '/upgrades/?q=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const html = root(res.body);
      expect(html, url).toMatch(/^<div id="root" data-first-screen><div class="app">/);
      expect(html, url).toContain('data-testid="wheel-placeholder"');
      expect(html, url).toContain('Апгрейды');
      expect(html, url).toContain('aria-busy="true"');
      expect(html, url).not.toContain('data-testid="sign-in"');
    }
  });

  it('leaves the verifier routes to the browser: empty root, no style element, the CSP as everywhere', async () => {
    const plain = String((await get('/api/site')).headers['content-security-policy']);
    for (const url of ['/ru/provably_fair/roll_verifier/', '/ru/provably_fair/roll_verifier/abc']) {
      const res = await get(url);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('<style');
      expect(res.body, url).toContain('<script type="module" src="/assets/x.js"></script>');
      expect(inlineScripts(res.body), url).toEqual([]);
      expect(res.headers['content-security-policy'], url).toBe(plain);
    }
  });

  it('has no style attribute; its one <style> element is admitted by hash and the rest of the CSP is unchanged', async () => {
    const plain = String((await get('/api/site')).headers['content-security-policy']);
    const res = await get('/upgrades/');
    expect(res.body).not.toMatch(/<[^>]+\sstyle=/);
    const css = styleOf(res.body)!;
    expect(css).toContain('width:380px');
    expect(res.body.indexOf('<style id="first-screen-style">')).toBeLessThan(res.body.indexOf('</head>'));
    const csp = String(res.headers['content-security-policy']);
    const [loader] = inlineScripts(res.body);
    expect(csp).toBe(
      plain
        .replace("style-src 'self'", `style-src 'self' ${sha(css)}`)
        .replace("script-src 'self'", `script-src 'self' ${sha(loader)}`),
    );
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
  });

  it('fetches the entry script as early as the plain shell, and starts it once the first frame is drawn', async () => {
    for (const url of ['/', '/upgrades/', '/upgrades/1,2']) {
      const res = await get(url);
      // The entry is preloaded where its script tag was, and the one inline script (the loader) imports it.
      expect(res.body, url).not.toMatch(/<script[^>]*\bsrc=/);
      expect(res.body, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/x.js"><script type="module">',
      );
      const scripts = inlineScripts(res.body);
      expect(scripts, url).toHaveLength(1);
      expect(scripts[0], url).toContain('import("/assets/x.js")');
      expect(scripts[0], url).toContain('requestAnimationFrame');
      expect(String(res.headers['content-security-policy']), url).toContain(`script-src 'self' ${sha(scripts[0])}`);
    }
  });

  it('follows the preference cookies as the browser will read them, and says so to caches', async () => {
    const on = await get('/upgrades/');
    const off = await get('/upgrades/', 'dont_play_sound_Upgrades=1');
    expect(root(on.body)).toMatch(/data-testid="sound" aria-pressed="true"/);
    expect(root(off.body)).toMatch(/data-testid="sound" aria-pressed="false"/);
    expect(on.headers.vary).toMatch(/cookie/i);
  });
});

describe('the targets on the first screen', () => {
  const metaTargets = (html: string) => {
    const content = /<meta name="upgrades-targets" content="([^"]*)">/.exec(html)?.[1];
    return content === undefined
      ? null
      : (JSON.parse(
          content
            .replace(/&quot;/g, '"')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&amp;/g, '&'),
        ) as ItemDto[]);
  };
  const cellIds = (html: string) =>
    [...root(html).matchAll(/data-testid="target-item-(\d+)"/g)].map((m) => Number(m[1]));

  it('never waits for the database: before the catalogue is loaded the targets are loading, then its first page shows', async () => {
    const cold = await createTestApp({ distDir: dist, site: 'ru' });
    try {
      const first = await cold.app.inject({ method: 'GET', url: '/upgrades/' });
      expect(metaTargets(first.body)).toBeNull();
      expect(cellIds(first.body)).toEqual([]);
      // The index call loads the catalogue (the first request only started a load).
      const index = (
        await cold.app.inject({ method: 'POST', url: '/api/upgrade/index', payload: {} })
      ).json<IndexResponse>();
      const html = (await cold.app.inject({ method: 'GET', url: '/upgrades/' })).body;
      // The page's own first page: cheapest first, ties by id (the index call lists them in that order on the CS site).
      const expected = index.uitems.slice(0, 15);
      expect(expected).toHaveLength(15);
      expect(metaTargets(html)).toEqual(expected);
      expect(cellIds(html)).toEqual(expected.map((i) => i.id));
      expect(html.indexOf('<meta name="upgrades-targets"')).toBeLessThan(html.indexOf('</head>'));
    } finally {
      await cold.close();
    }
  });

  it('shows each cell disabled, the first four with their pictures, and the filters disabled, until the page has loaded', async () => {
    await t.app.inject({ method: 'POST', url: '/api/upgrade/index', payload: {} });
    const body = (await get('/upgrades/')).body;
    const html = root(body);
    // React's preload of each picture goes into the head.
    const head = body.slice(0, body.indexOf('</head>'));
    const cells = [...html.matchAll(/<button [^>]*data-testid="target-item-\d+"[^>]*>.*?<\/button>/g)].map((m) => m[0]);
    expect(cells).toHaveLength(15);
    cells.forEach((cell, n) => {
      expect(cell).toMatch(/ disabled=""/);
      const src = /<img src="(\/app\/public\/items\/\d+\.png)"/.exec(cell)?.[1];
      if (n < 4) expect(head).toContain(`<link rel="preload" as="image" href="${src}"/>`);
      else expect(src).toBeUndefined();
    });
    expect(head.match(/<link rel="preload" as="image"/g)).toHaveLength(4);
    expect(html).toMatch(/<fieldset class="filters" disabled="">/);
    // No form state restored into the server's markup that the page would not apply.
    const controls = html
      .slice(html.indexOf('<fieldset'), html.indexOf('</fieldset>'))
      .match(/<(input|select)\b[^>]*>/g)!;
    expect(controls.length).toBeGreaterThanOrEqual(4);
    for (const control of controls) expect(control).toContain('autoComplete="off"');
    expect(html).toContain('data-testid="search-right"');
    // The CSP still admits no inline style attribute and nothing new to run.
    expect(html).not.toMatch(/<[^>]+\sstyle=/);
    expect(inlineScripts((await get('/upgrades/')).body)).toHaveLength(1);
  });
});

describe("the first screen's parts", () => {
  it('moves style attributes into rules, unescaping the attribute text once and reusing a rule for the same text', () => {
    const { html, css } = extractStyles(
      '<div style="font-family:&quot;A &amp; B&quot;;color:red"><b style="color:red"></b><i style="font-family:&quot;A &amp; B&quot;;color:red"></i></div>',
    );
    expect(html).toBe(
      '<div data-first-screen-style="0"><b data-first-screen-style="1"></b><i data-first-screen-style="0"></i></div>',
    );
    expect(css).toBe(
      '#root [data-first-screen-style="0"]{font-family:"A & B";color:red}\n#root [data-first-screen-style="1"]{color:red}',
    );
    expect(extractStyles('<p>style="x"</p>').css).toBe('');
  });

  it('never lets a value close the style element', () => {
    expect(extractStyles('<div style="content:&lt;/style&gt;"></div>').css).not.toContain('<');
  });

  it('reads the preference cookies exactly as the browser does (readPrefs over document.cookie)', () => {
    const headers = [
      undefined,
      '',
      'dont_play_sound_Upgrades=1',
      'dont_play_sound_Upgrades=0',
      'BP_CHECKBOX_IS_CHECKED=0',
      'BP_CHECKBOX_IS_CHECKED=1; dont_play_sound_Upgrades=1',
      'BP_CHECKBOX_IS_CHECKED=x',
      'sid=abc; BP_CHECKBOX_IS_CHECKED=0',
    ];
    const had = Object.getOwnPropertyDescriptor(globalThis, 'document');
    try {
      for (const header of headers) {
        Object.defineProperty(globalThis, 'document', { value: { cookie: header ?? '' }, configurable: true });
        expect(prefsFromCookieHeader(header), String(header)).toEqual(readPrefs());
      }
    } finally {
      if (had) Object.defineProperty(globalThis, 'document', had);
      else delete (globalThis as { document?: unknown }).document;
    }
  });

  it('leaves a shell without an empty root or head, and a CSP without style-src, as they were', () => {
    const screen = { html: '<p>x</p>', css: 'a{}', cssHash: "'sha256-x'" };
    expect(shellWithFirstScreen('<html><body><div id="root" class="x"></div></body></html>', screen)).not.toContain(
      '<p>x</p>',
    );
    expect(shellWithFirstScreen(SHELL, null)).toBe(SHELL);
    expect(cspWithFirstScreen("default-src 'self'", screen)).toBe("default-src 'self'");
    expect(cspWithFirstScreen("default-src 'self';style-src 'self';img-src 'self'", screen)).toBe(
      "default-src 'self';style-src 'self' 'sha256-x';img-src 'self'",
    );
    expect(cspWithFirstScreen("script-src 'self';style-src 'self'", screen, "'sha256-y'")).toBe(
      "script-src 'self' 'sha256-y';style-src 'self' 'sha256-x'",
    );
    // No first screen: the entry is not deferred, and no script is admitted.
    expect(cspWithFirstScreen("script-src 'self'", null, "'sha256-y'")).toBe("script-src 'self'");
  });

  it('defers the entry as Vite writes it (with crossorigin), in place, and leaves a shell without an entry tag as it was', () => {
    const vite =
      '<head><script type="module" crossorigin src="/assets/index-A1.js"></script><link rel="stylesheet" href="/a.css"></head>';
    const { html, scriptHash } = deferEntry(vite);
    expect(html).toMatch(
      /^<head><link rel="modulepreload" crossorigin href="\/assets\/index-A1.js"><script type="module">[^<]+<\/script><link rel="stylesheet" href="\/a.css"><\/head>$/,
    );
    expect(scriptHash).toBe(sha(inlineScripts(html)[0]));
    expect(deferEntry(vite)).toEqual({ html, scriptHash });
    const none = '<head><script src="/classic.js"></script></head>';
    expect(deferEntry(none)).toEqual({ html: none, scriptHash: null });
  });
});
