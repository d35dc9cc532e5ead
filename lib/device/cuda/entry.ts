// The cuda backend's registry entry (backend-registry.ts): devices 'cuda' / 'cuda:N'.
import { DL_DEVICE } from '../../../bindings/dlpack.js';
import type { BackendEntry } from '../backend-registry.js';
import { CudaBackend, probeCuda } from './backend.js';

const versionString = (v: number) => `${Math.floor(v / 1000)}.${(v % 1000) / 10}`;

export const cudaEntry: BackendEntry = {
  kind: 'cuda',
  singleDevice: false,
  probe() {
    const p = probeCuda();
    return 'error' in p ? p : { count: p.count, note: `CUDA driver ${versionString(p.driver.driverVersion())}` };
  },
  open: (ordinal, cache) => CudaBackend.create(ordinal, cache),
  // The default device whenever cuda:0 is usable.
  asDefault: { priority: 100, unusable: 'no usable CUDA GPU', fallback: 'using the cuda backend' },
  dlpack: { deviceType: DL_DEVICE.CUDA, name: 'kDLCUDA' },
};
