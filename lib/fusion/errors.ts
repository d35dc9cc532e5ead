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

/**
 * The nearest function on the stack outside lib/fusion, e.g. `reshape (views.js:42)`: the call
 * that touched a tracer, for error messages. Empty when the stack says nothing useful.
 */
export function callerName(): string {
  const lines = (new Error().stack ?? '').split('\n').slice(1);
  for (const l of lines) {
    if (/[/\\]fusion[/\\]/.test(l) || l.includes('node:internal') || l.includes('<anonymous>')) continue;
    const m = /at (?:new )?([^\s(]+) \((?:.*[/\\])?([^/\\]+):(\d+):\d+\)/.exec(l);
    if (m) return ` (in ${m[1]}, ${m[2]}:${m[3]})`;
    const f = /at (?:.*[/\\])?([^/\\]+):(\d+):\d+$/.exec(l.trim());
    if (f) return ` (at ${f[1]}:${f[2]})`;
    return '';
  }
  return '';
}
