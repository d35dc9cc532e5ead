// The generated surface stays in step with the tables: lib/ops/ufunc-exports*.ts,
// lib/ops/reduction-exports.ts and FEATURES.md's generated sections are exactly what
// `npm run features` makes from the tables' doc column.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as gp from '../lib/index.js';
import { UFUNC_ALIASES, UFUNC_DECLS } from '../lib/ops/ufunc-table.js';
import { REDUCTION_ALIASES, REDUCTION_DECLS } from '../lib/ops/reductions.js';
import { generatedFiles } from '../scripts/surface.js';
import { REPO } from './consumer-app.js';

describe('generated surface (npm run features)', () => {
  for (const [path, want] of generatedFiles(REPO)) {
    it(`${path} is up to date with the tables`, () => {
      const have = readFileSync(join(REPO, path), 'utf8');
      // A plain equality message would print both files; name the first differing line instead.
      const a = have.split('\n');
      const b = want.split('\n');
      const k = a.findIndex((l, i) => l !== b[i]);
      const where = k < 0 ? (a.length === b.length ? null : Math.min(a.length, b.length)) : k;
      expect(where, `${path} differs from the tables at line ${where === null ? '' : where + 1}: run \`npm run features\``).to.equal(null);
    });
  }

  it("an alias is its target, as a function and as a method (NumPy 2's acos is arccos)", () => {
    const exported = gp as unknown as Record<string, unknown>;
    const proto = gp.GpuArray.prototype as unknown as Record<string, unknown>;
    for (const [alias, target] of Object.entries(UFUNC_ALIASES)) {
      expect(exported[alias], alias).to.equal(exported[target]);
      expect(proto[alias], `a.${alias}`).to.equal(proto[target]);
    }
    expect(gp.acos).to.equal(gp.arccos);
    expect(gp.bitwiseLeftShift).to.equal(gp.leftShift);
  });

  it('every table row and alias is exported from the package, with a doc comment in its declaration', () => {
    const names = [...UFUNC_DECLS.map((d) => d[0]), ...Object.keys(UFUNC_ALIASES), ...REDUCTION_DECLS.map((d) => d[0]), ...Object.keys(REDUCTION_ALIASES)];
    const exported = gp as unknown as Record<string, unknown>;
    expect(names.filter((n) => typeof exported[n] !== 'function')).to.deep.equal([]);
    // Every generated module under lib/ops (the ufunc files by category, the reductions).
    const declared = [...generatedFiles(REPO).keys()]
      .filter((p) => p.startsWith('lib/ops/'))
      .map((p) => readFileSync(join(REPO, 'dist', p.replace(/\.ts$/, '.d.ts')), 'utf8'))
      .join('');
    for (const d of [...UFUNC_DECLS, ...REDUCTION_DECLS]) {
      const doc = (d.at(-1) as { doc: string }).doc;
      expect(declared, d[0]).to.include(doc);
    }
  });
});
