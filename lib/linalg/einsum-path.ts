// numpy.einsum_path: the order in which einsum contracts its operands, chosen from the shapes
// alone, as NumPy's numpy/_core/einsumfunc.py chooses it (its greedy and optimal searches, its
// flop count and memory limit, its tie-breaking), and NumPy's printed report of that path.
import { IndexError } from '../../bindings/errors.js';
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { applyFormat, parseFormat } from '../io/printf.js';
import { withArrays } from './matmul.js';
import { type Labels, parseSubscripts, splitEinsumArgs, type Subscripts } from './einsum-subscripts.js';

/** A contraction path as NumPy's einsum_path returns it: 'einsum_path', then the positions contracted at each step. */
export type EinsumPath = ['einsum_path', ...number[][]];

/**
 * NumPy's `optimize`: `false` (one step over every operand), `true` or 'greedy', 'optimal', a
 * search with a memory limit in elements (`['greedy', 1000]`), or an explicit path
 * (`['einsum_path', [0, 1], [0, 1]]`, what einsumPath returns).
 */
export type EinsumOptimize = boolean | string | readonly [string, number] | readonly ['einsum_path', ...(readonly number[])[]];

/** Options of gp.einsumPath: numpy.einsum_path's `optimize` (default 'greedy'). */
export interface EinsumPathOptions {
  optimize?: EinsumOptimize | null;
}

type LabelSet = Set<string>;

const sizeOf = (labels: Iterable<string>, size: Map<string, number>) => {
  let n = 1;
  for (const l of labels) n *= size.get(l)!;
  return n;
};

/** NumPy's _flop_count: the size of every label involved, times the terms less one, plus one for a sum. */
function flopCount(contract: LabelSet, inner: boolean, terms: number, size: Map<string, number>): number {
  return sizeOf(contract, size) * (Math.max(1, terms - 1) + (inner ? 1 : 0));
}

interface Contraction {
  result: LabelSet;
  /** The sets after the step: those not contracted, in order, then the result. */
  remaining: LabelSet[];
  removed: LabelSet;
  contract: LabelSet;
}

/** NumPy's _find_contraction: contracting `positions` of `sets` keeps the labels still needed elsewhere. */
function findContraction(positions: readonly number[], sets: readonly LabelSet[], output: LabelSet): Contraction {
  const contract = new Set<string>();
  const needed = new Set(output);
  const remaining: LabelSet[] = [];
  sets.forEach((s, i) => {
    if (positions.includes(i)) for (const l of s) contract.add(l);
    else {
      remaining.push(s);
      for (const l of s) needed.add(l);
    }
  });
  const result = new Set([...contract].filter((l) => needed.has(l)));
  const removed = new Set([...contract].filter((l) => !result.has(l)));
  remaining.push(result);
  return { result, remaining, removed, contract };
}

/** Index pairs (i, j), i < j < n, in itertools.combinations order. */
function* pairs(n: number): Generator<[number, number]> {
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) yield [i, j];
}

/** NumPy's _optimal_path: every order of pairwise contractions within the memory limit, the cheapest first found. */
function optimalPath(sets: LabelSet[], output: LabelSet, size: Map<string, number>, memoryLimit: number): number[][] {
  let full: { cost: number; path: number[][]; sets: LabelSet[] }[] = [{ cost: 0, path: [], sets }];
  const cheapest = () => full.reduce((best, r) => (r.cost < best.cost ? r : best));
  for (let it = 0; it < sets.length - 1; it++) {
    const next: typeof full = [];
    for (const cur of full) {
      for (const con of pairs(sets.length - it)) {
        const c = findContraction(con, cur.sets, output);
        if (sizeOf(c.result, size) > memoryLimit) continue;
        const cost = cur.cost + flopCount(c.contract, c.removed.size > 0, 2, size);
        next.push({ cost, path: [...cur.path, con], sets: c.remaining });
      }
    }
    // Nothing fits the limit: the cheapest so far, then everything left in one step.
    if (next.length === 0) return [...cheapest().path, Array.from({ length: sets.length - it }, (_, i) => i)];
    full = next;
  }
  return cheapest().path;
}

