// Typed errors of gpuarray. They live at the bottom layer because bindings throw them too;
// lib/index.ts re-exports them.

/** A CUDA driver or NVRTC call failed. `code` is the driver's error name (CUDA_ERROR_...). */
export class CudaError extends Error {
  override name = 'CudaError';
  constructor(
    readonly call: string,
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`${call} failed: ${code} (${status}): ${description}`);
  }
}

/** A kernel did not compile. Carries the compiler log and the numbered source. */
export class CompileError extends Error {
  override name = 'CompileError';
  constructor(
    readonly kernelName: string,
    readonly log: string,
    readonly source: string,
    readonly options: readonly string[],
    readonly backend: string,
    /** Extra lines appended to the message (e.g. where the user's body sits in the source). */
    note = '',
  ) {
    super(
      `${backend} compile of kernel '${kernelName}' failed\n` +
        `options: ${options.join(' ')}\n` +
        `--- log ---\n${log.trim()}\n` +
        (note ? `--- ${note.trim()}\n` : '') +
        `--- source ---\n${numberLines(source)}`,
    );
  }
}

/**
 * A kernel failed while it ran: on the cpu backend, a C++ exception thrown by kernel code (caught
 * where it was thrown; the rest of the grid is skipped, as a trap ends a CUDA grid). `reason` is
 * the exception's what(), or its type's name.
 */
export class KernelError extends Error {
  override name = 'KernelError';
  constructor(
    readonly kernelName: string,
    readonly backend: string,
    readonly reason: string,
  ) {
    super(`kernel '${kernelName}' failed on the ${backend} backend: it threw ${reason}`);
  }
}

/** The device (or the pool's limit) could not satisfy an allocation, even after the pool freed its cache. */
export class OutOfMemoryError extends Error {
  override name = 'OutOfMemoryError';
  constructor(
    readonly requestedBytes: number,
    readonly usedBytes: number,
    readonly totalBytes: number,
    readonly limitBytes: number | null,
    reason: string,
  ) {
    super(
      `out of memory allocating ${formatBytes(requestedBytes)} (${requestedBytes} bytes): ${reason}; ` +
        `pool in use ${formatBytes(usedBytes)}, pool holds ${formatBytes(totalBytes)}` +
        (limitBytes === null ? '' : `, limit ${formatBytes(limitBytes)}`),
    );
  }
}

/** The requested backend (e.g. cuda) cannot run on this machine; `reason` says why. */
export class BackendUnavailableError extends Error {
  override name = 'BackendUnavailableError';
  constructor(readonly backend: string, readonly reason: string) {
    super(`${backend} backend unavailable: ${reason}`);
  }
}

export function numberLines(source: string): string {
  const lines = source.split('\n');
  const width = String(lines.length).length;
  return lines.map((l, i) => `${String(i + 1).padStart(width)} | ${l}`).join('\n');
}

export function formatBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : v.toFixed(2)} ${units[u]}`;
}
