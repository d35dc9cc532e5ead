// gp.fuse against eager execution on random programs: a seeded generator of expression trees over
// random dtypes (bool, int8, uint8, int32, int64, float16, float32, float64, complex64), random
// shapes that broadcast, strided views, JS scalars (weak) and typed scalars, as arguments and as
// constants, with function and method calls, where, clip and casts; then the same programs ending
// in a reduction with a random axis and keepdims. Every result must be the eager one, bit for bit.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { currentDevice } from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { disposeAll, expectSameArray } from './fusion-support.js';
import { randomValues, upload } from './ufunc-reference.js';

type Rand = () => number;
type Operand = gp.GpuArray | gp.Scalar | number | boolean | { re: number; im: number } | null;
type Ref = { arg: number } | { step: number } | { lit: Operand };
interface Step {
  op: string;
  method: boolean;
  refs: Ref[];
}
interface Program {
  steps: Step[];
  /** Steps returned: one, or two (a tuple). */
  results: number[];
}

const DTYPES = ['bool', 'int8', 'uint8', 'int32', 'int64', 'float16', 'float32', 'float64', 'float32', 'float16', 'complex64'];
const UNARY = ['negative', 'absolute', 'square', 'sqrt', 'exp', 'log1p', 'sin', 'tanh', 'floor', 'sign', 'logicalNot', 'isnan', 'reciprocal', 'rint', 'cbrt', 'bitwiseNot', 'conjugate', 'degrees', 'signbit', 'isfinite'];
const BINARY = [
  'add', 'add', 'subtract', 'multiply', 'multiply', 'divide', 'floorDivide', 'remainder', 'power', 'maximum', 'minimum', 'fmax', 'arctan2', 'hypot',
  'less', 'greaterEqual', 'equal', 'logicalAnd', 'logicalXor', 'bitwiseAnd', 'bitwiseOr', 'leftShift', 'copysign', 'logaddexp', 'fmod', 'heaviside',
];
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const isArrayRef = (r: Ref) => !('lit' in r);

/** Literal operands a program may hold: weak ints, floats, bools, complex, typed scalars. */
function literal(rand: Rand): Operand {
  return pick<() => Operand>(rand, [
    () => pick(rand, [2, -3, 7, 0]),
    () => pick(rand, [0.5, -1.25, 2.75]),
    () => rand() < 0.5,
    () => gp.float32(1.5),
    () => gp.int8(-2),
    () => gp.uint8(3),
    () => gp.float16(0.75),
    () => gp.float64(-0.375),
    () => ({ re: 1, im: -0.5 }),
  ])();
}

function run(p: Program, args: readonly unknown[]): unknown {
  const vals: unknown[] = [];
  const get = (r: Ref) => ('arg' in r ? args[r.arg] : 'step' in r ? vals[r.step] : r.lit);
  for (const s of p.steps) {
    const ops = s.refs.map(get);
    const f = gp as unknown as Record<string, (...a: unknown[]) => unknown>;
    if (s.op.startsWith('astype:')) vals.push((ops[0] as gp.GpuArray).astype(s.op.slice(7) as gp.DTypeName));
    else if (s.method) vals.push((ops[0] as unknown as Record<string, (...a: unknown[]) => unknown>)[s.op](...ops.slice(1)));
    else vals.push(f[s.op](...ops));
  }
  return p.results.length === 1 ? vals[p.results[0]] : p.results.map((k) => vals[k]);
}

