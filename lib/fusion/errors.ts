// The error gp.fuse raises for code it cannot fuse, and how it names the call that did it.

/**
 * What `gp.fuse` throws when the traced function does something one kernel cannot do: read an
 * array's values on the host (`item()`, `toArray()`, an `if` on an array), look at its shape, call
 * a function that is not element-wise, reduce twice, or compute after the reduction. A TypeError,
 * thrown at trace time before anything launches; with `{fallback: 'eager'}` the function runs
 * eagerly instead. @example try { f(a) } catch (e) { if (e instanceof gp.FusionError) ... }
 */
export class FusionError extends TypeError {
  /** @internal */
  constructor(message: string) {
    super(message);
    this.name = 'FusionError';
  }
}

const FUSION_DIR = new URL('.', import.meta.url).href;

/**
 * The nearest function on the stack outside lib/fusion, e.g. `reshape (views.js:42)`: the call
 * that touched a tracer, for error messages. Empty when the stack says nothing useful.
 */
export function callerName(): string {
  const lines = (new Error().stack ?? '').split('\n').slice(1);
  for (const l of lines) {
    if (l.includes(FUSION_DIR) || l.includes('node:internal') || l.includes('<anonymous>')) continue;
    const m = /at (?:new )?([^\s(]+) \((?:.*[/\\])?([^/\\]+):(\d+):\d+\)/.exec(l);
    if (m) return ` (in ${m[1]}, ${m[2]}:${m[3]})`;
    const f = /at (?:.*[/\\])?([^/\\]+):(\d+):\d+$/.exec(l.trim());
    if (f) return ` (at ${f[1]}:${f[2]})`;
    return '';
  }
  return '';
}

/** gpuarray's own modules (dist/lib/ops/..., dist/lib/core/...): frames there are library code. */
const LIB = new URL('..', import.meta.url).href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LIB_FRAME = new RegExp(`${LIB}(?:ops|linalg|fft|random|core|kernel|device|util)/`);
/** Frames that hand tracers on: lib/fusion itself, the ufunc functions and methods, where, the reductions. */
const PASS_FRAME = new RegExp(`${LIB}(?:fusion/|ops/(?:ufunc-api|where|reductions)\\.js:)`);

/**
 * The library function that called the ufunc or reduction now being traced (a routine built on
 * the ufuncs), or null when the user's function called it (through the entry points, a tracer's
 * methods or a nested fused function). Library code may branch on `instanceof GpuArray` and
 * treat a tracer as a scalar: its calls are not traced. Where the stack does not show
 * gpuarray's modules (a bundle), null.
 */
export function libraryCaller(): string | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 64;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const l of stack.split('\n').slice(1)) {
    if (PASS_FRAME.test(l)) continue;
    if (!LIB_FRAME.test(l)) return null;
    const m = /at (?:new )?(?:\S+\.)?([^\s.(]+) \(/.exec(l);
    return m ? m[1] : 'a gpuarray routine';
  }
  return null;
}

/**
 * An error a library routine threw while tracing, as a FusionError naming the routine the
 * user's function called (`concatenate() cannot be fused`); null when the user's code or an
 * entry point threw it (then it is the eager call's own error, as it is).
 */
export function asFusionError(e: unknown, name: string): FusionError | null {
  if (!(e instanceof Error) || e instanceof FusionError || typeof e.stack !== 'string') return null;
  // Frames of code with a file (not Array.map and other built-ins).
  const frames = e.stack.split('\n').filter((l) => /^\s+at /.test(l) && !/\(<anonymous>\)$|\(node:|at node:/.test(l));
  const user = frames.findIndex((l) => !LIB_FRAME.test(l) && !PASS_FRAME.test(l));
  if (user <= 0 || PASS_FRAME.test(frames[user - 1])) return null;
  // The routine's name: the frame the user's code called, or the nearest named one inside it.
  let routine = 'a gpuarray routine';
  for (let k = user - 1; k >= 0; k--) {
    const m = /at (?:new )?(?:\S+\.)?([A-Za-z_$][\w$]*) \(/.exec(frames[k]);
    if (m) {
      routine = `${m[1]}()`;
      break;
    }
  }
  const err = new FusionError(`fuse(${name}): ${routine} cannot be fused: it is not element-wise (it said: ${e.message})`);
  (err as { cause?: unknown }).cause = e;
  return err;
}
