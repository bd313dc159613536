import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../src/node-version.ts';

describe('nodeVersionProblem', () => {
  it('refuses Node 20, naming the version and how to start the server instead', () => {
    const problem = nodeVersionProblem('v20.20.2');
    expect(problem).toContain('this is v20.20.2');
    expect(problem).toContain('npm start');
  });

  it('accepts the supported lines, and this test run', () => {
    expect(nodeVersionProblem('v22.22.2')).toBeUndefined();
    expect(nodeVersionProblem('v24.21.0')).toBeUndefined();
    expect(nodeVersionProblem(process.version)).toBeUndefined();
  });
});

describe('the Node running the tests', () => {
  it('is the one package.json carries, which npm ci installs into node_modules/.bin (decision 013)', async () => {
    const { readFile } = await import('node:fs/promises');
    const root = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(process.version).toBe(`v${root.dependencies.node}`);
  });
});
