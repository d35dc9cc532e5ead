// An array and the bytes of its .npy file, both ways: the bytes NumPy's np.save writes (header,
// then the elements little-endian in C order, taken from the host copy toTypedArray makes), and an
// array from such bytes (uploaded once through frombuffer; big-endian data swapped, Fortran-order
// data transposed).
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { frombuffer } from '../ops/creation-buffer.js';
import { descrOf, npyHeader, readNpyHeader } from './npy-header.js';

/** The bytes of `a` in C order as stored in a .npy file (little-endian, float16 as its bits). */
export function arrayBytes(a: GpuArray): Uint8Array {
  // toTypedArray gives float16's values as float32; its bits come through a same-size view.
  const src = a.dtype === dtypes.float16 ? a.view(dtypes.uint16) : a;
  try {
    const t = src.toTypedArray();
    return new Uint8Array(t.buffer, t.byteOffset, t.byteLength);
  } finally {
    if (src !== a) src.dispose();
  }
}

/** The .npy file of `a`: its header (NumPy's, byte for byte) and its data. */
export function npyChunks(a: GpuArray): Uint8Array[] {
  const header = npyHeader(descrOf(a.dtype), false, a.shape);
  return [header, arrayBytes(a)];
}

/** An array from the bytes of a .npy file (header checked, data byte-swapped and reordered as needed). */
export function arrayFromNpy(bytes: Uint8Array, maxHeaderSize: number): GpuArray {
  const h = readNpyHeader(bytes, maxHeaderSize);
  const size = h.shape.reduce((n, k) => n * k, 1);
  const need = size * h.d.itemsize;
  const have = bytes.length - h.dataOffset;
  if (have < need) throw new RangeError(`EOF: reading array data, expected ${need} bytes got ${have}`);
  let data = bytes.subarray(h.dataOffset, h.dataOffset + need);
  if (h.bigEndian) data = byteswapped(data, h.d);
  // Fortran order: the data is the C-order data of the reversed shape; its transpose is the array
  // (an F-contiguous view, as NumPy returns).
  const flat = frombuffer(data, h.d);
  let shaped: GpuArray | null = null;
  try {
    shaped = flat.reshape(h.fortranOrder ? [...h.shape].reverse() : h.shape);
    return h.fortranOrder && h.shape.length > 1 ? shaped.transpose() : shaped;
  } finally {
    flat.dispose();
    if (shaped !== null && h.fortranOrder && h.shape.length > 1) shaped.dispose();
  }
}

/** A little-endian copy of big-endian elements of `d` (complex: each half swapped on its own). */
function byteswapped(data: Uint8Array, d: DType): Uint8Array {
  const out = new Uint8Array(data);
  const w = d.isComplex ? d.itemsize / 2 : d.itemsize;
  for (let i = 0; i < out.length; i += w) {
    for (let a = i, b = i + w - 1; a < b; a++, b--) {
      const t = out[a];
      out[a] = out[b];
      out[b] = t;
    }
  }
  return out;
}
