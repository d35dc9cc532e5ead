// How element-wise kernels walk inner runs of stride 1, -1 or 0. A flipped run takes 16-byte
// vectors read backwards when the run's lowest address is aligned; runs that cannot take vectors
// (misaligned, rows of a length the vector does not divide) go up to VEC elements per step
// ('chunk'). The plans, and the values through every alignment, dtype width, length and role
// (input, output, output read by the body, beside broadcast rows).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { planContiguous, planIteration } from '../lib/kernel/iteration.js';
import { INDEX32_LIMIT } from '../lib/kernel/dims.js';
import { planReduction } from '../lib/kernel/reduction-plan.js';
import { generateElementwise } from '../lib/kernel/elementwise-codegen.js';
import { describeEachDevice } from './helpers.js';

describe('iteration plan: reversed inner runs', () => {
  it("a stride -1 operand is vectorised ('r') when the vector ending at its first element is aligned", () => {
    // float32: element [0] at byte 12 of a 16-byte line: the run [-3, 0] starts at byte 0.
    const plan = planIteration([64], [{ ptr: 4096 + 12, itemsize: 4, strides: [-4] }, { ptr: 8192, itemsize: 4, strides: [4] }]);
    expect(plan.mode).to.equal('vec');
    expect(plan.vec).to.equal(4);
    expect(plan.inner).to.deep.equal(['r', 'v']);
    // Misaligned by one element: element by element, a chunk per step.
    expect(planIteration([64], [{ ptr: 4096 + 8, itemsize: 4, strides: [-4] }, { ptr: 8192, itemsize: 4, strides: [4] }]).mode).to.equal('chunk');
    // 2-D: rows of 8 doubles flipped, row strides a multiple of the vector: 'r' with a broadcast row.
    const p2 = planIteration([3, 8], [
      { ptr: 4096 + 8, itemsize: 8, strides: [64, -8] },
      { ptr: 8192, itemsize: 8, strides: [0, 8] },
      { ptr: 16384, itemsize: 8, strides: [64, 8] },
    ]);
    expect(p2.mode).to.equal('vec');
    expect(p2.inner).to.deep.equal(['r', 'v', 'v']);
  });

  it("rows vectors cannot take go a chunk per step; rows shorter than two vectors stay strided", () => {
    // The centre of a pad: rows of 18 float32 every 20, at an odd element offset.
    const pad = planIteration([5, 18], [{ ptr: 4096 + 84, itemsize: 4, strides: [80, 4] }, { ptr: 8192, itemsize: 4, strides: [72, 4] }]);
    expect([pad.mode, pad.vec, pad.inner.join('')]).to.deep.equal(['chunk', 4, 'vv']);
    const rev = planIteration([1000], [{ ptr: 4096 + 4, itemsize: 4, strides: [-4] }, { ptr: 8192 + 4, itemsize: 4, strides: [4] }]);
    expect([rev.mode, rev.inner.join('')]).to.deep.equal(['chunk', 'rv']);
    expect(planIteration([5, 7], [{ ptr: 4096 + 4, itemsize: 4, strides: [32, 4] }]).mode).to.equal('strided');
    // Rows of at least 32 vectors: a warp's 32 threads interleaved over 32 x VEC elements.
    expect([pad.spread, rev.spread]).to.deep.equal([1, 32]);
    const wide = planIteration([3, 300], [{ ptr: 4096 + 4, itemsize: 4, strides: [1204, 4] }, { ptr: 8192, itemsize: 4, strides: [1200, 4] }]);
    expect([wide.mode, wide.spread]).to.deep.equal(['chunk', 32]);
  });
});