/** One candidate of the greedy search: its sort key (-removed size, cost), positions and resulting sets. */
interface Candidate {
  key: [number, number];
  pos: [number, number];
  sets: LabelSet[];
}

/** NumPy's _parse_possible_contraction: a candidate, or null past the memory limit or the naive cost. */
function candidate(
  pos: [number, number],
  sets: LabelSet[],
  output: LabelSet,
  size: Map<string, number>,
  memoryLimit: number,
  pathCost: number,
  naiveCost: number,
): Candidate | null {
  const c = findContraction(pos, sets, output);
  const newSize = sizeOf(c.result, size);
  if (newSize > memoryLimit) return null;
  const removedSize = sizeOf(sets[pos[0]], size) + sizeOf(sets[pos[1]], size) - newSize;
  const cost = flopCount(c.contract, c.removed.size > 0, 2, size);
  if (pathCost + cost > naiveCost) return null;
  return { key: [-removedSize, cost], pos, sets: c.remaining };
}

const lessKey = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/**
 * NumPy's _greedy_path: at each step the pair that removes the most elements (then the cheapest),
 * outer products only when nothing else is left, within the memory limit and the naive cost.
 */
function greedyPath(sets: LabelSet[], output: LabelSet, size: Map<string, number>, memoryLimit: number): number[][] {
  if (sets.length === 1) return [[0]];
  if (sets.length === 2) return [[0, 1]];
  const all = findContraction(sets.map((_, i) => i), sets, output);
  const naiveCost = flopCount(all.contract, all.removed.size > 0, sets.length, size);
  let scan: Iterable<[number, number]> = pairs(sets.length);
  let known: Candidate[] = [];
  let pathCost = 0;
  const path: number[][] = [];
  const steps = sets.length - 1;
  for (let it = 0; it < steps; it++) {
    for (const pos of scan) {
      // Outer products are left out at first.
      const [a, b] = [sets[pos[0]], sets[pos[1]]];
      if (![...a].some((l) => b.has(l))) continue;
      const r = candidate(pos, sets, output, size, memoryLimit, pathCost, naiveCost);
      if (r !== null) known.push(r);
    }
    if (known.length === 0) {
      for (const pos of pairs(sets.length)) {
        const r = candidate(pos, sets, output, size, memoryLimit, pathCost, naiveCost);
        if (r !== null) known.push(r);
      }
      if (known.length === 0) {
        path.push(sets.map((_, i) => i));
        break;
      }
    }
    const best = known.reduce((m, r) => (lessKey(r.key, m.key) ? r : m));
    // NumPy's _update_other_results: candidates not touching the pair, renumbered, their sets
    // updated with the pair's result.
    const [bx, by] = best.pos;
    const made = best.sets[best.sets.length - 1];
    known = known
      .filter((r) => !r.pos.includes(bx) && !r.pos.includes(by))
      .map(({ key, pos: [x, y], sets: s }) => {
        const u = [...s];
        u.splice(by - +(by > x) - +(by > y), 1);
        u.splice(bx - +(bx > x) - +(bx > y), 1);
        u.splice(u.length - 1, 0, made);
        return { key, pos: [x - +(x > bx) - +(x > by), y - +(y > bx) - +(y > by)] as [number, number], sets: u };
      });
    sets = best.sets;
    const newPos = sets.length - 1;
    scan = Array.from({ length: newPos }, (_, i) => [i, newPos] as [number, number]);
    path.push([...best.pos]);
    pathCost += best.key[1];
  }
  return path;
}

/** `optimize` read as NumPy's einsum_path reads it. */
interface PathChoice {
  /** false: one step over every operand; a name: a search; an array: an explicit path. */
  kind: false | string | number[][];
  /** The memory limit in elements; undefined: the largest input or output. */
  memoryLimit?: number;
}

