// Constructs the cpu backend cannot run: its threads of a block run one after another, so
// anything that needs them to meet (shared memory, barriers, warp exchanges) is refused up front,
// and inline PTX has no host meaning. Matched on the source with comments removed.
const CONSTRUCTS: readonly [RegExp, string][] = [
  [/\b__shared__\b/, '__shared__'],
  [/\b__syncthreads\w*\s*\(/, '__syncthreads'],
  [/\b__syncwarp\s*\(/, '__syncwarp'],
  [/\b__shfl\w*\s*\(/, 'warp shuffle (__shfl*)'],
  [/\b__(ballot|any|all|uni|match_any|match_all)(_sync)?\s*\(/, 'warp vote (__ballot/__any/__all/__match*)'],
  [/\b__reduce_\w+_sync\s*\(/, 'warp reduce (__reduce_*_sync)'],
  [/\b__activemask\s*\(/, '__activemask'],
  [/\bcooperative_groups\b/, 'cooperative_groups'],
  [/\b(asm|__asm__)\s*(volatile\s*|__volatile__\s*)?\(/, 'inline PTX assembly (asm)'],
];

const stripComments = (s: string) => s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');

/** Every construct in `source` the cpu backend cannot run, in the table's order (empty: none). */
export function findHostUnsupported(source: string): string[] {
  const code = stripComments(source);
  return CONSTRUCTS.filter(([re]) => re.test(code)).map(([, what]) => what);
}
