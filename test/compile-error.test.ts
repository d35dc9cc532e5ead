// Compile errors a newcomer meets: the message shows the line of their own kernel body (or
// reduction expression) with a caret under the column the compiler reports, and stays short;
// the whole generated source and log stay on the error (source, numberedSource, fullLog, log).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { userCodeNote } from '../lib/kernel/compile-note.js';
import { describeEachDevice } from './helpers.js';

function compileError(fn: () => unknown): gp.CompileError {
  try {
    fn();
  } catch (e) {
    expect(e).to.be.instanceOf(gp.CompileError);
    return e as gp.CompileError;
  }
  throw new Error('expected a CompileError');
}

/** The column of the caret under the quoted user line of a note (0-based within the user's line). */
function caretColumn(message: string, userLine: string): number {
  const lines = message.split('\n');
  const k = lines.findIndex((l) => l.endsWith(`| ${userLine}`));
  expect(k, `the message quotes '${userLine}'`).to.be.greaterThan(-1);
  const quoted = lines[k];
  return lines[k + 1].indexOf('^') - (quoted.length - userLine.length);
}

describe('compile errors: the user-code note', () => {
  it('reads NVRTC logs: the echoed line and its caret give the column in the user line', () => {
    const source = ['// generated', 'void k() {', '  {', '    float t = x;', '    z = x +* y;;', '  }', '}'].join('\n');
    const log = ['k.cu(5): error: expression must have arithmetic or pointer type', '      z = x +* y;;', '             ^', '', '1 error detected in the compilation of "k".'].join('\n');
    const note = userCodeNote(log, 'k.cu', source, [{ what: 'kernel body', text: 'float t = x;\nz = x +* y;', starts: [4] }]);
    expect(note.split('\n')[0]).to.equal('error in line 2 of the kernel body: z = x +* y;');
    expect(caretColumn(note, 'z = x +* y;')).to.equal('z = x +'.length);
    expect(note).to.include('^ expression must have arithmetic or pointer type');
  });

  it('reads g++ logs (line:column), and leaves out errors outside the user code', () => {
    const source = ['void k() {', '  int q = undeclared;', '  {', '    z = x +* y;;', '  }', '}'].join('\n');
    const log = ['k.cu:2:11: error: ‘undeclared’ was not declared in this scope', 'k.cu:4:12: error: invalid type argument of unary ‘*’'].join('\n');
    const note = userCodeNote(log, 'k.cu', source, [{ what: 'kernel body', text: 'z = x +* y;', starts: [4] }]);
    expect(note).to.not.include('undeclared');
    expect(caretColumn(note, 'z = x +* y;')).to.equal('z = x +'.length);
  });
});

describeEachDevice('compile errors', () => {
  it('an ElementwiseKernel error quotes the body line with a caret, not the generated source first', () => {
    const x = gp.arange(6, 'float64');
    const k = gp.ElementwiseKernel('T a', 'T b', 'T t = a * 2;\nb = t +* a;', 'ce_body');
    const err = compileError(() => k(x));
    const message = err.message;
    expect(message).to.include('error in line 2 of the kernel body: b = t +* a;');
    // g++ points at the `*`, NVRTC at its operand.
    expect(caretColumn(message, 'b = t +* a;')).to.be.oneOf(['b = t +'.length, 'b = t +* '.length]);
    // The note comes before the log and the source.
    expect(message.indexOf('kernel body')).to.be.lessThan(message.indexOf('--- log ---'));
    expect(err.numberedSource).to.match(/^ *1 \| /);
    expect(err.fullLog).to.include(err.numberedSource).and.include(err.log.trim());
  });

  it('a ReductionKernel error stays short and points at the expression', () => {
    const r = gp.ReductionKernel('T x', 'T y', 'x * x', 'a +* b', 'y = a', '0', 'ce_reduce');
    const err = compileError(() => r(gp.arange(8, 'float64')));
    expect(err.message).to.include('error in line 1 of the reduce expression: a +* b');
    expect(caretColumn(err.message, 'a +* b')).to.be.oneOf(['a +'.length, 'a +* '.length]);
    // The generated reduction source is hundreds of lines: only on request.
    expect(err.source.split('\n').length).to.be.greaterThan(40);
    expect(err.message).to.not.include(err.numberedSource.split('\n')[0]);
    expect(err.message).to.include('err.numberedSource');
    expect(err.message.length).to.be.lessThan(3000);
  });

  it('a long raw-kernel source shows the lines around the error, not all of it', () => {
    const filler = Array.from({ length: 60 }, (_, i) => `#define UNUSED_${i} ${i}`).join('\n');
    const k = gp.RawKernel(`${filler}\nextern "C" __global__ void ce_raw(float* x) {\n  x[0] = missing_name_7;\n}\n`, 'ce_raw');
    const err = compileError(() => k(1, 1, [gp.zeros(1, 'float32')]));
    expect(err.message).to.include('|   x[0] = missing_name_7;');
    expect(err.message).to.not.include('UNUSED_0 0');
    expect(err.message).to.include('err.numberedSource');
  });
});
