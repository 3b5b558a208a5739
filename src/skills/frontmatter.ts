// SKILL.md = a YAML frontmatter block between `---` lines, then a Markdown body. The split
// is line-based; the YAML itself is parsed by the `yaml` package, never by hand.
import { parseDocument } from 'yaml';

/** The two parts of a SKILL.md, or why there is no frontmatter. */
export type SplitSkillFile = { ok: true; yaml: string; body: string } | { ok: false; reason: string };

/** The parsed frontmatter as a plain object, or why it is not one. */
export type ParsedFrontmatter = { ok: true; data: Record<string, unknown> } | { ok: false; reason: string };

const delimiter = /^---[ \t]*$/;

/**
 * Splits a SKILL.md into its frontmatter text and its body (a leading BOM and CRLF line ends accepted).
 * @example splitSkillFile('---\nname: x\n---\nBody') // { ok: true, yaml: 'name: x', body: 'Body' }
 */
export function splitSkillFile(text: string): SplitSkillFile {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0] === undefined || !delimiter.test(lines[0])) {
    return { ok: false, reason: 'SKILL.md has no frontmatter: its first line must be "---".' };
  }
  const end = lines.findIndex((line, index) => index > 0 && delimiter.test(line));
  if (end === -1) return { ok: false, reason: 'SKILL.md frontmatter is not closed by a "---" line.' };
  return { ok: true, yaml: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n') };
}

/**
 * Parses frontmatter YAML into a mapping; bad YAML, duplicate keys and non-mappings are reasons, not throws.
 * @example parseFrontmatter('name: pdf\ndescription: Reads PDFs') // { ok: true, data: { name: 'pdf', description: 'Reads PDFs' } }
 */
export function parseFrontmatter(yaml: string): ParsedFrontmatter {
  // The yaml package's defaults already refuse duplicate keys and cap alias expansion.
  const document = parseDocument(yaml, { prettyErrors: false });
  const [firstError] = document.errors;
  if (firstError !== undefined) {
    // The frontmatter starts on the file's second line, after the opening "---".
    const line = yaml.slice(0, firstError.pos[0]).split('\n').length + 1;
    return { ok: false, reason: `SKILL.md frontmatter is not valid YAML (line ${line}): ${oneLine(firstError.message)}.` };
  }
  let data: unknown;
  try {
    data = document.toJS();
  } catch (error) {
    return { ok: false, reason: `SKILL.md frontmatter is not valid YAML: ${oneLine(String(error))}.` };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, reason: 'SKILL.md frontmatter must be a YAML mapping (key: value lines).' };
  }
  return { ok: true, data: data as Record<string, unknown> };
}

const oneLine = (message: string): string => message.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
