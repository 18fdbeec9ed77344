/**
 * How the page reads a response body: JSON through the native parser, anything else as text, as ofetch's default
 * (destr) would answer. destr first runs regular expressions over the whole text: for the index answer (a megabyte
 * with 6,000 targets) that was tens of milliseconds of the page load at CPU 4x. Our own origin's JSON needs no
 * prototype guard. The client passes it to ofetch as parseResponse, and the build gives it to ofetch in destr's
 * place (vite.config.ts), so the page ships one parser, not two (destr was 0.6 kB gzipped before the first paint).
 */
export default function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
