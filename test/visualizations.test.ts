// The committed pictures can never drift from the machines: every generated file is
// regenerated in memory and compared byte for byte with the one in visualizations/.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mermaidDiagram, renderArtifacts, vizMachines } from '../scripts/vizArtifacts.js';
import { allTransitions } from './model/machineGraph.js';

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
const artifacts = renderArtifacts(read);

describe('visualizations/ is what npm run viz generates from the machines', () => {
  it.each([...artifacts.keys()])('%s is up to date (run `npm run viz` after changing a machine)', (path) => {
    expect(read(path) ?? '(missing)').toBe(artifacts.get(path));
  });

  it.each(Object.entries(vizMachines))('the %s diagram draws every transition of the machine', (_name, machine) => {
    const edges = mermaidDiagram(machine)
      .split('\n')
      .filter((line) => / --> /.test(line) && !line.includes('[*]'));
    // One edge per transition and target; neither machine has a transition with several targets.
    expect(edges).toHaveLength(allTransitions(machine).length);
  });
});
