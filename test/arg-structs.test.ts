// The structs kernels take by value are described once (lib/kernel/arg-structs.ts): each generated
// source asserts the C struct against the description, so a drift fails to compile on every
// backend instead of shifting the arguments a kernel reads; the writer places fields by name.
import { expect } from 'chai';
import { CompileError } from '../bindings/errors.js';
import { ArgBlock } from '../lib/device/arg-block.js';
import { currentDevice } from '../lib/device/device.js';
import { ArgStruct, carrayStruct, indexerStruct, redGeomStruct, structAsserts, structBytes, StructWriter } from '../lib/kernel/arg-structs.js';
import { describeEachDevice } from './helpers.js';

/** Compile a program that only holds the asserts (and a kernel, so there is something to load). */
function compileAsserts(structs: readonly ArgStruct[], name: string): void {
  const source = [
    '#include "gpuarray/reduce.h"',
    ...structs.flatMap((s, k) => structAsserts(s, String(k))),
    `extern "C" __global__ void ${name}(int* out) { out[0] = 1; }`,
  ].join('\n');
  currentDevice().backend.loadProgram({ source, kernels: [{ name, paramTypes: ['int*'] }], checkHostSupport: false });
}

const described: ArgStruct[] = [
  indexerStruct(3, 2, 'int'),
  indexerStruct(1, 4, 'long long'),
  carrayStruct('double', 0, false),
  carrayStruct('float', 3, true),
  redGeomStruct('int', 4, 2, 1),
  redGeomStruct('long long', 6, 0, 2),
];

describeEachDevice('argument structs: one description, asserted in every source', () => {
  it('the descriptions of gpa::Indexer, CArray and gpa::RedGeom match the C structs', () => {
    compileAsserts(described, 'gpa_test_structs_agree');
  });

  const refused = (struct: ArgStruct, name: string) =>
    expect(() => compileAsserts([struct], name))
      .to.throw(CompileError)
      .with.property('log')
      .that.matches(/gpa::Indexer<2, 3, int> and lib\/kernel\/arg-structs\.ts disagree|no member|is not a member|extra/);

  for (const [what, drift] of [
    ['a field one element longer', (s: ArgStruct): ArgStruct => ({ ...s, fields: s.fields.map((f, k) => (k === 1 ? { ...f, count: f.count + 1 } : f)) })],
    ['a field the C struct does not have', (s: ArgStruct): ArgStruct => ({ ...s, fields: [...s.fields, { name: 'extra', count: 1 }] })],
  ] as const) {
    it(`a description that drifted (${what}) fails to compile, naming the struct`, () => {
      refused(drift(indexerStruct(2, 3, 'int')), `gpa_test_structs_drift_${what.length}`);
    });
  }

  it('fields listed in another order: refused where the compiler has offsetof (the host compiler), not by NVRTC', () => {
    const s = indexerStruct(2, 3, 'int');
    const swapped = { ...s, fields: [s.fields[1], s.fields[0]] };
    // Each field keeps its size, so only the offsets differ; NVRTC has no offsetof. The cpu suite
    // compiles the same C structs, so an order drift still fails there.
    if (currentDevice().kind === 'cpu') refused(swapped, 'gpa_test_structs_swapped');
    else expect(() => compileAsserts([swapped], 'gpa_test_structs_swapped')).not.to.throw();
  });
});

describe('argument structs: the writer', () => {
  it('places each field at its offset, by name, and refuses a wrong count', () => {
    const s = redGeomStruct('int', 4, 1, 1);
    expect(structBytes(s)).to.equal(4 * (9 + 4 * 5));
    const w = new StructWriter(s);
    const block = new ArgBlock([{ size: structBytes(s), align: 4 }]);
    w.field(block, 0, 'red_shape', [5, 6, 7, 8]);
    w.field(block, 0, 'n_red', [42]);
    const word = (k: number) => block.view.getInt32(4 * k, true);
    expect(word(1)).to.equal(42);
    expect([21, 22, 23, 24].map(word)).to.deep.equal([5, 6, 7, 8]); // after 9 scalars, out_shape, in_ostr, out_ostr
    expect(() => w.field(block, 0, 'red_shape', [1, 2, 3])).to.throw(/red_shape takes 4 values, got 3/);
    expect(() => w.field(block, 0, 'nope', [1])).to.throw(/has no field nope|nope takes no values/);
  });
});
