// gp.fuse: fused results are the eager ones bit for bit (the expression, scalars, casts,
// where/clip, several results, reductions on both of their paths), traces are made once per
// signature, and code that cannot fuse is a FusionError at trace time (or runs eagerly on request).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { DEVICE_SPECS, describeEachDevice, rng } from './helpers.js';
import { disposeAll, expectSameArray } from './fusion-support.js';
import { randomValues, upload } from './ufunc-reference.js';
import { reductionPaths } from '../lib/fusion/program.js';

type A = gp.GpuArray;
const rand = rng(21);
/** Random values of dtype `d` in `shape` (floats in [-4, 4], small and extreme integers). */
const rnd = (d: string, shape: number[], specials = false): A =>
  upload(gp.dtype(d), randomValues(gp.dtype(d), shape.reduce((a, b) => a * b, 1), rand, { specials, scale: 4 })).reshape(shape);

const hyp = (a: A, b: A) => gp.sqrt(a.multiply(a).add(b.multiply(b))).multiply(2).add(1);

/** fused(...args) against fn(...args), then both freed. */
function same(fused: (...xs: never[]) => unknown, fn: (...xs: never[]) => unknown, args: unknown[], what: string): void {
  const eager = fn(...(args as never[]));
  const got = fused(...(args as never[]));
  if (Array.isArray(eager)) {
    expect(got, what).to.be.an('array').with.length(eager.length);
    eager.forEach((e, j) => expectSameArray((got as A[])[j], e as A, `${what} [${j}]`));
  } else expectSameArray(got, eager as A, what);
  disposeAll(eager);
  disposeAll(got);
}

function expectFusionError(f: () => unknown, ...parts: string[]): void {
  let err: unknown = null;
  try {
    disposeAll(f());
  } catch (e) {
    err = e;
  }
  expect(err, `expected a FusionError mentioning ${parts.join(', ')}`).to.be.instanceOf(gp.FusionError);
  expect(err).to.be.instanceOf(TypeError);
  for (const p of parts) expect((err as Error).message).to.include(p);
}

