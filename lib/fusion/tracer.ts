// The objects a fused function is traced with. An array argument becomes a TracedArray: it has
// the ufunc methods, the fusable reductions, astype/copy, dtype and ndim; anything else read off
// it (a shape, values, an `if` on it) is a FusionError naming the call. A scalar argument
// becomes a TracedScalar, which the gp functions take and JS operators refuse.
import { GpuArray } from '../core/gpu-array.js';
import type { DType, DTypeLike } from '../core/dtype.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { reductionFunctions } from '../ops/reductions.js';
import { UFUNC_ALIASES, UFUNCS } from '../ops/ufunc-table.js';
import { callerName } from './errors.js';
import type { Trace, Value } from './graph.js';

const INSPECT = Symbol.for('nodejs.util.inspect.custom');
const HOST_READS = new Set(['item', 'toArray', 'toTypedArray', 'dataSync', 'copyToHost', 'get', 'itemAsync', 'toArrayAsync', 'str', 'toString', 'toJSON', 'valueOf']);
const SHAPE_READS = new Set(['shape', 'size', 'strides', 'nbytes', 'flags', 'offset']);

/** What a tracer's target holds: its trace and value (the Proxy hides everything else). */
class TracedArray {
  constructor(
    readonly trace: Trace,
    readonly value: Value,
  ) {}
}

// The methods of a traced array: the ufunc methods and the fusable reductions call the public
// functions with the tracer (the ufunc and reduction layers hand it to the trace).
const methods: Record<string, (this: object, ...args: unknown[]) => unknown> = {};
const fns = ufuncFunctions as unknown as Record<string, (...a: unknown[]) => unknown>;
for (const name of [...UFUNCS.keys(), ...Object.keys(UFUNC_ALIASES)]) {
  if (name === 'where') continue;
  methods[name] = function (...args) {
    return fns[name](this, ...args);
  };
}
const reds = reductionFunctions as unknown as Record<string, (...a: unknown[]) => unknown>;
for (const name of ['sum', 'prod', 'max', 'min', 'all', 'any', 'mean', 'var', 'std', 'argmax', 'argmin']) {
  methods[name] = function (...args) {
    return reds[name](this, ...args);
  };
}
// NumPy's a.conj() of a real or bool array is the array itself (the eager method's view of it).
for (const name of ['conjugate', 'conj']) {
  const ufunc = methods[name];
  methods[name] = function (...args) {
    return args.length === 0 && !(this as { dtype: DType }).dtype.isComplex ? this : ufunc.apply(this, args);
  };
}
methods.dispose = () => undefined;

/** The value and trace behind a tracer's proxy (via the target, which the traps receive). */
function describe(t: TracedArray): string {
  const v = t.value;
  return v.kind === 'scalar' ? 'TracedScalar' : `TracedArray(${v.dtype.name}, ndim ${v.ndim})`;
}

function refuse(t: TracedArray, prop: string): never {
  const where = callerName();
  if (HOST_READS.has(prop)) {
    t.trace.fail(
      `a.${prop}() reads array values on the host${where}; a fused function cannot depend on array values ` +
        `(choose element-wise with gp.where, or pass {fallback: 'eager'})`,
    );
  }
  if (SHAPE_READS.has(prop)) {
    t.trace.fail(`a.${prop} is not known while tracing${where}: fused functions are traced per dtype and ndim, not per shape`);
  }
  const member = prop in GpuArray.prototype ? `a.${prop}` : `'${prop}' of a traced array`;
  t.trace.fail(`${member} cannot be fused${where} (a fused function uses element-wise functions and methods, where, clip, astype, and one final reduction)`);
}

const primitive = (t: TracedArray) => () =>
  t.trace.fail(
    `a traced array was used as a JS value${callerName()} (an if, a comparison or arithmetic operator, a template string): ` +
      `its values are not known while tracing; use the gp functions (gp.greater, gp.where, ...) or {fallback: 'eager'}`,
  );

const handler: ProxyHandler<TracedArray> = {
  get(t, prop, receiver) {
    if (typeof prop === 'symbol') {
      if (prop === Symbol.toPrimitive) return primitive(t);
      if (prop === INSPECT) return () => describe(t);
      if (prop === Symbol.dispose) return methods.dispose;
      if (prop === Symbol.toStringTag) return 'TracedArray';
      if (prop === Symbol.iterator) t.trace.fail(`iterating over a traced array${callerName()} cannot be fused`);
      return undefined;
    }
    const v = t.value;
    if (prop === 'dtype' && v.kind !== 'scalar') return v.dtype;
    if (prop === 'ndim' && v.kind !== 'scalar') return v.ndim;
    if (prop === 'constructor') return TracedArray;
    // Probes made by the ufunc layer and by `await`: a tracer is no complex value, no promise.
    if (prop === 're' || prop === 'im' || prop === 'then') return undefined;
    if (prop === 'astype') return (d: DTypeLike) => t.trace.astype(receiver, d);
    if (prop === 'copy') return () => t.trace.astype(receiver, (v as { dtype: DTypeLike }).dtype);
    if (Object.hasOwn(methods, prop)) return methods[prop];
    refuse(t, prop);
  },
  set(t, prop): boolean {
    return t.trace.fail(`assigning ${String(prop)} on a traced array${callerName()} cannot be fused`);
  },
};

/** A scalar argument while tracing: taken by the gp functions, refused by JS operators. */
class TracedScalar {
  constructor(
    private readonly trace: Trace,
    private readonly arg: number,
  ) {}
  private refuse(): never {
    this.trace.fail(
      `scalar argument ${this.arg} was used as a JS value${callerName()} (JS arithmetic, a comparison, an if): ` +
        `its value is a kernel parameter; compute with the gp functions (gp.multiply(s, 2)) or pass {fallback: 'eager'}`,
    );
  }
  [Symbol.toPrimitive](): never {
    this.refuse();
  }
  valueOf(): never {
    this.refuse();
  }
  toString(): never {
    this.refuse();
  }
  toJSON(): never {
    this.refuse();
  }
  [INSPECT](): string {
    return `TracedScalar(argument ${this.arg})`;
  }
}

/** The tracer of a value (the Trace's TracerFactory). */
export function makeTracer(trace: Trace, v: Value): object {
  if (v.kind === 'scalar') return new TracedScalar(trace, v.src.arg ?? -1);
  return new Proxy(new TracedArray(trace, v), handler);
}
