// Every copy between host memory and the device is bounded by the host view's real extent, read
// through the intrinsic accessors (a TypedArray subclass or an own `byteLength` property cannot
// make a copy read or write past the memory it covers).
const typedArrayProto = Object.getPrototypeOf(Int8Array.prototype) as object;
const taByteLength = Object.getOwnPropertyDescriptor(typedArrayProto, 'byteLength')!.get!;
const dvByteLength = Object.getOwnPropertyDescriptor(DataView.prototype, 'byteLength')!.get!;

/** The bytes `view` really covers. */
export function hostByteLength(view: ArrayBufferView): number {
  return (view instanceof DataView ? Reflect.apply(dvByteLength, view, []) : Reflect.apply(taByteLength, view, [])) as number;
}

/** Refuse a copy of `bytes` bytes to or from a host view that holds fewer. */
export function checkHostBytes(view: ArrayBufferView, bytes: number, what: string): void {
  if (!ArrayBuffer.isView(view)) throw new TypeError(`${what}: the host side must be a TypedArray or DataView`);
  const have = hostByteLength(view);
  if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > have) {
    throw new RangeError(`${what}: a copy of ${bytes} bytes does not fit the host array's ${have} bytes`);
  }
}
