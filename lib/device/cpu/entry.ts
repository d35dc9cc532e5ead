// The cpu backend's registry entry (backend-registry.ts): one device, 'cpu', there whenever a
// C++ compiler is (found when it is opened).
import { DL_DEVICE } from '../../../bindings/dlpack.js';
import type { BackendEntry } from '../backend-registry.js';
import { CpuBackend } from './backend.js';

export const cpuEntry: BackendEntry = {
  kind: 'cpu',
  singleDevice: true,
  probe: () => ({ count: 1, note: 'the host CPU' }),
  open: (_ordinal, cache) => CpuBackend.create(cache),
  // The last resort: chosen with a notice when no GPU backend is usable.
  asDefault: { priority: 0, unusable: 'no usable cpu backend', fallback: 'using the cpu backend, which runs kernels as native code in this process' },
  dlpack: { deviceType: DL_DEVICE.CPU, name: 'kDLCPU' },
};
