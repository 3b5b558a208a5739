// The relative links of the docs pages: each names a file of the repository and, with a
// `#fragment` into a Markdown page, one of its headings (as GitHub makes anchors of them).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as
 * hyphens, a repeated heading numbered (`-1`, `-2`). Headings inside code fences are not headings.
 * @example headingAnchors('# A `b()`, c\n## A `b()`, c\n') // ['a-b-c', 'a-b-c-1']
 */
export function headingAnchors(text: string): string[] {
  const anchors: string[] = [];
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || line.startsWith(fence))) fence = fence === undefined ? marker : undefined;
    const heading = fence === undefined ? /^#{1,6} (.*)$/.exec(line)?.[1] : undefined;
    if (heading === undefined) continue;
    const base = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.push(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/**
 * The relative links of a page (outside code) whose file or heading does not exist, as `file:line: link`.
 * @example brokenLinks('.', 'README.md', '[x](docs/nowhere.md)') // ['README.md:1: docs/nowhere.md (no such file)']
 */
export function brokenLinks(root: string, file: string, text: string): string[] {
  const problems: string[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || line.trimStart().startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence !== undefined) return;
    for (const [, link] of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(link!)) continue;
      const [target, fragment] = link!.split('#') as [string, string | undefined];
      const resolved = target === '' ? file : path.join(path.dirname(file), target);
      const where = `${file}:${index + 1}: ${link}`;
      if (!existsSync(path.join(root, resolved))) problems.push(`${where} (no such file)`);
      else if (fragment !== undefined && resolved.endsWith('.md') && !headingAnchors(readFileSync(path.join(root, resolved), 'utf8')).includes(fragment)) problems.push(`${where} (no such heading)`);
    }
  });
  return problems;
}
