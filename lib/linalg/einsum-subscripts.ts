// The parsing einsum and einsum_path share: the subscripts (or NumPy's interleaved form) against
// the operands' shapes, as each term's labels, the output's labels and every label's size. Shapes
// only: einsum_path plans from them without touching the data.
import { GpuArray } from '../core/gpu-array.js';
import { readOptions } from '../util/options.js';

/** A term's labels: letters, and '#j' for the j-th ellipsis dimension counted from the right. */
export type Labels = string[];

/** The parsed subscripts: per operand its labels (repeats kept), the output's, and each label's size. */
export interface Subscripts {
  labelsIn: Labels[];
  outLabels: Labels;
  size: Map<string, number>;
}

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
function fromSublists(args: readonly unknown[], name: string): { subscripts: string; operands: unknown[] } {
  const terms: string[] = [];
  const operands: unknown[] = [];
  let k = 0;
  for (; k + 1 < args.length; k += 2) {
    operands.push(args[k]);
    terms.push(sublistTerm(args[k + 1]));
  }
  if (operands.length === 0) throw new TypeError(`${name}: the operands and their subscripts lists come in pairs (op0, sublist0, ...)`);
  const out = k < args.length ? `->${sublistTerm(args[k])}` : '';
  return { subscripts: terms.join(',') + out, operands };
}

/**
 * einsum's arguments `(subscripts, ...operands, options?)` or `(op0, sublist0, ..., options?)`
 * as the subscripts string, the operands and the options (a trailing plain object; a complex
 * scalar {re, im} is an operand).
 */
export function splitEinsumArgs<T extends object>(
  name: string,
  args: readonly unknown[],
  allowed: readonly string[],
): { subscripts: string; operands: unknown[]; options: Partial<T> } {
  let rest = args.slice(1);
  let options: Partial<T> = {};
  const last = rest[rest.length - 1];
  if (
    rest.length > 0 &&
    typeof last === 'object' &&
    last !== null &&
    !(last instanceof GpuArray) &&
    !Array.isArray(last) &&
    !ArrayBuffer.isView(last) &&
    !('re' in last && 'im' in last)
  ) {
    options = readOptions<T>(name, last, allowed);
    rest = rest.slice(0, -1);
  }
  if (typeof args[0] !== 'string') return { ...fromSublists([args[0], ...rest], name), options };
  return { subscripts: args[0], operands: rest, options };
}

/**
 * The subscripts against the operands' shapes: each term's labels ('...' expanded, right
 * aligned), the output's (implicit: the ellipsis dims, then labels seen once in alphabetical
 * order) and each label's size (equal everywhere, or 1 where it broadcasts).
 */
export function parseSubscripts(subscripts: string, shapes: readonly (readonly number[])[]): Subscripts {
  const spec = subscripts.replace(/\s+/g, '');
  const arrow = spec.split('->');
  if (arrow.length > 2) throw new RangeError("einstein sum subscript string has more than one output ('->')");
  const inTerms = arrow[0].split(',');
  if (inTerms.length !== shapes.length) {
    const which = inTerms.length > shapes.length ? 'fewer' : 'more';
    throw new RangeError(`${which} operands provided to einstein sum function than specified in the subscripts string`);
  }
  const parsed = inTerms.map((t, i) => parseTerm(t, `operand ${i}`));
  let ellipsisDims = 0;
  const labelsIn = parsed.map((p, i) => {
    const nd = shapes[i].length;
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
      if (first !== ax && shapes[i][first] !== shapes[i][ax]) {
        throw new RangeError(`dimensions in operand ${i} for collapsing index '${l}' don't match (${shapes[i][first]} != ${shapes[i][ax]})`);
      }
    }),
  );
  const size = new Map<string, number>();
  labelsIn.forEach((ls, i) =>
    ls.forEach((l, ax) => {
      const d = shapes[i][ax];
      const known = size.get(l);
      if (known === undefined || known === 1) size.set(l, d);
      else if (d !== known && d !== 1) {
        throw new RangeError(`operands could not be broadcast together: subscript '${l.startsWith('#') ? '...' : l}' has sizes ${known} and ${d}`);
      }
    }),
  );
  return { labelsIn, outLabels, size };
}
