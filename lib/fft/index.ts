// gp.fft: numpy.fft on cuFFT (cuda) or our own kernels (cpu), and cupy.fft.config's plan cache.
import { currentDevice } from '../device/device.js';
import type { FftPlanCacheInfo } from '../device/backend.js';

export { fft, ifft, rfft, irfft, hfft, ihfft, fftn, ifftn, fft2, ifft2, rfftn, irfftn, rfft2, irfft2 } from './transforms.js';
export type { FftOptions, FftnOptions } from './transforms.js';
export type { FftNorm } from './engine.js';
export { fftfreq, rfftfreq, fftshift, ifftshift } from './helpers.js';

/** cupy.fft.config: the current device's plan cache (cuFFT plans on cuda; always empty on cpu). */
export const config = {
  /** The current device's FFT plan cache (cupy.fft.config.get_plan_cache): its size, maxSize, keys() and clear(). */
  getPlanCache(): FftPlanCacheInfo {
    return currentDevice().backend.fftPlans;
  },
};
