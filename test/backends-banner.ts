// A mocha root-hook plugin (.mocharc.json `require`): says once a process (each parallel worker
// runs its root hooks once a file), before its first test, which backends the suites run on, so a
// log shows whether the GPU was tested or only the cpu backend.
import { DEVICE_SPECS } from './helpers.js';

// Every memo hit of the kernel engines rebuilds what its key stands for and compares (see
// lib/kernel/key-check.ts); read on first use, so setting it here, before any test, is in time.
process.env.GPUARRAY_CHECK_KEYS ??= '1';

let said = false;

export const mochaHooks = {
  beforeAll(): void {
    if (said) return;
    said = true;
    const cuda = DEVICE_SPECS.some((s) => s.startsWith('cuda')) ? '' : ' (no usable CUDA GPU: cuda not tested)';
    console.log(`gpuarray tests run on: ${DEVICE_SPECS.join(', ')}${cuda}`);
  },
};