/** A random step over the values so far (arguments, earlier steps), valid for their dtypes (checked eagerly by the caller). */
function randomStep(rand: Rand, nArgs: number, argIsArray: readonly boolean[], nSteps: number, dtypeOf: (r: Ref) => gp.DType | null): Step {
  const arrays: Ref[] = [...Array.from({ length: nArgs }, (_, i) => ({ arg: i })).filter((r) => argIsArray[r.arg]), ...Array.from({ length: nSteps }, (_, i) => ({ step: i }))];
  const scalars: Ref[] = Array.from({ length: nArgs }, (_, i) => ({ arg: i })).filter((r) => !argIsArray[r.arg]);
  // Deep trees: the first operand is the last step more often than not.
  const first = (): Ref => (nSteps > 0 && rand() < 0.6 ? { step: nSteps - 1 } : pick(rand, arrays));
  const other = (): Ref => {
    const u = rand();
    if (u < 0.6 || (scalars.length === 0 && u < 0.8)) return pick(rand, arrays);
    if (u < 0.8) return pick(rand, scalars);
    return { lit: literal(rand) };
  };
  const u = rand();
  if (u < 0.3) return { op: pick(rand, UNARY), method: rand() < 0.5, refs: [first()] };
  if (u < 0.8) {
    const refs = [first(), other()];
    if (rand() < 0.3) refs.reverse();
    return { op: pick(rand, BINARY), method: isArrayRef(refs[0]) && rand() < 0.5, refs };
  }
  if (u < 0.88) return { op: 'where', method: false, refs: [first(), other(), other()] };
  if (u < 0.94) {
    const lo = rand() < 0.2 ? { lit: null } : other();
    return { op: 'clip', method: rand() < 0.5, refs: [first(), lo, rand() < 0.2 ? { lit: null } : other()] };
  }
  // Casts that are defined for every value: float and complex sources go to float, complex or bool only.
  const src = first();
  const from = dtypeOf(src);
  const exact = from !== null && (from.kind === 'f' || from.kind === 'c') ? ['bool', 'float16', 'float32', 'float64', 'complex64'] : DTYPES;
  return { op: `astype:${pick(rand, exact)}`, method: true, refs: [src] };
}

/** Random arguments: 1-3 arrays of shapes that broadcast (some strided views), 0-2 scalars. */
function randomArgs(rand: Rand): { args: unknown[]; remake: (rand: Rand) => unknown[] } {
  const ndim = 1 + Math.floor(rand() * 3);
  const base = Array.from({ length: ndim }, () => 1 + Math.floor(rand() * 5));
  const specs: { dtype: gp.DType; shape: number[]; view: boolean }[] = [];
  const nArrays = 1 + Math.floor(rand() * 3);
  for (let k = 0; k < nArrays; k++) {
    const drop = k === 0 ? 0 : Math.floor(rand() * ndim);
    const shape = base.slice(drop).map((d) => (k > 0 && rand() < 0.3 ? 1 : d));
    specs.push({ dtype: gp.dtype(pick(rand, DTYPES)), shape, view: shape.length === 2 && rand() < 0.25 });
  }
  const scalarKinds = Array.from({ length: Math.floor(rand() * 3) }, () => pick(rand, ['int', 'float', 'bool', 'f32', 'i32']));
  const make = (r: Rand): unknown[] => {
    const arrays = specs.map(({ dtype, shape, view }) => {
      const n = shape.reduce((a, b) => a * b, 1);
      const values = randomValues(dtype, n, r, { specials: r() < 0.5, scale: 4 });
      const flat = upload(dtype, values);
      if (!view) return flat.reshape(shape);
      // A transposed view: strided, not C-contiguous.
      const t = flat.reshape([shape[1], shape[0]]);
      return t.T;
    });
    const scalars = scalarKinds.map((k) =>
      k === 'int' ? pick(r, [3, -2, 5]) : k === 'float' ? pick(r, [0.625, -1.5]) : k === 'bool' ? r() < 0.5 : k === 'f32' ? gp.float32(pick(r, [1.25, -0.5])) : gp.int32(pick(r, [2, -4])),
    );
    return [...arrays, ...scalars];
  };
  return { args: make(rand), remake: make };
}

/** A program valid for `args` (each step tried eagerly; combinations the ufuncs refuse are drawn again). */
function randomProgram(rand: Rand, args: readonly unknown[], nSteps: number): Program {
  const argIsArray = args.map((a) => a instanceof gp.GpuArray);
  const steps: Step[] = [];
  const vals: gp.GpuArray[] = [];
  const dtypeOf = (r: Ref) => ('arg' in r ? ((args[r.arg] as gp.GpuArray).dtype ?? null) : 'step' in r ? vals[r.step].dtype : null);
  for (let tries = 0; steps.length < nSteps && tries < 500; tries++) {
    const s = randomStep(rand, args.length, argIsArray, steps.length, dtypeOf);
    let v: unknown;
    try {
      v = run({ steps: [...steps, s], results: [steps.length] }, args);
    } catch {
      continue;
    }
    if (!(v instanceof gp.GpuArray)) continue;
    steps.push(s);
    vals.push(v);
  }
  const last = steps.length - 1;
  // Sometimes two results of one shape (a tuple).
  const other = Math.floor(rand() * last);
  const results = last > 0 && rand() < 0.3 && vals[other].shape.join() === vals[last].shape.join() ? [last, other] : [last];
  disposeAll(vals);
  return { steps, results };
}

