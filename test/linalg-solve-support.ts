// Helpers of the gp.linalg factorisation tests: deterministic matrices (general, diagonally
// dominant, Hermitian positive definite) in any float/complex dtype, and identity checks by the
// largest entry-wise difference read back to the host.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { rng } from './helpers.js';
import { HostVal, values } from './reduction-reference.js';

export const SOLVER_DTYPES = ['float32', 'float64', 'complex64', 'complex128'] as const;
export type SolverDTypeName = (typeof SOLVER_DTYPES)[number];

const isComplex = (d: string) => d.startsWith('complex');

/** Entries in [-1, 1) (complex: both parts), plus `shift` on every diagonal: batch x n x m. */
export function randomMatrix(d: string, shape: number[], seed: number, shift = 0): gp.GpuArray {
  const r = rng(seed);
  const [rows, cols] = shape.slice(-2);
  const count = shape.reduce((p, v) => p * v, 1);
  const data: HostVal[] = [];
  for (let e = 0; e < count; e++) {
    const i = Math.floor(e / cols) % rows;
    const j = e % cols;
    const re = 2 * r() - 1 + (i === j ? shift : 0);
    data.push(isComplex(d) ? { re, im: 2 * r() - 1 } : re);
  }
  return gp.array(data as unknown[], d).reshape(shape);
}

/** The conjugate transpose of the last two axes (a new array). */
export function adjoint(x: gp.GpuArray): gp.GpuArray {
  const perm = x.shape.map((_, i) => i);
  [perm[x.ndim - 1], perm[x.ndim - 2]] = [perm[x.ndim - 2], perm[x.ndim - 1]];
  return gp.conj(x.transpose(perm));
}

/** B B^H + n I: Hermitian positive definite, batch x n x n. */
export function hermitianPD(d: string, shape: number[], seed: number): gp.GpuArray {
  const b = randomMatrix(d, shape, seed);
  const n = shape[shape.length - 1];
  return gp.add(gp.matmul(b, adjoint(b)), gp.multiply(gp.eye(n, null, 0, d), n));
}

/** B + B^H: Hermitian (indefinite). */
export function hermitian(d: string, shape: number[], seed: number): gp.GpuArray {
  const b = randomMatrix(d, shape, seed);
  return gp.add(b, adjoint(b));
}

const mag = (v: HostVal) => (typeof v === 'object' ? Math.hypot(v.re, v.im) : Math.abs(Number(v)));

/** The largest |a - b| over all entries (same shape required). */
export function maxDiff(a: gp.GpuArray, b: gp.GpuArray): number {
  expect([...a.shape]).to.deep.equal([...b.shape]);
  const d = values(gp.subtract(a, b));
  return d.reduce<number>((m, v) => Math.max(m, mag(v)), 0);
}

/** Identity-check tolerance for the small, well-conditioned matrices of these tests. */
export const tol = (d: string) => (d === 'float32' || d === 'complex64' ? 2e-4 : 1e-11);

/** Expect `a` == `b` within the dtype's tolerance, with a message. */
export function expectNear(a: gp.GpuArray, b: gp.GpuArray, d: string, what: string): void {
  const m = maxDiff(a, b);
  expect(m, `${what}: max |difference| ${m}`).to.be.at.most(tol(d));
}

/** Identity matrices of a stack's shape. */
export function identities(shape: readonly number[], d: string): gp.GpuArray {
  const n = shape[shape.length - 1];
  return gp.eye(n, null, 0, d).broadcastTo(shape);
}

/** Whether every entry of the strict lower (or upper) triangle is exactly 0. */
export function triangleIsZero(x: gp.GpuArray, lower: boolean): boolean {
  const v = values(x);
  const [rows, cols] = x.shape.slice(-2);
  return v.every((e, k) => {
    const i = Math.floor(k / cols) % rows;
    const j = k % cols;
    return (lower ? i > j : j > i) ? mag(e) === 0 : true;
  });
}

export { mag, values };
