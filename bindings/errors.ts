// Typed errors of gpuarray. They live at the bottom layer because bindings throw them too;
// lib/index.ts re-exports them.

/**
 * A native library call returned a failure status: `call` is the function, `status` its numeric
 * result, `code` the library's name for it, `description` the library's text.
 */
export abstract class NativeCallError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`${call} failed: ${code} (${status}): ${description}`);
  }
}

/** A CUDA driver or NVRTC call failed. `code` is the driver's error name (CUDA_ERROR_...). */
export class CudaError extends NativeCallError {
  override name = 'CudaError';
}

/**
 * A kernel did not compile. The message is short enough to read: the compiler's log (its first
 * 40 lines), the lines of your own kernel body or expressions that the errors point at, each with
 * a caret under the column, and the generated source only when it is short (40 lines at most) or
 * around the error lines. `log`, `source`, `numberedSource` and `fullLog` hold everything.
 */
export class CompileError extends Error {
  override name = 'CompileError';
  constructor(
    readonly kernelName: string,
    /** The compiler's whole log. */
    readonly log: string,
    /** The whole source that was compiled (for generated kernels, the generated source). */
    readonly source: string,
    readonly options: readonly string[],
    readonly backend: string,
    /** Extra lines appended to the message (e.g. where the user's body sits in the source). */
    note = '',
    /** The note already shows the user's code, so the message leaves the long source out. */
    userCodeShown = note !== '',
  ) {
    super(
      `${backend} compile of kernel '${kernelName}' failed\n` +
        `options: ${options.join(' ')}\n` +
        (note ? `--- ${note.trim()}\n` : '') +
        `--- log ---\n${firstLines(log.trim(), MESSAGE_LINES, 'err.log')}\n` +
        sourceSummary(source, log, kernelName, userCodeShown),
    );
  }

  /** The source with line numbers, as the compiler's log counts them. */
  get numberedSource(): string {
    return numberLines(this.source);
  }

  /** Everything: the log, the options and the whole numbered source. */
  get fullLog(): string {
    return `${this.backend} compile of kernel '${this.kernelName}' failed\noptions: ${this.options.join(' ')}\n--- log ---\n${this.log.trim()}\n--- source ---\n${this.numberedSource}`;
  }
}

/** How many lines of log or source a CompileError's message shows before pointing at the full text. */
const MESSAGE_LINES = 40;

function firstLines(text: string, n: number, where: string): string {
  const lines = text.split('\n');
  return lines.length <= n ? text : `${lines.slice(0, n).join('\n')}\n... ${lines.length - n} more lines in ${where}`;
}

/** The source part of the message: all of a short source, else the lines around the errors. */
function sourceSummary(source: string, log: string, kernelName: string, userCodeShown: boolean): string {
  const lines = source.split('\n');
  if (lines.length <= MESSAGE_LINES) return `--- source ---\n${numberLines(source)}`;
  const hint = `(the ${lines.length}-line source: err.numberedSource; everything: err.fullLog)`;
  if (userCodeShown) return `--- source ${hint}`;
  const file = `${kernelName}.cu`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = [...log.matchAll(new RegExp(`${file}(?:\\((\\d+)\\)|:(\\d+):)`, 'g'))].map((m) => Number(m[1] ?? m[2]));
  const shown = new Set<number>();
  for (const l of at.slice(0, 5)) for (let k = Math.max(1, l - 3); k <= Math.min(lines.length, l + 3); k++) shown.add(k);
  const numbered = numberLines(source).split('\n');
  const excerpt = shown.size === 0 ? numbered.slice(0, MESSAGE_LINES) : [...shown].sort((x, y) => x - y).map((k, i, all) => (i > 0 && k !== all[i - 1] + 1 ? `...\n${numbered[k - 1]}` : numbered[k - 1]));
  return `--- source, around the errors ${hint} ---\n${excerpt.join('\n')}`;
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
        (limitBytes === null ? '' : `, limit ${formatBytes(limitBytes)}`) +
        // The pool collected unreachable arrays before giving up: what is left is held.
        '. Arrays still reachable hold that memory: free the ones you no longer need with a.dispose(), or run the work inside gp.scope(() => ...).',
    );
  }
}

/**
 * Something a graph capture cannot hold was asked for while a stream was being captured
 * (`gp.cuda.graph(fn)`, `stream.beginCapture()`): a host transfer, a synchronisation, new device
 * memory, a nested capture. The capture is abandoned and the stream stays usable. `op` names the
 * gpuarray call that asked for it, when it can be told.
 */
export class StreamCaptureError extends Error {
  override name = 'StreamCaptureError';
  constructor(
    readonly op: string | null,
    readonly reason: string,
  ) {
    super(`${op === null ? '' : `${op}: `}${reason}`);
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

/** An index out of bounds or of the wrong kind (NumPy's IndexError). */
export class IndexError extends Error {
  override name = 'IndexError';
}

/**
 * An NCCL call failed. `code` is NCCL's result name (ncclSystemError, ncclInvalidUsage, ...),
 * `status` its ncclResult_t; the message adds NCCL's own text and, when NCCL has one, its last
 * error message for the communicator.
 */
export class NcclError extends NativeCallError {
  override name = 'NcclError';
}

/**
 * A collective across processes failed outside NCCL: the rendezvous could not be reached or
 * refused this rank, a rank left or died, the ranks called different collectives, or a wait
 * passed its timeout.
 */
export class DistributedError extends Error {
  override name = 'DistributedError';
}