function readOptimize(optimize: unknown): PathChoice {
  if (optimize === true) return { kind: 'greedy' };
  if (optimize === false || optimize === null || optimize === undefined) return { kind: false };
  if (typeof optimize === 'string') return { kind: optimize };
  if (Array.isArray(optimize) && optimize.length > 0 && optimize[0] === 'einsum_path') {
    const steps = optimize.slice(1).map((s: unknown) => {
      if (!Array.isArray(s) || s.some((p) => typeof p !== 'number' || !Number.isInteger(p))) {
        throw new TypeError(`einsum_path: each step of a path is an array of operand positions, got ${String(s)}`);
      }
      return [...(s as number[])];
    });
    return { kind: steps };
  }
  if (Array.isArray(optimize) && optimize.length === 2 && typeof optimize[0] === 'string' && typeof optimize[1] === 'number') {
    return { kind: optimize[0], memoryLimit: Math.trunc(optimize[1]) };
  }
  throw new TypeError(`Did not understand the path: ${Array.isArray(optimize) ? `[${optimize.join(', ')}]` : String(optimize)}`);
}

/** One step of a plan: the positions taken (descending, as NumPy pops them) and what the report prints. */
export interface PlanStep {
  positions: number[];
  /** The labels contracted (`scaling` is their count). */
  contract: LabelSet;
  removed: LabelSet;
  /** The result's labels, in the order NumPy names them (by size, then label); the last step's are the output's. */
  result: Labels;
  /** The terms popped for this step, in popping order. */
  inputs: Labels[];
  /** Every term after the step. */
  remaining: Labels[];
  /** The result's element count. */
  size: number;
}

/** The path `optimize` chooses for these subscripts, with each step replayed as NumPy's einsum_path does. */
export function planContractions(sub: Subscripts, optimize: unknown): { path: number[][]; steps: PlanStep[] } {
  const choice = readOptimize(optimize);
  const { labelsIn, outLabels, size } = sub;
  const n = labelsIn.length;
  let sets = labelsIn.map((ls) => new Set(ls));
  const output = new Set(outLabels);
  const indices = new Set(labelsIn.flat());
  const memoryLimit = choice.memoryLimit ?? Math.max(...[...labelsIn, outLabels].map((ls) => sizeOf(ls, size)));
  let path: number[][];
  if (Array.isArray(choice.kind)) path = choice.kind;
  else if (choice.kind === false || n <= 2 || (indices.size === output.size && [...indices].every((l) => output.has(l)))) {
    // Nothing to order: one step over every operand.
    path = [labelsIn.map((_, i) => i)];
  } else if (choice.kind === 'greedy') path = greedyPath(sets, output, size, memoryLimit);
  else if (choice.kind === 'optimal') path = optimalPath(sets, output, size, memoryLimit);
  else throw new RangeError(`Path name ${choice.kind} not found`);

  const terms = labelsIn.map((ls) => [...ls]);
  // An intermediate's labels by size, then by the letter printed (Python's order: 'A' < 'Z' < 'a').
  const letter = letterOf(sub);
  const byName = (a: string, b: string) => (letter(a) < letter(b) ? -1 : letter(a) > letter(b) ? 1 : 0);
  const steps = path.map((step, k) => {
    const positions = [...step].sort((a, b) => b - a);
    if (positions.length === 0) throw new RangeError(`einsum_path: step ${k} contracts no operands`);
    positions.forEach((p, j) => {
      if (p < 0 || p >= terms.length) throw new IndexError(`einsum_path: step ${k} contracts operand ${p}, but there are ${terms.length}`);
      if (positions[j + 1] === p) throw new RangeError(`einsum_path: step ${k} names operand ${p} twice`);
    });
    const c = findContraction(positions, sets, output);
    sets = c.remaining;
    const inputs = positions.map((p) => terms.splice(p, 1)[0]);
    const result = k === path.length - 1 ? [...outLabels] : [...c.result].sort((a, b) => size.get(a)! - size.get(b)! || byName(a, b));
    terms.push(result);
    return { positions, contract: c.contract, removed: c.removed, result, inputs, remaining: terms.map((t) => [...t]), size: sizeOf(c.result, size) };
  });
  if (terms.length !== 1) throw new RangeError(`Invalid einsum_path is specified: ${terms.length - 1} more operands has to be contracted.`);
  return { path, steps };
}

