/**
 * A response body: JSON by the native parser, else text, as destr answers without its regular expressions over the
 * whole text (our own origin's JSON needs no prototype guard). The build gives it to ofetch in destr's place.
 */
export default function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
