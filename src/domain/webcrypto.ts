/** WebCrypto implementations of the hashes the roll needs (browser and Node 20 alike). */
const encoder = new TextEncoder();

/** HMAC-SHA256(key, message) with WebCrypto. */
export async function hmacSha256Web(key: string, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, encoder.encode(message)));
}

/** SHA-256 of a string's UTF-8 bytes as lowercase hex. */
export async function sha256HexWeb(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
