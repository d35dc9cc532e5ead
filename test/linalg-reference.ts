// Host references for the linear-algebra tests: a naive einsum over every label combination, in
// float64 / complex128 (pairs of doubles) for inexact dtypes and BigInt with NumPy's wrap-around
// for integers (bool: OR of ANDs). matmul, dot, tensordot... are checked through their einsum.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { expectClose, HostVal, values } from './reduction-reference.js';

export interface HostTensor {
  shape: number[];
  data: HostVal[];
}

export const host = (a: gp.GpuArray): HostTensor => ({ shape: [...a.shape], data: values(a) });

type C = { re: number; im: number };

/**
 * out[outLabels] = sum over the other labels of prod_i op_i[labels_i], the result in dtype `d`
 * (integers wrap to its width, float results are the float64 sum, compared with a tolerance).
 */
export function einsumRef(spec: string, ops: HostTensor[], d: gp.DType): HostTensor {
  const [lhs, outTerm] = spec.split('->');
  const terms = lhs.split(',');
  const size = new Map<string, number>();
  terms.forEach((t, i) => [...t].forEach((l, ax) => size.set(l, Math.max(size.get(l) ?? 1, ops[i].shape[ax]))));
  const all = [...size.keys()];
  const outShape = [...outTerm].map((l) => size.get(l)!);
  const outSize = outShape.reduce((p, v) => p * v, 1);
  const kind = d.kind;
  const bits = d.itemsize * 8;
  const accF = new Float64Array(outSize);
  const accI = new Float64Array(outSize * 2);
  const accB: bigint[] = Array<bigint>(outSize).fill(0n);
  const accBool: boolean[] = Array<boolean>(outSize).fill(false);
  const strides = (shape: number[]) => {
    const s = Array<number>(shape.length).fill(1);
    for (let i = shape.length - 2; i >= 0; i--) s[i] = s[i + 1] * shape[i + 1];
    return s;
  };
  const opStrides = ops.map((o) => strides(o.shape));
  const outStrides = strides(outShape);
  const idx = new Map<string, number>();
  const total = all.reduce((p, l) => p * size.get(l)!, 1);
  for (let flatI = 0; flatI < total; flatI++) {
    let r = flatI;
    for (let j = all.length - 1; j >= 0; j--) {
      const s = size.get(all[j])!;
      idx.set(all[j], r % s);
      r = Math.floor(r / s);
    }
    // Size-1 dims broadcast: their index is 0.
    const vals = terms.map((t, i) => ops[i].data[[...t].reduce((off, l, ax) => off + (ops[i].shape[ax] === 1 ? 0 : idx.get(l)!) * opStrides[i][ax], 0)]);
    const o = [...outTerm].reduce((off, l, ax) => off + idx.get(l)! * outStrides[ax], 0);
    if (kind === 'b') accBool[o] ||= vals.every((v) => v === true || v === 1 || v === 1n);
    else if (kind === 'i' || kind === 'u') accB[o] += vals.reduce<bigint>((p, v) => p * BigInt(v as number | bigint | boolean as never), 1n);
    else if (kind === 'c') {
      let p: C = { re: 1, im: 0 };
      for (const v of vals) {
        const c: C = typeof v === 'object' ? v : { re: Number(v), im: 0 };
        p = { re: p.re * c.re - p.im * c.im, im: p.re * c.im + p.im * c.re };
      }
      accI[2 * o] += p.re;
      accI[2 * o + 1] += p.im;
    } else accF[o] += vals.reduce<number>((p, v) => p * Number(v), 1);
  }
  const data: HostVal[] = [];
  for (let o = 0; o < outSize; o++) {
    if (kind === 'b') data.push(accBool[o]);
    else if (kind === 'i' || kind === 'u') {
      const w = kind === 'i' ? BigInt.asIntN(bits, accB[o]) : BigInt.asUintN(bits, accB[o]);
      data.push(bits === 64 ? w : Number(w));
    } else if (kind === 'c') data.push({ re: accI[2 * o], im: accI[2 * o + 1] });
    else data.push(accF[o]);
  }
  return { shape: outShape, data };
}

/** Tolerances by dtype for results of sums of products of the data the tests use. */
export function tolerance(d: gp.DType): number {
  return d.name === 'float16' ? 2e-3 : d.name === 'float32' || d.name === 'complex64' ? 2e-6 : 1e-12;
}

export function expectTensor(got: gp.GpuArray, want: HostTensor, d: gp.DType, what = ''): void {
  expect(got.dtype.name, `${what} dtype`).to.equal(d.name);
  expect([...got.shape], `${what} shape`).to.deep.equal(want.shape);
  const t = tolerance(d);
  expectClose(values(got), want.data, t, t, what);
}

/** Deterministic small values for `d` (integers in [-lim, lim], bool, complex pairs), never all zero. */
export function sample(n: number, d: gp.DType, rand: () => number, lim = 4): HostVal[] {
  const ints = Array.from({ length: n }, (_, i) => (i % 5 === 1 ? 1 : Math.floor(rand() * (2 * lim + 1)) - lim));
  if (d.kind === 'b') return ints.map((v) => v > 0);
  if (d.kind === 'u') return ints.map((v) => Math.abs(v));
  if (d.kind === 'c') return ints.map((v, i) => ({ re: v, im: ((i * 7) % 5) - 2 }));
  return ints;
}

export function upload(data: HostVal[], d: gp.DType, shape: number[]): gp.GpuArray {
  const a = gp.array(d.isBigInt ? data.map((v) => BigInt(v as number)) : (data as unknown[]), d);
  return a.reshape(shape);
}
