// dst[...] = src with broadcasting and casting: the kernel behind copy, astype, fill and strided
// uploads. Installed into lib/core as its kernel hook.
import { DType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, toDTypeValue } from '../core/host-data.js';
import { installKernelHooks } from '../core/kernel-hooks.js';
import { Scalar } from '../core/scalar.js';
import { ElementwiseDefinition, makeDefinition, runElementwise } from './elementwise.js';
import { arrayToDevice } from '../core/transfer.js';
import { sameShape } from '../core/shape.js';
import { copyBetweenDevices } from '../device/transfer.js';
import { checkWritable, overlapsBadly } from './overlap.js';

const copyDef: ElementwiseDefinition = makeDefinition({
  name: 'gpa_copy',
  body: 'out0 = (out0_type)(in0);',
  preamble: '',
  loopPrep: '',
  afterLoop: '',
  reduceDims: true,
  options: [],
});

/** The C type values of `d` are held in while being cast (float16 goes through float). */
const castCtype = (d: DType) => d.computeCtype;
/**
 * The C type the cast lands in (DType.castCtype): float16 converts directly (double -> half
 * rounds once, as NumPy's npy_double_to_half; through float it would round twice).
 */
const castToCtype = (d: DType) => d.castCtype;

/** Whether dst = src is a plain copy of bytes: one dtype, both C-contiguous, one shape. */
const sameBytes = (dst: GpuArray, src: GpuArray) =>
  src.dtype === dst.dtype && src.layoutFlags.cContiguous && dst.layoutFlags.cContiguous && sameShape(src.shape, dst.shape);

export function assign(dst: GpuArray, src: GpuArray | Scalar | HostScalar): void {
  checkWritable('assignment destination', dst);
  // A source on another device is copied over first (a peer copy, or through the host), straight
  // into dst when nothing needs casting, broadcasting or a strided walk.
  if (src instanceof GpuArray && src.device !== dst.device) {
    if (sameBytes(dst, src)) {
      copyBetweenDevices(dst.device, dst.ptr, src.device, src.ptr, dst.nbytes);
      return;
    }
    const moved = arrayToDevice(src, dst.device);
    try {
      assign(dst, moved);
    } finally {
      moved.dispose();
    }
    return;
  }
  // A source sharing memory with dst (a[1:] = a[:-1], a = a.T) is read from a copy, as NumPy.
  if (src instanceof GpuArray && overlapsBadly(src, dst)) {
    const c = src.copy();
    try {
      assign(dst, c);
    } finally {
      c.dispose();
    }
    return;
  }
  // Same dtype, both C-contiguous, one shape, not 16-byte aligned (a roll's halves, a slice at an
  // odd offset): the driver's copy handles any alignment at full speed, where the kernel's loop
  // would go element by element.
  if (src instanceof GpuArray && (src.ptr % 16 !== 0 || dst.ptr % 16 !== 0) && sameBytes(dst, src)) {
    if (src.ptr !== dst.ptr) dst.device.backend.copyDeviceToDevice(dst.ptr, src.ptr, dst.nbytes, dst.device.currentStream());
    return;
  }
  let srcDtype: DType;
  let value: GpuArray | HostScalar;
  if (src instanceof GpuArray) {
    srcDtype = src.dtype;
    value = src;
  } else if (src instanceof Scalar) {
    srcDtype = src.dtype;
    value = src.value;
  } else {
    // A plain value is converted (and range-checked, as NumPy) to the destination dtype here.
    srcDtype = dst.dtype;
    value = toDTypeValue(src, dst.dtype);
  }
  runElementwise(
    copyDef,
    [
      { name: 'in0', raw: false, isOutput: false, dtype: srcDtype, localCtype: castCtype(srcDtype), placeholder: 'in0_type', readsOutput: false },
      { name: 'out0', raw: false, isOutput: true, dtype: dst.dtype, localCtype: castToCtype(dst.dtype), placeholder: 'out0_type', readsOutput: false },
    ],
    [value, dst],
  );
}

installKernelHooks({ assign });
