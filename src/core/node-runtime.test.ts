import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeRuntimeProblem, REQUIRED_NODE } from './node-runtime';

describe('the Node the project runs on', () => {
  it('is Node 24.21 or newer here, the Node of Electron 45', () => {
    expect(nodeRuntimeProblem()).toBeUndefined();
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('refuses anything older, and compares numbers, not text', () => {
    for (const older of ['20.20.2', '22.12.0', '24.9.0', '24.20.9'])
      expect(nodeRuntimeProblem(older), older).toEqual({ required: '24.21.0', running: older });
    for (const newer of ['24.21.0', '24.21.1', '24.100.0', '25.0.0', '26.10.0'])
      expect(nodeRuntimeProblem(newer), newer).toBeUndefined();
  });

  it("is what package.json's engines says", () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(`>=${REQUIRED_NODE}`);
  });
});
