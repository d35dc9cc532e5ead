// numpy.einsum: subscripts with '...', implicit output, repeated labels (diagonals as strided
// views, traces as their sums). Operands are contracted left to right; each pairwise contraction
// is one (batched) GEMM: labels shared and kept are the batch, labels shared and dropped the
// contraction, the rest the free rows and columns, reached by transposes and reshapes (views
// where the strides allow), never a broadcast multiply and sum.
import { DTypeLike, dtype as toDType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { canCastBy, type Casting, castingOf, promoteTypes, resultType } from '../core/promotion.js';
import { readOptions } from '../util/options.js';
import { reductionFunctions } from '../ops/reductions.js';
import { deliver, matmul, withArrays } from './matmul.js';
import { diagonalView } from './products.js';

const { sum, any } = reductionFunctions;

/** Options of gp.einsum, passed as a trailing object: numpy.einsum's `out`, `dtype` and `optimize`. */
export interface EinsumOptions {
  /** Where to write the result. */
  out?: GpuArray;
  /** Compute in this dtype (operands are cast to it). */
  dtype?: DTypeLike;
  /** NumPy's rule for casting the operands to `dtype` and the result into `out` (default 'safe'). */
  casting?: Casting;
  /**
   * NumPy's contraction-order search switch (`true`, `false`, 'greedy', 'optimal' or a path).
   * Accepted and not used: the pairs are contracted left to right whatever it says, which gives
   * NumPy's result (the order changes the cost, not the values beyond rounding).
   */
  optimize?: boolean | string | readonly unknown[];
}

/** A term's labels: letters, and '#j' for the j-th ellipsis dimension counted from the right. */
type Labels = string[];

function parseTerm(term: string, where: string): { letters: string[]; ellipsisAt: number } {
  const letters: string[] = [];
  let ellipsisAt = -1;
  for (let i = 0; i < term.length; ) {
    if (term.startsWith('...', i)) {
      if (ellipsisAt >= 0) throw new RangeError(`einstein sum subscripts string contains more than one ellipsis ('...') in ${where}`);
      ellipsisAt = letters.length;
      i += 3;
    } else if (/[A-Za-z]/.test(term[i])) {
      letters.push(term[i++]);
    } else {
      throw new RangeError(`invalid subscript '${term[i]}' in einstein sum subscripts string, subscripts must be letters`);
    }
  }
  return { letters, ellipsisAt };
}

const ellipsisLabels = (count: number) => Array.from({ length: count }, (_, i) => `#${count - 1 - i}`);

function expand(t: { letters: string[]; ellipsisAt: number }, ellipsisDims: number): Labels {
  if (t.ellipsisAt < 0) return t.letters;
  return [...t.letters.slice(0, t.ellipsisAt), ...ellipsisLabels(ellipsisDims), ...t.letters.slice(t.ellipsisAt)];
}

interface Term {
  x: GpuArray;
  labels: Labels;
}

/** Sum `x` over the given positions, keeping its dtype (bool: any), as einsum does. */
function sumOut(x: GpuArray, axes: number[]): GpuArray {
  if (x.dtype.isBool) return any(x, { axis: axes });
  return sum(x, { axis: axes, dtype: x.dtype });
}

/**
 * One subscripts list of NumPy's interleaved form as letters: 0-25 are 'A'-'Z', 26-51 'a'-'z'
 * (NumPy's mapping, so the implicit output's order is theirs), '...' (JS's stand-in for Ellipsis)
 * at most once.
 */
function sublistTerm(list: unknown): string {
  if (!Array.isArray(list)) throw new TypeError('each subscript must be either an integer or an ellipsis');
  let term = '';
  for (const v of list) {
    if (v === '...') {
      if (term.includes('...')) throw new RangeError('each subscripts list may have only one ellipsis');
      term += '...';
    } else if (typeof v === 'number' && Number.isInteger(v)) {
      if (v < 0 || v >= 52) throw new RangeError('subscript is not within the valid range [0, 52)');
      term += String.fromCharCode(v < 26 ? 65 + v : 97 + v - 26);
    } else {
      throw new TypeError('each subscript must be either an integer or an ellipsis');
    }
  }
  return term;
}

/** NumPy's interleaved form `(op0, sublist0, op1, sublist1, ..., [sublistOut])` as subscripts and operands. */
function fromSublists(args: readonly unknown[]): { subscripts: string; operands: unknown[] } {
  const terms: string[] = [];
  const operands: unknown[] = [];
  let k = 0;
  for (; k + 1 < args.length; k += 2) {
    operands.push(args[k]);
    terms.push(sublistTerm(args[k + 1]));
  }
  if (operands.length === 0) throw new TypeError('einsum: the operands and their subscripts lists come in pairs (op0, sublist0, ...)');
  const out = k < args.length ? `->${sublistTerm(args[k])}` : '';
  return { subscripts: terms.join(',') + out, operands };
}

/**
 * numpy.einsum: Einstein summation over the operands as `subscripts` say, with '...', implicit
 * output (labels seen once, in alphabetical order) and repeated labels (diagonals and traces).
 * Operands follow the subscripts, then an optional {@link EinsumOptions} object. NumPy's
 * interleaved form works too: `einsum(a, [0, 1], b, [1, 2], [0, 2])`, each list of integers in
 * [0, 52) and at most one `'...'` (Python's Ellipsis), the output list optional. Pairs of operands
 * are contracted left to right, each as one batched matrix product.
 * @example gp.einsum('ij,jk->ik', a, b) // matmul; gp.einsum('ii', m) is the trace
 */
export function einsum(subscripts: string | unknown, ...rest: unknown[]): GpuArray {
  let options: EinsumOptions = {};
  const last = rest[rest.length - 1];
  // A trailing plain object is the options (a complex scalar {re, im} is an operand).
  if (
    rest.length > 0 &&
    typeof last === 'object' &&
    last !== null &&
    !(last instanceof GpuArray) &&
    !Array.isArray(last) &&
    !ArrayBuffer.isView(last) &&
    !('re' in last && 'im' in last)
  ) {
    options = readOptions<EinsumOptions>('einsum', last, ['out', 'dtype', 'casting', 'optimize']);
    const optimize = options.optimize;
    if (optimize !== undefined && typeof optimize !== 'boolean' && typeof optimize !== 'string' && !Array.isArray(optimize)) {
      throw new TypeError(`einsum: optimize must be a boolean, 'greedy', 'optimal' or a path, got ${typeof optimize}`);
    }
    rest = rest.slice(0, -1);
  }
  if (typeof subscripts !== 'string') {
    const { subscripts: spec, operands } = fromSublists([subscripts, ...rest]);
    return withArrays(operands, (...ops) => einsumArrays(spec, ops, options));
  }
  return withArrays(rest, (...ops) => einsumArrays(subscripts, ops, options));
}

function einsumArrays(subscripts: string, ops: GpuArray[], options: EinsumOptions): GpuArray {
  const spec = subscripts.replace(/\s+/g, '');
  const arrow = spec.split('->');
  if (arrow.length > 2) throw new RangeError("einstein sum subscript string has more than one output ('->')");
  const inTerms = arrow[0].split(',');
  if (inTerms.length !== ops.length) {
    const which = inTerms.length > ops.length ? 'fewer' : 'more';
    throw new RangeError(`${which} operands provided to einstein sum function than specified in the subscripts string`);
  }
  const parsed = inTerms.map((t, i) => parseTerm(t, `operand ${i}`));
  let ellipsisDims = 0;
  const labelsIn = parsed.map((p, i) => {
    const nd = ops[i].ndim;
    if (p.ellipsisAt < 0 ? p.letters.length !== nd : p.letters.length > nd) {
      throw new RangeError(`einsum: operand ${i} has ${nd} dimensions but its subscripts '${inTerms[i]}' name ${p.letters.length}`);
    }
    const e = p.ellipsisAt < 0 ? 0 : nd - p.letters.length;
    ellipsisDims = Math.max(ellipsisDims, e);
    return expand(p, e);
  });
  let outLabels: Labels;
  if (arrow.length === 2) {
    const o = parseTerm(arrow[1], 'the output');
    // The dims '...' stands for broadcast; they are never summed: an output without '...' refuses them.
    if (o.ellipsisAt < 0 && ellipsisDims > 0) {
      throw new RangeError("output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.");
    }
    outLabels = expand(o, o.ellipsisAt < 0 ? 0 : ellipsisDims);
    for (const l of o.letters) {
      if (o.letters.indexOf(l) !== o.letters.lastIndexOf(l)) throw new RangeError(`einstein sum subscripts string includes output subscript '${l}' multiple times`);
      if (!labelsIn.some((ls) => ls.includes(l))) throw new RangeError(`einstein sum subscripts string included output subscript '${l}' which never appeared in an input`);
    }
  } else {
    const counts = new Map<string, number>();
    for (const ls of labelsIn) for (const l of ls) if (!l.startsWith('#')) counts.set(l, (counts.get(l) ?? 0) + 1);
    const once = [...counts].filter(([, c]) => c === 1).map(([l]) => l).sort();
    outLabels = [...ellipsisLabels(ellipsisDims), ...once];
  }

  labelsIn.forEach((ls, i) =>
    ls.forEach((l, ax) => {
      const first = ls.indexOf(l);
      if (first !== ax && ops[i].shape[first] !== ops[i].shape[ax]) {
        throw new RangeError(`dimensions in operand ${i} for collapsing index '${l}' don't match (${ops[i].shape[first]} != ${ops[i].shape[ax]})`);
      }
    }),
  );
  // Each label's size: equal everywhere, or 1 where it broadcasts.
  const size = new Map<string, number>();
  labelsIn.forEach((ls, i) =>
    ls.forEach((l, ax) => {
      const d = ops[i].shape[ax];
      const known = size.get(l);
      if (known === undefined || known === 1) size.set(l, d);
      else if (d !== known && d !== 1) {
        throw new RangeError(`operands could not be broadcast together: subscript '${l.startsWith('#') ? '...' : l}' has sizes ${known} and ${d}`);
      }
    }),
  );

  const d = options.dtype !== undefined ? toDType(options.dtype) : null;
  // NumPy's einsum casts the operands to `dtype`, and the result into `out`, under `casting` ('safe').
  const casting = castingOf(options.casting, 'safe');
  if (d !== null) {
    ops.forEach((op, i) => {
      if (!canCastBy(op.dtype, d, casting)) throw new TypeError(`einsum: operand ${i} dtype could not be cast from dtype('${op.dtype.name}') to dtype('${d.name}') according to the rule '${casting}'`);
    });
  }
  // NumPy computes in the operands' result_type (one dtype for every operand: int8, uint8 and
  // float16 give float16, where contracting pairwise promoted int8 with uint8 to int16 first).
  const made = d ?? resultType(ops.map((op) => op.dtype));
  const out = options.out;
  if (out !== undefined) {
    if (!(out instanceof GpuArray)) throw new TypeError('einsum: out must be a GpuArray');
    if (!canCastBy(made, out.dtype, casting)) {
      throw new TypeError(`einsum: the result could not be cast from dtype('${made.name}') to dtype('${out.dtype.name}'), the dtype of out, according to the rule '${casting}'`);
    }
  }
  // Without `dtype`, NumPy's unoptimized einsum (its default) computes in out's dtype where that
  // promotes: float32 operands summed into a float64 out add in float64, int8 ones into int64 do
  // not wrap. Its optimized path contracts in the operands' dtype, as `optimize` does here.
  const work = d === null && out !== undefined && !options.optimize ? promoteTypes(made, out.dtype) : made;
  const temps: GpuArray[] = [];
  const track = (x: GpuArray) => (temps.push(x), x);
  let result: GpuArray | undefined;
  try {
    // Per operand: repeated labels become diagonals, labels nobody else needs are summed.
    const terms: Term[] = ops.map((x0, i) => {
      let x = x0.dtype !== work ? track(x0.astype(work)) : x0;
      let labels = [...labelsIn[i]];
      for (;;) {
        const dup = labels.findIndex((l, j) => labels.indexOf(l) !== j);
        if (dup < 0) break;
        const first = labels.indexOf(labels[dup]);
        if (x.shape[first] !== x.shape[dup]) throw new RangeError(`dimensions in operand ${i} for collapsing index '${labels[dup]}' don't match (${x.shape[first]} != ${x.shape[dup]})`);
        const l = labels[dup];
        x = track(diagonalView(x, 0, first, dup));
        labels = [...labels.filter((_, j) => j !== first && j !== dup), l];
      }
      const needed = (l: string) => outLabels.includes(l) || labelsIn.some((ls, j) => j !== i && ls.includes(l));
      const drop = labels.map((l, j) => (needed(l) ? -1 : j)).filter((j) => j >= 0);
      if (drop.length > 0) {
        x = track(sumOut(x, drop));
        labels = labels.filter((_, j) => !drop.includes(j));
      }
      return { x, labels };
    });

    let acc = terms[0];
    for (let i = 1; i < terms.length; i++) {
      const keep = new Set([...outLabels, ...terms.slice(i + 1).flatMap((t) => t.labels)]);
      acc = contract(acc, terms[i], keep, size, track);
    }
    // Labels the output drops that no contraction removed (one operand, or broadcast leftovers).
    const drop = acc.labels.map((l, j) => (outLabels.includes(l) ? -1 : j)).filter((j) => j >= 0);
    let x = acc.x;
    let labels = acc.labels;
    if (drop.length > 0) {
      x = track(sumOut(x, drop));
      labels = labels.filter((_, j) => !drop.includes(j));
    }
    const perm = outLabels.map((l) => labels.indexOf(l));
    const shaped = x.transpose(perm);
    const want = outLabels.map((l) => size.get(l)!);
    result = shaped.shape.every((s, j) => s === want[j]) ? shaped : (track(shaped), shaped.broadcastTo(want));
    return deliver(result, options.out, 'einsum');
  } finally {
    for (const t of temps) if (t !== result) t.dispose();
  }
}

/** One pairwise contraction as a batched GEMM: [batch, free X, shared] @ [batch, shared, free Y]. */
function contract(X: Term, Y: Term, keep: Set<string>, size: Map<string, number>, track: (x: GpuArray) => GpuArray): Term {
  const inY = new Set(Y.labels);
  const inX = new Set(X.labels);
  const batch = X.labels.filter((l) => inY.has(l) && keep.has(l));
  const shared = X.labels.filter((l) => inY.has(l) && !keep.has(l));
  const fx = X.labels.filter((l) => !inY.has(l));
  const fy = Y.labels.filter((l) => !inX.has(l));
  const dims = (ls: string[]) => ls.map((l) => size.get(l)!);
  const prod = (ls: string[]) => dims(ls).reduce((p, v) => p * v, 1);
  const arrange = (t: Term, order: string[], shape: number[]) => {
    const v = track(t.x.transpose(order.map((l) => t.labels.indexOf(l))));
    const full = order.map((l) => size.get(l)!);
    const b = v.shape.every((s, j) => s === full[j]) ? v : track(v.broadcastTo(full));
    return track(b.reshape(shape));
  };
  const xm = arrange(X, [...batch, ...fx, ...shared], [...dims(batch), prod(fx), prod(shared)]);
  const ym = arrange(Y, [...batch, ...shared, ...fy], [...dims(batch), prod(shared), prod(fy)]);
  const r = track(matmul(xm, ym));
  return { x: track(r.reshape([...dims(batch), ...dims(fx), ...dims(fy)])), labels: [...batch, ...fx, ...fy] };
}
