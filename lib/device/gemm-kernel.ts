// Our GEMM kernel (kernels/gpuarray/gemm.h) behind the backend contract: every dtype on the cpu
// backend, integer and bool on cuda. One program holds all dtypes (one compile, then cached).
import { ArgBlock, ParamLayout } from './arg-block.js';
import type { Backend, BlasOp, CompileRequest, GemmDType, GemmRequest, LoadedKernel } from './backend.js';

/** The C type of each dtype in the kernel (as lib/core/dtype.ts spells them). */
const CTYPE: Record<GemmDType, string> = {
  bool: 'bool',
  int8: 'signed char',
  uint8: 'unsigned char',
  int16: 'short',
  uint16: 'unsigned short',
  int32: 'int',
  uint32: 'unsigned int',
  int64: 'long long',
  uint64: 'unsigned long long',
  float16: 'float16',
  float32: 'float',
  float64: 'double',
  complex64: 'gpa::complex<float>',
  complex128: 'gpa::complex<double>',
};

const PARAM_TYPES = [
  'const void*',
  'const void*',
  'void*',
  ...Array<string>(13).fill('long long'),
  'int',
  'int',
  'double',
  'double',
] as const;
const LAYOUT: ParamLayout[] = PARAM_TYPES.map((t) => (t === 'int' ? { size: 4, align: 4 } : { size: 8, align: 8 }));

const kernelName = (d: GemmDType) => `gpa_gemm_${d}`;

/** The program of every dtype's GEMM entry (exported for compile checks). */
export function gemmProgramRequest(): CompileRequest {
  const dts = Object.keys(CTYPE) as GemmDType[];
  return {
    // float16.h named here too: NVRTC gets the toolkit's include path when a source names it.
    source: ['#include "gpuarray/float16.h"', '#include "gpuarray/complex.h"', '#include "gpuarray/gemm.h"', ...dts.map((d) => `GPA_GEMM_KERNEL(${kernelName(d)}, ${CTYPE[d]})`)].join('\n') + '\n',
    kernels: dts.map((d) => ({ name: kernelName(d), paramTypes: PARAM_TYPES })),
    programName: 'gpa_gemm',
    // The device path uses shared memory behind #ifndef GPA_HOST; the host path never does.
    checkHostSupport: false,
  };
}

/** (row stride, column stride) of op(X) in elements, for column-major X with leading dimension ld. */
function opStrides(op: BlasOp, ld: number): [number, number] {
  return op === 'N' ? [1, ld] : [ld, 1];
}

export class GemmKernels {
  private readonly kernels = new Map<GemmDType, { k: LoadedKernel; args: ArgBlock }>();

  constructor(private readonly backend: Backend) {}

  private kernel(d: GemmDType) {
    let e = this.kernels.get(d);
    if (!e) {
      const prog = this.backend.loadProgram(gemmProgramRequest());
      e = { k: prog.kernel(kernelName(d)), args: new ArgBlock(LAYOUT) };
      this.kernels.set(d, e);
    }
    return e;
  }

  run(r: GemmRequest): void {
    if (r.m === 0 || r.n === 0 || r.batch === 0) return;
    const { k, args } = this.kernel(r.dtype);
    const [ars, acs] = opStrides(r.transa, r.lda);
    const [brs, bcs] = opStrides(r.transb, r.ldb);
    const o = args.offsets;
    args.writeU64Number(o[0], r.a);
    args.writeU64Number(o[1], r.b);
    args.writeU64Number(o[2], r.c);
    const longs = [r.m, r.n, r.k, ars, acs, r.strideA, brs, bcs, r.strideB, 1, r.ldc, r.strideC, r.batch];
    longs.forEach((v, i) => args.writeI64Number(o[3 + i], v));
    args.write('i32', o[16], r.transa === 'C' ? 1 : 0);
    args.write('i32', o[17], r.transb === 'C' ? 1 : 0);
    args.writeF64(o[18], r.alpha);
    args.writeF64(o[19], r.beta);
    if (this.backend.launchHints.serialThreads) {
      // One block per core; the kernel hands out its C tiles among them.
      const threads = this.backend.device.multiprocessorCount;
      k.launch({ x: threads, y: 1, z: 1 }, { x: 1, y: 1, z: 1 }, 0, r.stream, args.pointers);
    } else {
      const tiles = (x: number) => Math.min(Math.ceil(x / 64), 65535);
      k.launch({ x: tiles(r.n), y: tiles(r.m), z: Math.min(r.batch, 65535) }, { x: 256, y: 1, z: 1 }, 0, r.stream, args.pointers);
    }
  }
}
