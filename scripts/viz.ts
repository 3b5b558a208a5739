// `npm run viz`: regenerates visualizations/ from the machine definitions (see vizArtifacts.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { renderArtifacts } from './vizArtifacts.js';

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
for (const [path, content] of renderArtifacts(read)) {
  const unchanged = read(path) === content;
  if (!unchanged) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  console.log(`${unchanged ? 'unchanged' : 'wrote    '} ${path}`);
}
