// Text a model can read: valid UTF-8 without NUL bytes. Anything else is treated as binary.

/** Decoded text, or why the bytes are not text. */
export type DecodedText = { ok: true; text: string } | { ok: false; reason: 'binary' };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Decodes bytes as UTF-8 text; a NUL byte or an invalid sequence means binary.
 * @example decodeText(Buffer.from('hello')) // { ok: true, text: 'hello' }
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.includes(0)) return { ok: false, reason: 'binary' };
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return { ok: false, reason: 'binary' };
  }
}
