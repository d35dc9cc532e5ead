// Reshape arithmetic (NumPy's): the target shape with its -1 filled in, and the strides of a
// reshape that can reuse the same memory (_attempt_nocopy_reshape), or null when it needs a copy.
import { contiguousStrides, intList, Shape, shapeSize, shapeString } from './shape.js';

/** Fill in the unknown dimension (-1; NumPy 2 takes any negative length as it) and check the element count. */
export function resolveReshape(shape: readonly number[], size: number): number[] {
  const dims = intList('reshape', 'shape', shape);
  for (const d of dims) {
    // NumPy: a non-integer is a TypeError.
    if (typeof d !== 'number' || !Number.isInteger(d)) throw new TypeError(`invalid shape dimension ${String(d)}: lengths must be integers`);
  }
  const unknown = dims.filter((d) => d < 0).length;
  if (unknown > 1) throw new RangeError('can only specify one unknown dimension');
  if (unknown === 1) {
    const known = dims.filter((d) => d >= 0).reduce((a, b) => a * b, 1);
    if (known === 0 || size % known !== 0) throw new RangeError(`cannot reshape array of size ${size} into shape ${shapeString(shape)}`);
    dims[dims.findIndex((d) => d < 0)] = size / known;
  }
  if (shapeSize(dims) !== size) throw new RangeError(`cannot reshape array of size ${size} into shape ${shapeString(shape)}`);
  return dims;
}

/** NumPy's _attempt_nocopy_reshape: strides for `to` over the same memory, or null when a copy is needed. */
export function nocopyReshapeStrides(from: Shape, fromStrides: readonly number[], to: readonly number[], itemsize: number): number[] | null {
  if (shapeSize(from) === 0 || from.length === 0) return contiguousStrides(to, itemsize);
  // Drop length-1 axes of the source; they constrain nothing.
  const os: number[] = [];
  const ost: number[] = [];
  from.forEach((d, i) => {
    if (d !== 1) {
      os.push(d);
      ost.push(fromStrides[i]);
    }
  });
  const ns = to;
  const nst = new Array<number>(ns.length).fill(0);
  let oi = 0;
  let oj = 1;
  let ni = 0;
  let nj = 1;
  while (ni < ns.length && oi < os.length) {
    let np = ns[ni];
    let op = os[oi];
    while (np !== op) {
      if (np < op) np *= ns[nj++];
      else op *= os[oj++];
    }
    for (let ok = oi; ok < oj - 1; ok++) if (ost[ok] !== os[ok + 1] * ost[ok + 1]) return null;
    nst[nj - 1] = ost[oj - 1];
    for (let nk = nj - 1; nk > ni; nk--) nst[nk - 1] = nst[nk] * ns[nk];
    ni = nj++;
    oi = oj++;
  }
  // Trailing length-1 axes of the target.
  const last = ni > 0 ? nst[ni - 1] : itemsize;
  for (let k = ni; k < ns.length; k++) nst[k] = last;
  return nst;
}
