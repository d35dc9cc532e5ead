// The cuda backend's FFT: cuFFT plans from the plan cache, work areas from the caller's
// workspace (our memory pool), run on the request's stream. Without a loadable cuFFT, our own
// kernels run instead (FftKernels), so gp.fft works on any CUDA host.
import { Cufft, CUFFT_FORWARD, CUFFT_INVERSE, CUFFT_TYPE } from '../../../bindings/cufft.js';
import type { FftPlanCacheInfo, FftRequest } from '../backend.js';
import { FftPlanCache } from '../fft-plan-cache.js';

interface Plan {
  plan: number;
  type: number;
  workSize: number;
}

let library: Cufft | { error: string } | null = null;

/** The process's cuFFT, or null when none loads (then our kernels run). */
function cufftLibrary(): Cufft | null {
  library ??= Cufft.load();
  return 'error' in library ? null : library;
}

const TYPES: Record<FftRequest['type'], Record<FftRequest['precision'], number>> = {
  c2c: { single: CUFFT_TYPE.C2C, double: CUFFT_TYPE.Z2Z },
  r2c: { single: CUFFT_TYPE.R2C, double: CUFFT_TYPE.D2Z },
  c2r: { single: CUFFT_TYPE.C2R, double: CUFFT_TYPE.Z2D },
};

export class CufftRunner {
  readonly plans: FftPlanCache<Plan>;

  /** `setup` runs a plan's creation with the device's context current, outside a capture's rules (see CublasGemm). */
  constructor(
    private readonly setup: <T>(create: () => T) => T,
    private readonly makeCurrent: () => void,
  ) {
    this.plans = new FftPlanCache<Plan>((p) => cufftLibrary()?.destroy(p.plan));
  }

  get available(): boolean {
    return cufftLibrary() !== null;
  }

  get info(): FftPlanCacheInfo {
    return this.plans;
  }

  run(r: FftRequest): void {
    const lib = cufftLibrary()!;
    const type = TYPES[r.type][r.precision];
    const key = `${r.type} ${r.precision} [${r.shape.join(', ')}] x${r.batch}`;
    this.makeCurrent(); // every call: with several devices another one may be current
    const p = this.plans.get(key, () => this.setup(() => ({ ...lib.makePlan(r.shape, type, r.batch), type })));
    const work = p.workSize > 0 ? r.workspace(p.workSize) : 0;
    lib.exec(p.plan, p.type, work, r.stream, r.input, r.output, r.inverse ? CUFFT_INVERSE : CUFFT_FORWARD);
  }
}
