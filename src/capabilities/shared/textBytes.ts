// What counts as text a model can read, for every tool that returns file content: valid
// UTF-8 without NUL bytes. Anything else is binary (`binary_file`).

/** Decoded text, or why the bytes are binary. */
export type DecodedText = { ok: true; text: string } | { ok: false; reason: 'nul' | 'encoding' };

/**
 * Decodes bytes as UTF-8 text; a NUL byte or an invalid sequence means binary.
 * `keepBom` keeps a leading byte order mark in the text (to rewrite a file byte for byte).
 * @example decodeText(Buffer.from('hello')) // { ok: true, text: 'hello' }
 */
export function decodeText(bytes: Uint8Array, options: { keepBom?: boolean } = {}): DecodedText {
  if (bytes.includes(0)) return { ok: false, reason: 'nul' };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: options.keepBom === true }).decode(bytes) };
  } catch {
    return { ok: false, reason: 'encoding' };
  }
}
