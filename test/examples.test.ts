// The seed's ten programs in examples/: each prints the article's lines with the article's
// numbers (device facts from the device it runs on), and warns where the article's run warned.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { resetPerformanceWarnings } from '../lib/kernel/performance-warnings.js';
import { PROGRAMS } from '../examples/demo.js';
import { describeEachDevice } from './helpers.js';

const LOW_OCCUPANCY_4 = 'Grid size 4 will likely result in GPU under-utilization due to low occupancy.';
const HOST_COPY = 'Host array used in CUDA kernel will incur copy overhead to/from device.';

/** Run one example: its printed lines and the PerformanceWarnings it emitted. */
async function run(file: string): Promise<{ lines: string[]; warnings: string[] }> {
  const program = PROGRAMS.find((p) => p.file === file);
  if (!program) throw new Error(`no example ${file}`);
  const lines: string[] = [];
  const warnings: string[] = [];
  const listener = (w: Error) => {
    if (w.name === 'PerformanceWarning') warnings.push(w.message);
  };
  resetPerformanceWarnings();
  process.on('warning', listener);
  try {
    program.main((line) => lines.push(line));
    await new Promise((r) => setImmediate(r));
  } finally {
    process.off('warning', listener);
  }
  return { lines, warnings };
}

describe('examples', () => {
  it('the demo runs the ten programs in the article order', () => {
    expect(PROGRAMS.map((p) => p.file)).to.deep.equal([
      'device.ts',
      'vec_add.ts',
      'spare.ts',
      'noguard.ts',
      'cupy_add.ts',
      'hostwarn.ts',
      'p1_blocks.ts',
      'p2_spare.ts',
      'p3_guard.ts',
      'p4_saxpy.ts',
    ]);
  });
});

describeEachDevice('examples', () => {
  it('device.ts reports the device it runs on', async () => {
    const info = gp.currentDevice().backend.device;
    const { lines, warnings } = await run('device.ts');
    const cc = info.computeCapability;
    expect(lines.slice(0, 5)).to.deep.equal([
      `CUDA available: ${gp.cuda.isAvailable()}`,
      `device: ${info.name}`,
      `compute capability: ComputeCapability(major=${cc.major}, minor=${cc.minor})`,
      `SMs: ${info.multiprocessorCount}`,
      'max threads per block: 1024',
    ]);
    expect(lines[5]).to.match(new RegExp(`^gpuarray@\\d+\\.\\d+\\.\\d+ \\| node ${process.versions.node} \\| ${info.backend} backend, `));
    expect(lines).to.have.length(6);
    expect(warnings).to.deep.equal([]);
  });

  const cases: [string, string[], string[]][] = [
    ['vec_add.ts', ['launch: 3907 blocks x 256 threads = 1000192', 'c[:3]: [2. 3. 4.] c[-1]: 1000001', 'matches NumPy: true'], []],
    ['spare.ts', ['100096 threads for 100000 elements: 96 spare', 'sum of out: 200000.0'], []],
    [
      'noguard.ts',
      ['last two of out: [2. 2.]', 'first four after it: [2. 2. 2. 2.]', 'floats overwritten past the end: 24 of 24'],
      [LOW_OCCUPANCY_4],
    ],
    ['hostwarn.ts', ['c[0]: 2'], [HOST_COPY]],
    ['p1_blocks.ts', ['launch: 7813 blocks x 128 threads = 1000064', 'spare threads: 64', 'matches NumPy: true'], []],
    ['p2_spare.ts', ['1024 threads for 1000 elements: 24 spare'], [LOW_OCCUPANCY_4]],
    [
      'p3_guard.ts',
      ['last two of out: [2. 2.]', 'first four after it: [-1. -1. -1. -1.]', 'floats overwritten past the end: 0 of 24'],
      [LOW_OCCUPANCY_4],
    ],
    ['p4_saxpy.ts', ['[ 1.  4.  7. 10. 13.]', 'matches cupy expression: true'], []],
  ];
  for (const [file, expectedLines, expectedWarnings] of cases) {
    it(`${file} prints the article's lines`, async () => {
      const { lines, warnings } = await run(file);
      expect(lines).to.deep.equal(expectedLines);
      // The low-occupancy warning is a GPU matter: the cpu backend does not emit it.
      const expected = gp.currentDevice().backend.kind === 'cpu' ? expectedWarnings.filter((w) => w !== LOW_OCCUPANCY_4) : expectedWarnings;
      expect(warnings).to.deep.equal(expected);
    });
  }

  it("cupy_add.ts prints the array's type, device and first values", async () => {
    const { lines, warnings } = await run('cupy_add.ts');
    expect(lines).to.deep.equal([`GpuArray ${gp.currentDevice()} [2. 3. 4.]`, 'same result: true', 'Float32Array 1000001 true']);
    expect(warnings).to.deep.equal([]);
  });
});
