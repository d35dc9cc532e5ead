// Which sources run their threads as cooperating fibers on the cpu backend, and the one source
// rewrite shared memory needs there. Static `__shared__` is a macro in host_shim.h; dynamic
// shared memory (`extern __shared__ T name[];`, sized by the launch) has no C++ spelling, so each
// declaration becomes a pointer to the OS thread's dynamic shared buffer (see host_shim.h).

/** Intrinsics that make a block's threads wait for each other or exchange values. */
const COOPERATIVE =
  /\b(__syncthreads(_count|_and|_or)?|__syncwarp|__shfl(_up|_down|_xor)?_sync|__(ballot|any|all|uni)_sync|__activemask|__reduce_(add|min|max|and|or|xor)_sync|__match_(any|all)_sync)\b/;

/** Comments become spaces of the same length, so offsets and line numbers stay put. */
const blankComments = (s: string) =>
  s.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, ' '));

/** Whether the kernels of `source` need their threads run as fibers (host_coop.h). */
export function needsCooperation(source: string): boolean {
  return COOPERATIVE.test(blankComments(source));
}

// `extern __shared__ <type> name[];` with attributes such as __align__(sizeof(T)) in the type.
const PAREN = String.raw`\((?:[^()]|\([^()]*\))*\)`;
const EXTERN_SHARED = new RegExp(
  String.raw`\bextern\s+__shared__\s+((?:[^;{}()\[\]]|${PAREN})+?)\s*\b([A-Za-z_]\w*)\s*\[\s*\]\s*;`,
  'g',
);

/** Rewrite every `extern __shared__ T name[];` into a pointer to the dynamic shared buffer; lines are kept. */
export function rewriteDynamicShared(source: string): string {
  return source.replace(EXTERN_SHARED, (decl, type: string, name: string) => {
    const newlines = decl.split('\n').length - 1;
    return `static thread_local ${type.replace(/\s+/g, ' ')}* const ${name} = gpa_host::DynamicShared();` + '\n'.repeat(newlines);
  });
}