describeEachDevice('gp.fuse', (spec) => {
  it("runs the issue's sqrt(a*a + b*b) * 2 + 1 as one kernel with the eager results, bit for bit", () => {
    const f = gp.fuse(hyp, { name: 'hyp' });
    for (const [da, db, sa, sb] of [
      ['float32', 'float32', [70001], [70001]],
      ['float16', 'float16', [33, 65], [33, 65]],
      ['float64', 'float32', [5, 1, 7], [4, 1]],
      ['int8', 'float16', [3, 9], [9]],
      ['complex64', 'float32', [4, 6], [6]],
    ] as const) {
      const args = [rnd(da, [...sa], true), rnd(db, [...sb], true)];
      same(f, hyp, args, `${da} ${JSON.stringify(sa)} with ${db} ${JSON.stringify(sb)}`);
      disposeAll(args);
    }
    expect(f.traces).to.equal(5);
    expect(f.name).to.equal('hyp');
  });

  it('strided and broadcast arguments: the engine walks them as for any kernel', () => {
    const f = gp.fuse((a: A, b: A) => a.subtract(b).multiply(a), { name: 'strided' });
    const base = rnd('float32', [40, 30]);
    const args = [base.T, rnd('float32', [40])];
    same(f, (a: A, b: A) => a.subtract(b).multiply(a), args, 'a.T - b');
    const sliced = base.slice('::2');
    same(f, (a: A, b: A) => a.subtract(b).multiply(a), [sliced, gp.float32(0.25) as unknown as A], 'a[::2] with a typed scalar');
    disposeAll([...args, base, sliced]);
  });

  it('scalar arguments are kernel parameters (new values, no new trace); their kinds are part of the signature, as NEP 50', () => {
    let calls = 0;
    const fn = (a: A, s: number | gp.Scalar | boolean) => {
      calls++;
      return a.add(s).multiply(s);
    };
    const f = gp.fuse(fn, { name: 'scalars' });
    const a = rnd('int8', [50]);
    for (const [s, traces] of [[3, 1], [-2, 1], [2.5, 2], [0.125, 2], [gp.float32(2), 3], [true, 4], [gp.int16(-7), 5]] as const) {
      same(f, fn, [a, s], `int8 with ${String(s)}`);
      expect(f.traces, `after ${String(s)}`).to.equal(traces);
    }
    expect(calls).to.equal(f.traces + 7); // one trace per signature, plus the eager references
    a.dispose();
  });

  it('traces once per signature: the same dtypes and ndims reuse it, a new dtype or ndim traces again', () => {
    const f = gp.fuse((a: A, b: A) => gp.maximum(a, b).subtract(1), { name: 'sig' });
    const run = (da: string, sa: number[], db: string, sb: number[]) => {
      const args = [rnd(da, sa), rnd(db, sb)];
      same(f, (a: A, b: A) => gp.maximum(a, b).subtract(1), args, `${da}${JSON.stringify(sa)} ${db}${JSON.stringify(sb)}`);
      disposeAll(args);
    };
    run('float32', [10], 'float32', [10]);
    run('float32', [77], 'float32', [1]);
    expect(f.traces).to.equal(1);
    run('float32', [3, 10], 'float32', [10]);
    expect(f.traces).to.equal(2);
    run('int32', [3, 10], 'float32', [10]);
    expect(f.traces).to.equal(3);
    run('float32', [4, 4], 'float32', [4]);
    expect(f.traces).to.equal(3);
  });

  it("makes the eager scalar checks: out-of-range JS integers are RangeErrors, comparisons with them get NumPy's fixed result", () => {
    const a = rnd('int8', [20]);
    const add = gp.fuse((x: A, s: number) => x.add(s), { name: 'addS' });
    expect(() => add(a, 1000)).to.throw(RangeError);
    expect(() => a.add(1000)).to.throw(RangeError);
    const less = gp.fuse((x: A, s: number) => gp.less(x, s).logicalAnd(x.greater(-100)), { name: 'lessS' });
    for (const s of [3, 1000, 200]) same(less, (x: A, s2: number) => gp.less(x, s2).logicalAnd(x.greater(-100)), [a, s], `less than ${s}`);
    const constant = gp.fuse((x: A) => x.less(1000).logicalXor(x.greaterEqual(-129)), { name: 'lessC' });
    same(constant, (x: A) => x.less(1000).logicalXor(x.greaterEqual(-129)), [a], 'constants out of range');
    const pow = gp.fuse((x: A, s: number) => gp.power(x, s), { name: 'powS' });
    expect(() => pow(a.astype('int32'), -1)).to.throw(RangeError, 'negative integer powers');
    a.dispose();
  });

  it('where, clip (with a null bound), casts, the dtype option, 0-d results from scalars', () => {
    const c = rnd('float32', [6, 5], true);
    const x = rnd('int32', [5]);
    const y = rnd('float16', [6, 1]);
    const fn1 = (c: A, x: A, y: A) => gp.where(gp.greater(c, 0), x, y.clip(null, 2)).astype('float16');
    same(gp.fuse(fn1), fn1, [c, x, y], 'where/clip/astype');
    const fn2 = (c: A, x: A) => gp.clip(c, x.astype('float32').negative(), 1.5).add(x, { dtype: 'float64' });
    same(gp.fuse(fn2), fn2, [c, x], 'clip with an array bound, dtype option');
    const fn3 = (c: A, s: number) => c.multiply(gp.multiply(s, 2));
    same(gp.fuse(fn3), fn3, [c, 1.5], 'a 0-d float64 result of scalars is strong');
    const fn4 = (s: number) => gp.add(s, 1);
    same(gp.fuse(fn4), fn4, [7], 'no array at all: a 0-d result');
    const fn5 = (x: A) => x.astype('bool').logicalOr(x.astype('uint8').bitwiseAnd(3));
    same(gp.fuse(fn5), fn5, [x], 'casts to bool and uint8');
    disposeAll([c, x, y]);
  });

  it('returns several results from one kernel; results of different shapes are refused (or run eagerly)', () => {
    const a = rnd('float32', [4, 5]);
    const b = rnd('float64', [4, 5]);
    const two = (p: A, q: A) => [p.add(q), p.multiply(q).astype('float16'), q.astype('int8')];
    same(gp.fuse(two), two, [a, b], 'three results');
    const mixed = (p: A, q: A) => [p.add(1), p.add(q)];
    const row = rnd('float32', [5]);
    expectFusionError(() => gp.fuse(mixed, { name: 'mixed' })(row, a), 'fuse(mixed)', 'different shapes');
    same(gp.fuse(mixed, { fallback: 'eager' }), mixed, [row, a], 'mixed shapes, eagerly');
    same(gp.fuse(mixed), mixed, [a, b], 'mixed leaves, one shape');
    const id = gp.fuse((p: A) => p);
    const copy = id(a);
    expect(copy).to.not.equal(a);
    expectSameArray(copy, a, 'an argument returned: a copy');
    disposeAll([a, b, row, copy]);
  });

  it('reductions over a fused expression: sum, prod, max, min, all, any, mean with axis and keepdims, bit for bit', () => {
    const big = [rnd('float32', [300, 257]), rnd('float32', [300, 257])];
    const before = { ...reductionPaths };
    const cases: [string, object][] = [
      ['sum', {}], ['sum', { axis: 0 }], ['sum', { axis: 1, keepdims: true }], ['mean', { axis: -1 }], ['max', {}], ['min', { axis: 0, keepdims: true }],
      ['prod', { axis: [0, 1] }], ['all', { axis: 0 }], ['any', {}], ['sum', { dtype: 'float64', axis: 0 }],
    ];
    for (const [name, opts] of cases) {
      const fn = (a: A, b: A) => (a.multiply(b).add(0.5) as unknown as Record<string, (o: object) => A>)[name](opts);
      same(gp.fuse(fn, { name: `red_${name}` }), fn, big, `${name}(${JSON.stringify(opts)}) over float32 [300, 257]`);
    }
    // C-contiguous float32 arguments of the full shape: the eager walk, so one kernel.
    expect(reductionPaths.oneKernel - before.oneKernel).to.equal(cases.length);
    // Broadcast arguments, float16 arguments of a float32 sum: the fused map, then the eager reduction.
    const row = rnd('float32', [257]);
    const h = rnd('float16', [300, 257]);
    const fb = (a: A, r: A) => a.subtract(r).square().sum({ axis: 0 });
    same(gp.fuse(fb), fb, [big[0], row], 'broadcast sum');
    const fh = (a: A) => a.astype('float32').multiply(3).sum();
    same(gp.fuse(fh), fh, [h], 'float16 arguments, float32 sum');
    expect(reductionPaths.twoKernel - before.twoKernel).to.equal(2);
    // Integer and bool reductions do not depend on the order: one kernel whatever the layout.
    const i8 = rnd('int8', [40, 33]);
    const fi = (a: A, r: A) => a.multiply(3).greater(r).sum({ axis: 1 });
    same(gp.fuse(fi), fi, [i8, row.slice('0:33')], 'bool sum over a broadcast comparison');
    const fm = (a: A) => a.add(a).mean({ axis: 0, keepdims: true });
    same(gp.fuse(fm), fm, [i8], 'mean of int8 (float64)');
    // Complex and float16 intermediates between float32 arguments and a float32 sum, in one kernel.
    const fc = (a: A) => a.astype('complex64').reciprocal().absolute().add(a.astype('float16').multiply(3)).sum({ axis: 0 });
    same(gp.fuse(fc), fc, [big[0]], 'complex and float16 intermediates');
    const fx = (a: A) => a.max({ axis: 1 });
    same(gp.fuse(fx), fx, [big[0].T], 'max of a strided argument as it is');
    disposeAll([...big, row, h, i8]);
  });

  it('one-kernel float reductions walk as the eager ones: rows, columns, split walks, several axes', () => {
    // Axes as a static argument (arrays of numbers are constants of the trace, keyed by value).
    const fn = (a: A, b: A, axis: number[] | null) => a.multiply(b).subtract(0.25).sum({ axis });
    const f = gp.fuse(fn, { name: 'walks' });
    const before = reductionPaths.oneKernel;
    let runs = 0;
    for (const [shape, axes] of [
      [[70001], [null, [0]]],
      [[3, 20011], [[1], [0], null]],
      [[20011, 3], [[0], [1]]],
      [[2, 3, 4099], [[0, 2], [1], [2]]],
    ] as [number[], (number[] | null)[]][]) {
      const args = [rnd('float32', shape), rnd('float32', shape)];
      for (const axis of axes) {
        same(f, fn, [...args, axis], `sum over ${JSON.stringify(axis)} of ${JSON.stringify(shape)}`);
        runs++;
      }
      disposeAll(args);
    }
    expect(reductionPaths.oneKernel - before).to.equal(runs);
  });

  it('code that cannot fuse is a FusionError (a TypeError) at trace time naming the call', () => {
    const a = rnd('float32', [8]);
    const b = rnd('float32', [8]);
    const outside = rnd('float32', [8]);
    expectFusionError(() => gp.fuse((x: A) => x.add(x.item(0) as number), { name: 'item' })(a), 'fuse(item)', 'a.item()', 'values');
    expectFusionError(() => gp.fuse((x: A) => x.toArray() as unknown as A)(a), 'a.toArray()');
    expectFusionError(() => gp.fuse((x: A) => (((x as unknown as number) > 0 ? x : x.negative()) as A))(a), 'used as a JS value');
    expectFusionError(() => gp.fuse((x: A) => x.add(x.shape[0]))(a), 'a.shape', 'ndim');
    expectFusionError(() => gp.fuse((x: A) => x.reshape([2, 4]))(a), 'a.reshape');
    // Library routines that are not element-wise, even those built on the ufuncs (outer reshapes an array operand and would take a tracer for a scalar).
    expectFusionError(() => gp.fuse((x: A) => gp.concatenate([x, x]))(a), 'concatenate() cannot be fused', 'not element-wise');
    expectFusionError(() => gp.fuse((x: A) => gp.add.outer(x, x))(a), 'cannot be fused', 'not element-wise');
    expectFusionError(() => gp.fuse((x: A) => gp.cumsum(x))(a), 'cumsum() cannot be fused');
    expectFusionError(() => gp.fuse((x: A) => x.sum().add(1))(a), 'add() after the reduction sum()');
    expectFusionError(() => gp.fuse((x: A) => x.sum().sum())(a), 'second reduction');
    expectFusionError(() => gp.fuse((x: A) => x.add(outside))(a), 'not an argument');
    expectFusionError(() => gp.fuse((x: A, s: number) => x.add(s * 2))(a, 3), 'scalar argument 1', 'JS value');
    expectFusionError(() => gp.fuse((x: A) => x.var())(a), 'var() cannot be fused');
    expectFusionError(() => gp.fuse((x: A) => gp.add(x, 1, { out: outside }))(a), '{out}');
    expectFusionError(() => gp.fuse((x: A) => gp.divmod(x, 2)[0])(a), 'divmod() has 2 outputs');
    expectFusionError(() => gp.fuse((x: A) => [x.sum(), x])(a), 'must be the only result');
    expectFusionError(() => gp.fuse((_x: A) => 3 as unknown as A)(a), 'returned number');
    expectFusionError(() => gp.fuse((x: A, o: object) => x.add(1 + Object.keys(o).length))(a, { k: 1 }), 'argument 1');
    // Errors the eager call makes are the same errors.
    expect(() => gp.fuse((x: A) => gp.bitwiseAnd(x, 1))(a)).to.throw(TypeError, "ufunc 'bitwiseAnd' not supported");
    disposeAll([a, b, outside]);
  });

  it("{fallback: 'eager'} runs what cannot fuse eagerly (traced once per signature)", () => {
    let calls = 0;
    const fn = (x: A) => {
      calls++;
      return x.sum().item() as number > 0 ? x.add(1) : x.subtract(1);
    };
    const f = gp.fuse(fn, { fallback: 'eager' });
    const a = rnd('float32', [16]);
    for (let k = 0; k < 3; k++) same(f, fn, [a], `eager call ${k}`);
    expect(f.traces).to.equal(1);
    expect(calls).to.equal(1 + 3 + 3); // the failed trace, three eager calls, three references
    a.dispose();
  });

  it('a fused function called inside another is traced through; options are checked', () => {
    const inner = gp.fuse((x: A) => x.multiply(x), { name: 'inner' });
    const outer = gp.fuse((x: A, y: A) => inner(x).add(inner(y)), { name: 'outer' });
    const a = rnd('float64', [9]);
    const b = rnd('float64', [9]);
    same(outer, (x: A, y: A) => x.multiply(x).add(y.multiply(y)), [a, b], 'nested');
    expect(inner.traces).to.equal(0);
    expect(() => gp.fuse((x: A) => x, { nme: 'x' } as never)).to.throw(TypeError, "unknown option 'nme'");
    expect(() => gp.fuse((x: A) => x, { fallback: 'yes' } as never)).to.throw(TypeError, 'fallback');
    expect(() => gp.fuse(5 as never)).to.throw(TypeError, 'expected a function');
    disposeAll([a, b]);
  });

  it('arrays on different devices are a FusionError', function () {
    const other = DEVICE_SPECS.find((s) => s !== spec);
    if (other === undefined) this.skip();
    const a = rnd('float32', [4]);
    gp.useDevice(other!);
    const b = rnd('float32', [4]);
    gp.useDevice(spec);
    expectFusionError(() => gp.fuse((x: A, y: A) => x.add(y), { name: 'devices' })(a, b), 'different devices');
    disposeAll([a, b]);
  });
});