const describeArgs = (args: readonly unknown[]) =>
  args.map((a) => (a instanceof gp.GpuArray ? `${a.dtype.name}${JSON.stringify(a.shape)}${a.flags.cContiguous ? '' : 'T'}` : a instanceof gp.Scalar ? `${a.dtype.name}(${a.toString()})` : String(a))).join(' ');

const REDUCTIONS = ['sum', 'prod', 'max', 'min', 'mean', 'all', 'any', 'sum'];

describeEachDevice('gp.fuse on random programs', () => {
  // Each program costs a few kernel compiles on the cpu backend (about a second each, uncached).
  // GPUARRAY_FUSION_PROGRAMS=N runs N programs of each kind instead, for a deeper search.
  const count = () => Number(process.env.GPUARRAY_FUSION_PROGRAMS ?? 0) || (currentDevice().backend.kind === 'cpu' ? 4 : 40);
  const log = process.env.GPUARRAY_FUSION_LOG !== undefined;
  // GPUARRAY_FUSION_SEED=K draws other programs (seeds shift by K).
  const seed = Number(process.env.GPUARRAY_FUSION_SEED ?? 0);

  it('element-wise programs: the fused results are the eager ones, bit for bit (two argument sets, one trace)', function () {
    for (let p = 0; p < count(); p++) {
      const rand = rng(2100 + seed + p);
      const { args, remake } = randomArgs(rand);
      const prog = randomProgram(rand, args, 3 + Math.floor(rand() * 4));
      const f = gp.fuse((...xs: unknown[]) => run(prog, xs) as gp.GpuArray, { name: `random${p}` });
      if (log) console.log(p, describeArgs(args), JSON.stringify(prog));
      for (const set of [args, remake(rng(9100 + seed + p))]) {
        const eager = run(prog, set);
        const fused = f(...set);
        const what = `program ${p} ${JSON.stringify(prog.steps.map((s) => s.op))}`;
        if (Array.isArray(eager)) eager.forEach((e, j) => expectSameArray((fused as unknown as gp.GpuArray[])[j], e as gp.GpuArray, `${what} result ${j}`));
        else expectSameArray(fused, eager as gp.GpuArray, what);
        disposeAll(eager);
        disposeAll(fused);
        disposeAll(set);
      }
      expect(f.traces, `program ${p}: one trace for one signature`).to.equal(1);
    }
  });

  it('programs ending in a reduction (random axis, keepdims): the fused results are the eager ones, bit for bit', function () {
    for (let p = 0; p < count(); p++) {
      const rand = rng(3300 + seed + p);
      const { args } = randomArgs(rand);
      const prog = randomProgram(rand, args, 2 + Math.floor(rand() * 3));
      prog.results = [prog.results[0]];
      const res = run(prog, args) as gp.GpuArray;
      const name = pick(rand, REDUCTIONS);
      const axis = res.ndim === 0 || rand() < 0.3 ? null : rand() < 0.7 ? Math.floor(rand() * res.ndim) - (rand() < 0.3 ? res.ndim : 0) : [0, res.ndim - 1].filter((a, i, xs) => xs.indexOf(a) === i);
      const opts = { axis, keepdims: rand() < 0.4 };
      const reduce = (x: gp.GpuArray) => (x as unknown as Record<string, (o: object) => gp.GpuArray>)[name](opts);
      let eager: gp.GpuArray;
      try {
        eager = reduce(res);
      } catch {
        res.dispose();
        disposeAll(args);
        continue; // a reduction the dtype does not have (max of complex, ...)
      }
      res.dispose();
      const f = gp.fuse((...xs: unknown[]) => reduce(run(prog, xs) as gp.GpuArray), { name: `randred${p}` });
      if (log) console.log(p, describeArgs(args), JSON.stringify(prog), name, JSON.stringify(opts), eager.dtype.name);
      expectSameArray(f(...args), eager, `program ${p} ${JSON.stringify(prog.steps.map((s) => s.op))} then ${name}(${JSON.stringify(opts)})`);
      eager.dispose();
      disposeAll(args);
    }
  });
});
