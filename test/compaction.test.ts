// Boolean-mask compaction (x[mask], extract, flatnonzero, place, mask assignment) across the
// tile boundaries of kernels/gpuarray/compact.h, with unaligned, non-contiguous and non-0/1
// masks, against host references, on every backend.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';

const TILE = 4096;
const SIZES = [1, 7, TILE - 1, TILE, TILE + 1, 3 * TILE + 17, 37 * TILE + 5];

function randomMask(n: number, seed: number, p: number): boolean[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => r() < p);
}

describeEachDevice('compaction by tiles', () => {
  it('x[mask] and flatnonzero at tile boundaries, dense and sparse masks', function () {
    this.timeout(120_000);
    for (const n of SIZES)
      for (const p of [0, 0.03, 0.5, 1]) {
        const m = randomMask(n, n + Math.round(p * 100), p);
        const x = Float32Array.from({ length: n }, (_, i) => i * 0.5 - 3);
        const got = gp.array(x).slice(gp.array(m, 'bool')).toTypedArray() as Float32Array;
        const want = x.filter((_, i) => m[i]);
        expect(Array.from(got), `n=${n} p=${p}`).to.deep.equal(Array.from(want));
        const idx = Array.from(gp.flatnonzero(gp.array(m, 'bool')).toTypedArray() as BigInt64Array, Number);
        expect(idx, `flatnonzero n=${n} p=${p}`).to.deep.equal(m.flatMap((b, i) => (b ? [i] : [])));
      }
  });

  it('every element width (bool, int16, float32, float64, complex128), and nonzero bytes other than 1', () => {
    const n = 2 * TILE + 3;
    const m = randomMask(n, 5, 0.4);
    for (const dt of ['bool', 'int16', 'float32', 'float64'] as const) {
      const host = Array.from({ length: n }, (_, i) => (dt === 'bool' ? i % 3 === 0 : (i % 101) - 50));
      const got = gp.array(host, dt).slice(gp.array(m, 'bool')).toArray() as unknown[];
      expect(got, dt).to.deep.equal(host.filter((_, i) => m[i]));
    }
    const z = gp.array(Array.from({ length: n }, (_, i) => i), 'complex128');
    const zc = Array.from(gp.extract(gp.array(m, 'bool'), z).toTypedArray() as Float64Array);
    expect(zc.filter((_, i) => i % 2 === 0)).to.deep.equal(Array.from({ length: n }, (_, i) => i).filter((_, i) => m[i]));
    expect(zc.filter((_, i) => i % 2 === 1).every((v) => v === 0)).to.equal(true);
    // A uint8 array viewed as bool: any nonzero byte selects (extract's condition is != 0 anyway).
    const bytes = Array.from({ length: n }, (_, i) => (m[i] ? 1 + (i % 255) : 0));
    expect(gp.flatnonzero(gp.array(bytes, 'uint8')).size).to.equal(m.filter(Boolean).length);
  });

  it('unaligned and non-contiguous masks and sources', () => {
    const n = 3 * TILE + 11;
    const m = randomMask(n + 3, 9, 0.5);
    const x = Array.from({ length: n + 3 }, (_, i) => i);
    const gm = gp.array(m, 'bool');
    const gx = gp.array(x, 'int32');
    // Offset views: the mask starts 3 bytes into its buffer.
    const got = gx.slice('3:').slice(gm.slice('3:')).toArray();
    expect(got).to.deep.equal(x.slice(3).filter((_, i) => m[i + 3]));
    // Transposed 2-D mask and source: C order of the views.
    const rows = 67;
    const cols = 131;
    const m2 = randomMask(rows * cols, 11, 0.3);
    const a2 = gp.arange(rows * cols, 'float64').reshape([cols, rows]).T;
    const mk = gp.array(m2, 'bool').reshape([cols, rows]).T;
    const ref: number[] = [];
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) if (m2[j * rows + i]) ref.push(j * rows + i);
    expect(a2.slice(mk).toArray()).to.deep.equal(ref);
  });

  it('place and mask assignment, into contiguous and strided destinations', () => {
    const n = 2 * TILE + 5;
    const m = randomMask(n, 21, 0.5);
    const count = m.filter(Boolean).length;
    const a = gp.zeros([n], 'float32');
    gp.place(a, gp.array(m, 'bool'), gp.array([1, 2, 3], 'float32'));
    let k = 0;
    expect(a.toArray()).to.deep.equal(m.map((b) => (b ? [1, 2, 3][k++ % 3] : 0)));
    // Every other element of a bigger array (a strided view) gets the selected values in order.
    const big = gp.zeros([2 * n], 'int32');
    const view = big.slice('::2');
    view.assign(gp.arange(count, 'int32'), gp.array(m, 'bool'));
    k = 0;
    const want = Array.from({ length: 2 * n }, (_, i) => (i % 2 === 0 && m[i / 2] ? k++ : 0));
    expect(big.toArray()).to.deep.equal(want);
    expect(() => view.assign(gp.arange(count + 1, 'int32'), gp.array(m, 'bool'))).to.throw(RangeError);
  });
});
