// The seed's device.py behind gp.cuda (isAvailable, detect, getCurrentDevice): questions about
// the cuda backend by name, asked through the registry and device.ts (not the backend folder).
import { BackendUnavailableError } from '../../bindings/errors.js';
import type { DeviceInfo } from './backend.js';
import { backendEntry } from './backend-registry.js';
import { chosenDevice, deviceUnavailableReason, oneLine, openDevice } from './device.js';
import { kernelHeaders } from './kernel-headers.js';

/** Why cuda:ordinal cannot be used, or null when it can. Opens it if possible. */
export function cudaUnavailableReason(ordinal = 0): string | null {
  return deviceUnavailableReason(`cuda:${ordinal}`);
}

const gib = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`;

function deviceLine(info: DeviceInfo): string {
  const cc = info.computeCapability;
  return (
    `${info.name}: compute capability ${cc.major}.${cc.minor}, ${info.multiprocessorCount} SMs, ` +
    `${info.maxThreadsPerBlock} threads/block, warp ${info.warpSize}, ${gib(info.totalMemory)}`
  );
}

/** The seed's device.py in gpuarray: is there a GPU, which, and what can it do. */
export const cudaQuery = {
  /** True when cuda:0 can be used (driver, device and NVRTC all found). */
  isAvailable(): boolean {
    return cudaUnavailableReason(0) === null;
  },
  /** Why cuda:0 cannot be used, or null when it can. */
  unavailableReason(): string | null {
    return cudaUnavailableReason(0);
  },
  /** How many CUDA devices the driver reports (0 without a driver or GPU). */
  deviceCount(): number {
    const p = backendEntry('cuda').probe();
    return 'error' in p ? 0 : p.count;
  },
  /** The current CUDA device: the current device when it is a GPU, else cuda:0. Throws BackendUnavailableError without one. */
  getCurrentDevice(): DeviceInfo {
    const chosen = chosenDevice();
    const d = chosen?.kind === 'cuda' ? chosen : openDevice('cuda:0');
    return { ...d.backend.device, computeCapability: { ...d.backend.device.computeCapability } };
  },
  /** Print a summary of the CUDA devices (and the cpu backend) to stdout; true when a GPU is usable. */
  detect(): boolean {
    const lines: string[] = [`${kernelHeaders().libraryVersion}`];
    const probe = backendEntry('cuda').probe();
    if ('error' in probe) lines.push(`CUDA: not available (${oneLine(probe.error)})`);
    else {
      lines.push(`Found ${probe.count} CUDA device${probe.count === 1 ? '' : 's'} (${probe.note})`);
      for (let i = 0; i < probe.count; i++) {
        try {
          lines.push(`  cuda:${i}  ${deviceLine(openDevice(`cuda:${i}`).backend.device)}  [usable]`);
        } catch (e) {
          lines.push(`  cuda:${i}  not usable: ${oneLine(e instanceof BackendUnavailableError ? e.reason : (e as Error).message)}`);
        }
      }
    }
    try {
      const cpu = openDevice('cpu');
      lines.push(`cpu backend: ${cpu.backend.device.name}; compiler ${cpu.backend.compilerDescription}`);
    } catch (e) {
      lines.push(`cpu backend: not available (${oneLine((e as Error).message)})`);
    }
    process.stdout.write(lines.join('\n') + '\n');
    return cudaUnavailableReason(0) === null;
  },
};
