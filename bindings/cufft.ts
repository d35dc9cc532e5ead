// cuFFT through koffi: plans over the trailing 1 to 3 dimensions of batched C-contiguous data,
// with their work area from our memory pool (auto allocation off), bound to a stream, executed.
// Loaded on first use. Values from cufft.h (CUDA 12/13); every call is checked and a failure
// throws CudaError with cuFFT's result name.
import { CudaError } from './errors.js';
import { cufftCandidates } from './library-path.js';
import { openFirst } from './load-library.js';

type Fn = (...args: any[]) => any;

/** cufftType. */
export const CUFFT_TYPE = { R2C: 0x2a, C2R: 0x2c, C2C: 0x29, D2Z: 0x6a, Z2D: 0x6c, Z2Z: 0x69 } as const;
export const CUFFT_FORWARD = -1;
export const CUFFT_INVERSE = 1;

/** cufftResult names (cuFFT has no error-string function). */
const RESULT = [
  'CUFFT_SUCCESS',
  'CUFFT_INVALID_PLAN',
  'CUFFT_ALLOC_FAILED',
  'CUFFT_INVALID_TYPE',
  'CUFFT_INVALID_VALUE',
  'CUFFT_INTERNAL_ERROR',
  'CUFFT_EXEC_FAILED',
  'CUFFT_SETUP_FAILED',
  'CUFFT_INVALID_SIZE',
  'CUFFT_UNALIGNED_DATA',
  'CUFFT_INCOMPLETE_PARAMETER_LIST',
  'CUFFT_INVALID_DEVICE',
  'CUFFT_PARSE_ERROR',
  'CUFFT_NO_WORKSPACE',
  'CUFFT_NOT_IMPLEMENTED',
  'CUFFT_LICENSE_ERROR',
  'CUFFT_NOT_SUPPORTED',
];

export class Cufft {
  readonly path: string;
  readonly version: number;
  private readonly f: Record<string, Fn>;
  private readonly handleOut = new Int32Array(1);
  private readonly sizeOut = new BigUint64Array(1);

  private constructor(lib: ReturnType<typeof import('koffi').load>, path: string) {
    this.path = path;
    const decl = (proto: string) => lib.func(proto) as Fn;
    this.f = {
      cufftGetVersion: decl('int cufftGetVersion(int32_t* version)'),
      cufftCreate: decl('int cufftCreate(int32_t* plan)'),
      cufftDestroy: decl('int cufftDestroy(int32_t plan)'),
      cufftSetAutoAllocation: decl('int cufftSetAutoAllocation(int32_t plan, int autoAllocate)'),
      cufftMakePlanMany64: decl(
        'int cufftMakePlanMany64(int32_t plan, int rank, int64_t* n, int64_t* inembed, int64_t istride, int64_t idist, ' +
          'int64_t* onembed, int64_t ostride, int64_t odist, int type, int64_t batch, uint64_t* workSize)',
      ),
      cufftSetWorkArea: decl('int cufftSetWorkArea(int32_t plan, uint64_t workArea)'),
      cufftSetStream: decl('int cufftSetStream(int32_t plan, uint64_t stream)'),
      cufftExecC2C: decl('int cufftExecC2C(int32_t plan, uint64_t idata, uint64_t odata, int direction)'),
      cufftExecZ2Z: decl('int cufftExecZ2Z(int32_t plan, uint64_t idata, uint64_t odata, int direction)'),
      cufftExecR2C: decl('int cufftExecR2C(int32_t plan, uint64_t idata, uint64_t odata)'),
      cufftExecD2Z: decl('int cufftExecD2Z(int32_t plan, uint64_t idata, uint64_t odata)'),
      cufftExecC2R: decl('int cufftExecC2R(int32_t plan, uint64_t idata, uint64_t odata)'),
      cufftExecZ2D: decl('int cufftExecZ2D(int32_t plan, uint64_t idata, uint64_t odata)'),
    };
    const v = new Int32Array(1);
    this.call('cufftGetVersion', v);
    this.version = v[0];
  }

  /** The first libcufft that loads and answers, or why none did. */
  static load(candidates: readonly string[] = cufftCandidates()): Cufft | { error: string } {
    return openFirst('cuFFT', 'libcufft.so.12 or .11; set GPUARRAY_CUFFT_PATH to the library file', candidates, (r) => new Cufft(r.lib, r.path));
  }


  private call(name: string, ...args: unknown[]): void {
    const status = this.f[name](...args) as number;
    if (status !== 0) throw new CudaError(name, status, RESULT[status] ?? `CUFFT_ERROR_${status}`, 'cuFFT call failed');
  }

  /**
   * A plan over `shape` (the trailing dims, C-contiguous, batches packed) with no work area yet.
   * Returns the plan handle and the work-area bytes it needs.
   */
  makePlan(shape: readonly number[], type: number, batch: number): { plan: number; workSize: number } {
    this.call('cufftCreate', this.handleOut);
    const plan = this.handleOut[0];
    try {
      this.call('cufftSetAutoAllocation', plan, 0);
      const n = BigInt64Array.from(shape.map(BigInt));
      // Null embeds: the data is contiguous, each batch one whole transform apart.
      this.call('cufftMakePlanMany64', plan, shape.length, n, null, 1, 0, null, 1, 0, type, batch, this.sizeOut);
    } catch (e) {
      this.f.cufftDestroy(plan);
      throw e;
    }
    return { plan, workSize: Number(this.sizeOut[0]) };
  }

  destroy(plan: number): void {
    this.call('cufftDestroy', plan);
  }

  /** Bind the work area and stream, then run the plan of `type` (a CUFFT_TYPE value). */
  exec(plan: number, type: number, workArea: number, stream: number, input: number, output: number, direction: number): void {
    this.call('cufftSetWorkArea', plan, workArea);
    this.call('cufftSetStream', plan, stream);
    switch (type) {
      case CUFFT_TYPE.C2C:
        return this.call('cufftExecC2C', plan, input, output, direction);
      case CUFFT_TYPE.Z2Z:
        return this.call('cufftExecZ2Z', plan, input, output, direction);
      case CUFFT_TYPE.R2C:
        return this.call('cufftExecR2C', plan, input, output);
      case CUFFT_TYPE.D2Z:
        return this.call('cufftExecD2Z', plan, input, output);
      case CUFFT_TYPE.C2R:
        return this.call('cufftExecC2R', plan, input, output);
      case CUFFT_TYPE.Z2D:
        return this.call('cufftExecZ2D', plan, input, output);
    }
    throw new TypeError(`unknown cufftType ${type}`);
  }
}
