// The cpu backend's registry entry (backend-registry.ts): one device, 'cpu', there whenever a
// C++ compiler is (found when it is opened).
import type { BackendEntry } from '../backend-registry.js';
import { CpuBackend } from './backend.js';

export const cpuEntry: BackendEntry = {
  kind: 'cpu',
  singleDevice: true,
  probe: () => ({ count: 1, note: 'the host CPU' }),
  open: (_ordinal, cache) => CpuBackend.create(cache),
};
