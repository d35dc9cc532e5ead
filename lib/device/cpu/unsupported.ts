// Constructs the cpu backend cannot run. Shared memory, barriers and warp intrinsics run there
// (host_coop.h); cooperative_groups does not yet, and inline PTX has no host meaning. Matched on
// the source with comments removed.
const CONSTRUCTS: readonly [RegExp, string][] = [
  [/\bcooperative_groups\b/, 'cooperative_groups'],
  [/\b(asm|__asm__)\s*(volatile\s*|__volatile__\s*)?\(/, 'inline PTX assembly (asm)'],
];

const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');

/** Every construct in `source` the cpu backend cannot run, in the table's order (empty: none). */
export function findHostUnsupported(source: string): string[] {
  const code = stripComments(source);
  return CONSTRUCTS.filter(([re]) => re.test(code)).map(([, what]) => what);
}
