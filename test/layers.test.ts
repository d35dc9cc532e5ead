// docs/ARCHITECTURE.md's layering, checked: no module imports a layer above its own
// (bindings < lib/util < lib/device < lib/core < lib/kernel < lib/ops < lib/index.ts, lib/cuda.ts and
// the routines beside them).
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { REPO } from './consumer-app.js';

const LAYERS = ['bindings', 'lib/util', 'lib/device', 'lib/core', 'lib/kernel', 'lib/ops', 'lib'];

function layerOf(path: string): number {
  for (let k = LAYERS.length - 2; k >= 0; k--) if (path.startsWith(`${LAYERS[k]}/`)) return k;
  return path.startsWith('lib/') ? LAYERS.length - 1 : -1;
}

function sources(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );
}

describe('layers', () => {
  it('no module imports from a layer above its own', () => {
    const upward: string[] = [];
    const files = [...sources('bindings'), ...sources('lib')];
    expect(files.length).to.be.greaterThan(30);
    for (const file of files) {
      const text = readFileSync(join(REPO, file), 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(?\s*)'(\.[^']+)'/g)) {
        const target = relative(REPO, normalize(join(REPO, dirname(file), m[1])));
        if (layerOf(target) > layerOf(file)) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).to.deep.equal([]);
  });
});