/**
 * The letters NumPy prints for the labels: a letter is itself; the ellipsis dims take unused
 * letters, the rightmost dim the last one (NumPy takes them in its set's order, which varies
 * from run to run; these are one of its choices).
 */
function letterOf(sub: Subscripts): (l: string) => string {
  const used = new Set(sub.labelsIn.flat().filter((l) => !l.startsWith('#')));
  const unused = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'].filter((c) => !used.has(c));
  return (l) => (l.startsWith('#') ? unused[unused.length - 1 - Number(l.slice(1))] : l);
}

const pyFormat = (fmt: string, ...values: number[]) => applyFormat(parseFormat(fmt), values, dtypes.float64);

/** NumPy's printed report of a plan. */
function report(sub: Subscripts, steps: PlanStep[]): string {
  const letter = letterOf(sub);
  const word = (ls: Labels) => ls.map(letter).join('');
  const output = word(sub.outLabels);
  const indices = new Set(sub.labelsIn.flat());
  const inner = sub.labelsIn.reduce((s, ls) => s + new Set(ls).size, 0) - indices.size > 0;
  const naive = flopCount(indices, inner, sub.labelsIn.length, sub.size);
  const costs = steps.map((s) => flopCount(s.contract, s.removed.size > 0, s.positions.length, sub.size));
  const scales = steps.map((s) => s.contract.size);
  if (steps.length === 0) throw new RangeError('einsum_path: a path of no steps has no report (max() arg is an empty sequence)');
  const opt = costs.reduce((a, b) => a + b, 0) + 1;
  let text = `  Complete contraction:  ${sub.labelsIn.map(word).join(',')}->${output}\n`;
  text += `         Naive scaling:  ${indices.size}\n`;
  text += `     Optimized scaling:  ${Math.max(...scales)}\n`;
  text += `      Naive FLOP count:  ${pyFormat('%.3e', naive)}\n`;
  text += `  Optimized FLOP count:  ${pyFormat('%.3e', opt)}\n`;
  text += `   Theoretical speedup:  ${pyFormat('%3.3f', naive / opt)}\n`;
  text += `  Largest intermediate:  ${pyFormat('%.3e', Math.max(...steps.map((s) => s.size)))} elements\n`;
  text += '-'.repeat(74) + '\n';
  text += `${'scaling'.padStart(6)} ${'current'.padStart(24)} ${'remaining'.padStart(40)}\n`;
  text += '-'.repeat(74);
  steps.forEach((s, k) => {
    const current = `${s.inputs.map(word).join(',')}->${word(s.result)}`;
    const remaining = `${s.remaining.map(word).join(',')}->${output}`;
    text += `\n${String(scales[k]).padStart(4)}    ${current.padStart(24)} ${remaining.padStart(40)}`;
  });
  return text;
}

/**
 * numpy.einsum_path: the order in which einsum with this `optimize` contracts the operands, and
 * NumPy's printed report of it (scalings, flop counts, largest intermediate, each step). Only
 * the operands' shapes are read. Arguments as {@link einsum}'s (the interleaved form too), then
 * an optional {@link EinsumPathOptions} object; `optimize` defaults to 'greedy'.
 * @example const [path, text] = gp.einsumPath('ij,jk,kl->il', a, b, c); gp.einsum('ij,jk,kl->il', a, b, c, { optimize: path })
 */
export function einsumPath(subscripts: string | unknown, ...rest: unknown[]): [EinsumPath, string] {
  const { subscripts: spec, operands, options } = splitEinsumArgs<EinsumPathOptions>('einsum_path', [subscripts, ...rest], ['optimize']);
  const plan = (shapes: (readonly number[])[]): [EinsumPath, string] => {
    const sub = parseSubscripts(spec, shapes);
    const { path, steps } = planContractions(sub, options.optimize === undefined ? 'greedy' : options.optimize);
    return [['einsum_path', ...path.map((s) => [...s])], report(sub, steps)];
  };
  // Shapes only: GpuArrays as they are, host data through the usual conversion.
  if (operands.every((x) => x instanceof GpuArray)) return plan(operands.map((x) => (x as GpuArray).shape));
  return withArrays(operands, (...ops) => plan(ops.map((x) => x.shape)));
}