describe('iteration plan: the device warp width and the shared rules (dims.ts)', () => {
  it('chunk spreads and tile warp blocks follow the warp width; the generated loop takes it as a macro argument', () => {
    const ops = [{ ptr: 4096 + 4, itemsize: 4, strides: [1204, 4] }, { ptr: 8192, itemsize: 4, strides: [1200, 4] }];
    // Rows of 300 float32 (vectors of 4): spread over a warp when a row holds warp x 4 elements.
    expect([planIteration([3, 300], ops, true, true, 32).spread, planIteration([3, 300], ops, true, true, 64).spread]).to.deep.equal([32, 64]);
    const narrow = [{ ptr: 4096 + 4, itemsize: 4, strides: [804, 4] }, { ptr: 8192, itemsize: 4, strides: [800, 4] }];
    expect([planIteration([3, 200], narrow, true, true, 32).spread, planIteration([3, 200], narrow, true, true, 64).spread]).to.deep.equal([32, 1]);
    // a + a.T over float32: tiles of 8 x 4; a warp block of (warp / 8) x 8 tiles must divide the shape.
    const tile = (rows: number, warp: number) =>
      planIteration([rows, 64], [{ ptr: 4096, itemsize: 4, strides: [256, 4] }, { ptr: 1 << 20, itemsize: 4, strides: [4, rows * 4] }], true, true, warp);
    expect([tile(32, 32).mode, tile(32, 64).mode, tile(64, 64).mode]).to.deep.equal(['tile', 'strided', 'tile']);
    const f32 = gp.dtype('float32');
    const param = (name: string, isOutput: boolean) => ({ name, kind: 'array' as const, isOutput, dtype: f32, localCtype: 'float', placeholder: null, readsOutput: false, rawNdim: 0, rawContiguous: false });
    const gen = generateElementwise({ kernelName: 'k', params: [param('x', false), param('z', true)], body: 'z = x', preamble: '', loopPrep: '', afterLoop: '' }, tile(64, 64));
    expect(gen.source).to.include('#include "gpuarray/elementwise.h"');
    expect(gen.source).to.include('GPA_LOOP_TILE_BEGIN(int, 8, 4, 64, _R, _C, _r0, _c0)');
  });

  it('both planners take 32-bit indices up to the same limit', () => {
    expect(planContiguous(INDEX32_LIMIT, [{ ptr: 4096, itemsize: 16 }]).index).to.equal('int');
    expect(planContiguous(INDEX32_LIMIT + 1, [{ ptr: 4096, itemsize: 16 }]).index).to.equal('long long');
    const red = (n: number) => planReduction([n], [true], [{ ptr: 4096, itemsize: 1, strides: [1] }], [{ ptr: 8192, itemsize: 1, strides: [] }], { reduceDims: true, reorderReduced: true }).index;
    expect([red(INDEX32_LIMIT), red(INDEX32_LIMIT + 1)]).to.deep.equal(['int', 'long long']);
  });
});

