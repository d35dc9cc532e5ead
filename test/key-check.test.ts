// GPUARRAY_CHECK_KEYS: the suite runs with it on, every engine's memo hits are rebuilt and
// compared, and a key standing for two builds fails with where they differ.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { assertSameBuild, checkedHits, checkingKeys } from '../lib/kernel/key-check.js';
import { describeEachDevice } from './helpers.js';

describe('specialisation keys: GPUARRAY_CHECK_KEYS', () => {
  it('is on in the test suite', () => {
    expect(checkingKeys()).to.equal(true);
  });

  it('a key standing for two different builds throws, showing where they part', () => {
    expect(() => assertSameBuild('element-wise', 'k1', 'a[i] = x + y;', 'a[i] = x + y;')).not.to.throw();
    expect(() => assertSameBuild('element-wise', 'k1', '__global__ void f(float* a) {}', '__global__ void f(double* a) {}')).to.throw(
      /element-wise key k1 stands for two different builds; first differing at character 18: .*float\* a.* vs .*double\* a/,
    );
  });
});

describeEachDevice('specialisation keys: every engine checks its memo hits', () => {
  it('element-wise (fast and general paths), reduction and reduction layout hits are each rebuilt and compared', () => {
    const before = new Map(checkedHits);
    const grown = (engine: string) => (checkedHits.get(engine) ?? 0) - (before.get(engine) ?? 0);
    const a = gp.arange(24, 'float32').reshape(4, 6);
    const b = gp.linspace(1, 2, 24, { dtype: 'float32' }).reshape(4, 6);
    for (let i = 0; i < 2; i++) {
      gp.add(a, b); // contiguous: the fast path
      gp.add(a.T, b.T.copy()); // a transpose: the general path
      gp.sum(a, { axis: 1 });
    }
    expect(grown('element-wise fast-path')).to.be.at.least(1);
    expect(grown('element-wise')).to.be.at.least(1);
    expect(grown('reduction layout')).to.be.at.least(1);
    // A new layout of a kernel already built (another shape) is a hit of the kernel memo.
    gp.sum(gp.arange(30, 'float32').reshape(5, 6), { axis: 1 });
    expect(grown('reduction')).to.be.at.least(1);
  });
});
