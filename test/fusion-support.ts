// Shared by the fusion tests: fused results against eager ones, byte for byte.
import { expect } from 'chai';
import * as gp from '../lib/index.js';

/** The bytes of an array's elements in C order (float16 as its bits, complex interleaved). */
export function bytesOf(a: gp.GpuArray): Uint8Array {
  const t = a.toTypedArray();
  return new Uint8Array(t.buffer, t.byteOffset, t.byteLength);
}

/** Fused and eager results: same dtype, same shape, the same bytes (NaN payloads and signed zeros included). */
export function expectSameArray(fused: unknown, eager: gp.GpuArray, what: string): void {
  expect(fused, what).to.be.instanceOf(gp.GpuArray);
  const f = fused as gp.GpuArray;
  expect(f.dtype.name, `${what}: dtype`).to.equal(eager.dtype.name);
  expect([...f.shape], `${what}: shape`).to.deep.equal([...eager.shape]);
  const fb = bytesOf(f);
  const eb = bytesOf(eager);
  const k = fb.findIndex((b, i) => b !== eb[i]);
  if (k >= 0) {
    const i = Math.floor(k / eager.itemsize);
    const show = (a: gp.GpuArray) => {
      const v = a.reshape([-1]).item(i);
      return typeof v === 'object' ? `(${v.re}, ${v.im})` : Object.is(v, -0) ? '-0' : String(v);
    };
    expect.fail(`${what}: element ${i} (C order) differs: fused ${show(f)}, eager ${show(eager)}`);
  }
}

/** Dispose whatever arrays a value holds (a result or a list of them). */
export function disposeAll(v: unknown): void {
  if (v instanceof gp.GpuArray) v.dispose();
  else if (Array.isArray(v)) v.forEach(disposeAll);
}