describeEachDevice('element-wise kernels over inner runs: flipped, misaligned, ragged', () => {
  const dtypes = ['int8', 'int16', 'float16', 'float32', 'float64', 'complex64', 'complex128'] as const;

  it('flip(x).copy() equals the reversed elements for every dtype, offset and length (tails included)', () => {
    for (const dt of dtypes) {
      const base = gp.arange(1, 1100, 1, 'float64').astype(dt);
      const host = base.toArray() as unknown[];
      for (const n of [1, 5, 16, 37, 1027]) {
        for (let off = 0; off < 4; off++) {
          const got = gp.flip(base.slice(`${off}:${off + n}`)).copy().toArray() as unknown[];
          expect(got, `${dt} n=${n} offset=${off}`).to.deep.equal(host.slice(off, off + n).reverse());
        }
      }
    }
  });

  it('2-D: an axis-1 flip, a flip of both axes, and a reversed output written through its view', () => {
    const a = gp.arange(0, 96, 1, 'float32').reshape(6, 16);
    const host = a.toArray() as number[][];
    expect(gp.flip(a, 1).copy().toArray()).to.deep.equal(host.map((r) => [...r].reverse()));
    expect(gp.flip(a).copy().toArray()).to.deep.equal(host.map((r) => [...r].reverse()).reverse());
    // A row vector broadcast beside a flipped operand, written into a flipped output.
    const row = gp.arange(0, 16, 1, 'float32').multiply(100);
    const out = gp.zeros([6, 16], 'float32');
    gp.add(gp.flip(a, 1), row, { out: gp.flip(out, 1) });
    const want = host.map((r) => r.map((v, j) => v + 100 * (15 - j)));
    expect(out.toArray()).to.deep.equal(want);
  });

  it('in place on a reversed view: x[::-1] *= 2 and x[::-1] = x (overlap read from a copy)', () => {
    const x = gp.arange(0, 1003, 1, 'int32');
    const rev = x.slice('::-1');
    gp.multiply(rev, 2, { out: rev });
    expect((x.toTypedArray() as Int32Array).every((v, i) => v === 2 * i)).to.equal(true);
    rev.set(x);
    const got = x.toTypedArray() as Int32Array;
    expect([got[0], got[1], got[1001], got[1002]]).to.deep.equal([2004, 2002, 2, 0]);
  });

  it('pad centres and odd slices (chunk loops) for every dtype width, rows with and without a ragged end', () => {
    for (const dt of dtypes) {
      for (const [r, c] of [[3, 9], [4, 18], [2, 37]]) {
        const a = gp.arange(1, r * c + 1, 1, 'float64').reshape(r, c).astype(dt);
        const h = a.toArray() as unknown[][];
        const zero = (gp.zeros([1], dt).toArray() as unknown[])[0];
        const want = [new Array(c + 2).fill(zero), ...h.map((row) => [zero, ...row, zero]), new Array(c + 2).fill(zero)];
        expect(gp.pad(a, 1).toArray(), `pad ${dt} ${r}x${c}`).to.deep.equal(want);
        // A column slice at an odd offset into a fresh array, and back into an odd-offset view.
        expect(a.slice(':', '1:').copy().toArray(), `slice ${dt}`).to.deep.equal(h.map((row) => row.slice(1)));
        const dst = gp.zeros([r, c + 1], dt);
        dst.slice(':', '1:').set(a);
        expect(dst.slice(':', '1:').toArray(), `into a view ${dt}`).to.deep.equal(h);
      }
    }
  });

  it('long misaligned rows (a warp interleaved over each chunk), ragged ends, for every dtype width', () => {
    const ident = gp.ElementwiseKernel('T x', 'T y', 'y = x', 'test_ident_runs');
    for (const dt of dtypes) {
      const base = gp.arange(0, 3 * 1101, 1, 'float64').astype(dt).reshape(3, 1101);
      const h = base.toArray() as unknown[][];
      // Rows of 1100 at an odd offset (1100 is no multiple of 32 x VEC for any width).
      expect(base.slice(':', '1:').copy().toArray(), dt).to.deep.equal(h.map((r) => r.slice(1)));
      const flat = base.reshape(3303);
      const hf = h.flat();
      // Through a kernel of our own: copy() of a contiguous run takes the driver's copy instead.
      expect((ident(flat.slice('3:3000')) as gp.GpuArray).toArray(), dt).to.deep.equal(hf.slice(3, 3000));
      expect(gp.flip(flat.slice('1:2999')).copy().toArray(), dt).to.deep.equal(hf.slice(1, 2999).reverse());
    }
  });

  it('1-D and 2-D arithmetic over misaligned runs: a broadcast row, a flipped operand, an output the body reads', () => {
    const x = gp.arange(0, 2003, 1, 'float32');
    const hx = x.toTypedArray() as Float32Array;
    // x[1:1001] + x[2:1002][::-1]: a forward and a reversed misaligned run, with a ragged end.
    const s = gp.add(x.slice('1:1001'), gp.flip(x.slice('2:1002'))).toTypedArray() as Float32Array;
    expect(Array.from(s).every((v, i) => v === hx[1 + i] + hx[1001 - i])).to.equal(true);
    // (20, 99) rows at an odd offset, plus a broadcast row of 99.
    const m = x.slice('3:1983').reshape(20, 99);
    const row = gp.arange(0, 99, 1, 'float32').multiply(1000);
    const t = gp.add(m, row).toArray() as number[][];
    expect(t.every((r, i) => r.every((v, j) => v === hx[3 + 99 * i + j] + 1000 * j))).to.equal(true);
    // y += x with y a misaligned view: the output is loaded before the body runs.
    const acc = gp.ElementwiseKernel('T x', 'T y', 'y += x', 'test_acc_runs');
    const y = gp.ones([2001], 'float32');
    const yv = y.slice('1:');
    acc(x.slice('2:2002'), yv);
    const hy = y.toTypedArray() as Float32Array;
    expect(hy[0]).to.equal(1);
    expect(Array.from(hy.subarray(1)).every((v, i) => v === 1 + hx[2 + i])).to.equal(true);
  });
});
