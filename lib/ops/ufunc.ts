// A NumPy ufunc over typed loops: picks the loop for the argument dtypes as NumPy 2 does (NEP 50
// weak scalars, safe casting), then runs the element-wise engine. One kernel definition per loop.
import { DType, dtype as toDType, DTypeLike, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, isComplexLike, weakKindOf } from '../core/host-data.js';
import { canCastSafely, checkWeakIntegerFits, resultType, WeakKind } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { BoundParam, ElementwiseDefinition, makeDefinition, runElementwise } from '../kernel/elementwise.js';

export interface UfuncLoop {
  ins: readonly DType[];
  outs: readonly DType[];
  body: string;
}

export interface UfuncOptions {
  /** Integer and bool inputs go to the float64 loop (true division). */
  intToFloat64?: boolean;
  /** Comparisons: an out-of-range integer scalar widens the loop instead of raising. */
  comparison?: boolean;
  /** Inputs cast to their loop type whatever their dtype (where's condition). */
  anyCastInputs?: readonly number[];
}

export type UfuncArg = GpuArray | Scalar | HostScalar;

export interface UfuncCallOptions {
  /** Where to write the result (same shape as the broadcast result). */
  out?: GpuArray;
  /** Loop dtype to compute in (NumPy's dtype=). */
  dtype?: DTypeLike;
}

/** NumPy's same_kind casting: never towards a lower kind (complex -> float, float -> int). */
function canCastSameKind(from: DType, to: DType): boolean {
  const cat = (d: DType) => ({ b: 0, u: 1, i: 1, f: 2, c: 3 })[d.kind];
  return canCastSafely(from, to) || cat(from) <= cat(to);
}

const describe = (v: unknown) => (v === null ? 'null' : typeof v === 'object' ? (v as object).constructor?.name ?? 'object' : typeof v);

export class Ufunc {
  private readonly defs = new Map<UfuncLoop, ElementwiseDefinition>();

  constructor(
    readonly name: string,
    readonly nin: number,
    readonly nout: number,
    readonly loops: readonly UfuncLoop[],
    readonly opts: UfuncOptions = {},
  ) {}

  /** Types as NumPy's ufunc.types: ['ff->f', ...]. */
  get types(): string[] {
    return this.loops.map((l) => `${l.ins.map((d) => d.char).join('')}->${l.outs.map((d) => d.char).join('')}`);
  }

  call(args: readonly UfuncArg[], options: UfuncCallOptions = {}): GpuArray {
    if (args.length !== this.nin) {
      throw new TypeError(`${this.name}() takes ${this.nin} input${this.nin === 1 ? '' : 's'}, got ${args.length}`);
    }
    const { loop, inputDtypes } = this.resolve(args, options.dtype);
    const params: BoundParam[] = [];
    const values: (GpuArray | HostScalar | null)[] = [];
    args.forEach((a, k) => {
      const d = loop.ins[k];
      params.push({ name: `in${k}`, raw: false, isOutput: false, dtype: d, localCtype: d.computeCtype, placeholder: `in${k}_type`, readsOutput: false });
      if (a instanceof GpuArray) values.push(a);
      else if (a instanceof Scalar) values.push(a.value as HostScalar);
      else {
        if (d.isInteger && typeof a !== 'boolean' && !isComplexLike(a)) checkWeakIntegerFits(a, d);
        values.push(a);
      }
    });
    void inputDtypes;
    loop.outs.forEach((d, k) => {
      params.push({ name: `out${k}`, raw: false, isOutput: true, dtype: d, localCtype: d.computeCtype, placeholder: `out${k}_type`, readsOutput: false });
    });
    const out = options.out;
    if (out !== undefined) {
      if (!(out instanceof GpuArray)) throw new TypeError(`${this.name}: out must be a GpuArray, got ${describe(out)}`);
      if (!canCastSameKind(loop.outs[0], out.dtype)) {
        throw new TypeError(`Cannot cast ufunc '${this.name}' output from ${loop.outs[0].name} to ${out.dtype.name} with casting rule 'same_kind'`);
      }
    }
    values.push(out ?? null);
    return runElementwise(this.definition(loop), params, values)[0];
  }

  private definition(loop: UfuncLoop): ElementwiseDefinition {
    let def = this.defs.get(loop);
    if (def === undefined) {
      const sig = `${loop.ins.map((d) => d.char).join('')}_${loop.outs.map((d) => d.char).join('')}`.replace(/\?/g, 'bool');
      def = makeDefinition({
        name: `gpa_${this.name}_${sig}`,
        body: loop.body,
        preamble: loop.body.includes('gpa::') ? '#include "gpuarray/ufunc_math.h"' : '',
        loopPrep: '',
        afterLoop: '',
        reduceDims: true,
        options: [],
      });
      this.defs.set(loop, def);
    }
    return def;
  }

  /** NumPy's loop selection: per-input dtypes (weak scalars per NEP 50), then the first safe loop. */
  resolve(args: readonly UfuncArg[], dtypeOpt?: DTypeLike): { loop: UfuncLoop; inputDtypes: DType[] } {
    const strong: DType[] = [];
    const weak: WeakKind[] = [];
    const kinds: (DType | WeakKind)[] = args.map((a) => {
      if (a instanceof GpuArray || a instanceof Scalar) {
        strong.push(a.dtype);
        return a.dtype;
      }
      if (typeof a === 'number' || typeof a === 'bigint' || typeof a === 'boolean' || isComplexLike(a)) {
        const k = weakKindOf(a);
        weak.push(k);
        return k;
      }
      throw new TypeError(`${this.name}: unsupported operand type ${describe(a)} (expected GpuArray, typed scalar or number)`);
    });
    let ins = kinds.map((k) => (typeof k === 'string' ? resultType(strong, strong.length ? [k] : weak) : k));
    if (this.opts.comparison) {
      // NumPy 2 compares Python ints with any integer array exactly: widen instead of raising.
      ins = ins.map((d, k) => {
        const a = args[k];
        if (typeof kinds[k] === 'string' && d.isInteger && (typeof a === 'number' || typeof a === 'bigint')) {
          try {
            checkWeakIntegerFits(a, d);
          } catch {
            return typeof a === 'bigint' ? dtypes.int64 : dtypes.float64;
          }
        }
        return d;
      });
    }
    if (this.opts.intToFloat64 && ins.every((d) => d.kind === 'b' || d.isInteger)) ins = ins.map(() => dtypes.float64);

    const anyCast = this.opts.anyCastInputs ?? [];
    const castOk = (from: DType, to: DType, k: number) => anyCast.includes(k) || canCastSafely(from, to);
    let loop: UfuncLoop | undefined;
    if (dtypeOpt !== undefined) {
      const want = toDType(dtypeOpt);
      loop = this.loops.find((l) => l.outs[0] === want && l.ins.every((t, k) => anyCast.includes(k) || canCastSameKind(ins[k], t)));
      if (!loop) throw new TypeError(`ufunc '${this.name}' has no loop computing in ${want.name} for the input types (${ins.map((d) => d.name).join(', ')})`);
    } else {
      loop = this.loops.find((l) => l.ins.every((t, k) => castOk(ins[k], t, k)));
      if (!loop) {
        throw new TypeError(
          `ufunc '${this.name}' not supported for the input types (${ins.map((d) => d.name).join(', ')}), and the inputs could not be ` +
            `safely coerced to any supported types according to the casting rule 'safe'`,
        );
      }
    }
    return { loop, inputDtypes: ins };
  }
}
