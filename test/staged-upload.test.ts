// The cuda backend's staged upload kernel (gpa_staged_upload, run by the cpu backend's threads),
// on any machine: a fake driver stands in for the entry points it calls. The fake's "DMA" is
// deferred as the real one is: cuMemcpyHtoDAsync only queues (destination, slot, bytes), and the
// copy happens when an event covering it is queried ready, so a slot written again before its
// DMA was done shows up as wrong data. Uploads through the real driver are in array-export's
// large-array tests (cuda).
import { expect } from 'chai';
import { hostAlloc, hostFree, hostMemset, viewAt } from '../bindings/libc.js';
import { ArgBlock } from '../lib/device/arg-block.js';
import { DiskCache } from '../lib/device/compile-cache.js';
import { CpuBackend } from '../lib/device/cpu/backend.js';
import { ParallelHostCopy } from '../lib/device/cpu/parallel-copy.js';
import { uploadBounds } from '../lib/device/cuda/staging.js';

const FAKE_DRIVER = `
#include <mutex>
#include <vector>
struct FakeDma { unsigned long long dst; const void* src; size_t n; };
static std::mutex fake_lock;
static std::vector<FakeDma> fake_queue;   // queued copies, in order
static size_t fake_done = 0;              // copies done
static size_t fake_marks[64];             // event e covers the copies before fake_marks[e]
static int fake_fail_at = -1, fake_calls = 0, fake_not_ready = 0;
static const unsigned long long FAKE_CONTEXT = 0xC0FFEEull;

static void fake_run_until(size_t upto) {
  for (; fake_done < upto; fake_done++) memcpy((void*)fake_queue[fake_done].dst, fake_queue[fake_done].src, fake_queue[fake_done].n);
}
static int fake_ctx_set(unsigned long long ctx) { return ctx == FAKE_CONTEXT ? 0 : 201; }
static int fake_htod(unsigned long long dst, const void* src, size_t n, unsigned long long stream) {
  std::lock_guard<std::mutex> g(fake_lock);
  if (stream != 7 || fake_calls++ == fake_fail_at) return 700;
  fake_queue.push_back(FakeDma{dst, src, n});
  return 0;
}
static int fake_record(unsigned long long event, unsigned long long stream) {
  std::lock_guard<std::mutex> g(fake_lock);
  fake_marks[event] = fake_queue.size();
  return stream == 7 ? 0 : 400;
}
static int fake_query(unsigned long long event) {
  std::lock_guard<std::mutex> g(fake_lock);
  if (fake_done < fake_marks[event] && ++fake_not_ready % 3 != 0) return 600;
  fake_run_until(fake_marks[event]);
  return 0;
}

extern "C" __global__ void fake_driver_reset(unsigned long long* entries, int failAt) {
  fake_queue.clear();
  fake_done = 0;
  for (size_t& m : fake_marks) m = 0;
  fake_fail_at = failAt;
  fake_calls = 0;
  entries[0] = (unsigned long long)&fake_ctx_set;
  entries[1] = (unsigned long long)&fake_htod;
  entries[2] = (unsigned long long)&fake_record;
  entries[3] = (unsigned long long)&fake_query;
  entries[4] = FAKE_CONTEXT;
}
/** The stream's end: every queued copy done. */
extern "C" __global__ void fake_driver_sync(int* queued) {
  fake_run_until(fake_queue.size());
  *queued = (int)fake_queue.size();
}
`;

describe('staged upload kernel (cpu backend threads, fake driver)', function () {
  this.timeout(600000);
  const cache = new DiskCache();
  let copy: ParallelHostCopy;
  let reset: (entries: number, failAt: number) => void;
  let sync: () => number;
  const scratch = hostAlloc(64);

  before(() => {
    const cpu = CpuBackend.create(cache);
    if ('error' in cpu) throw new Error(cpu.error);
    copy = ParallelHostCopy.create(cache)!;
    expect(copy, 'the parallel host copy builds where the cpu backend does').to.not.equal(null);
    const prog = cpu.loadProgram({
      source: FAKE_DRIVER,
      kernels: [
        { name: 'fake_driver_reset', paramTypes: ['unsigned long long*', 'int'] },
        { name: 'fake_driver_sync', paramTypes: ['int*'] },
      ],
      programName: 'test_fake_driver',
    });
    const one = { x: 1, y: 1, z: 1 };
    const resetArgs = new ArgBlock([{ size: 8, align: 8 }, { size: 4, align: 4 }]);
    reset = (entries, failAt) => {
      resetArgs.writeU64Number(resetArgs.offsets[0], entries);
      resetArgs.view.setInt32(resetArgs.offsets[1], failAt, true);
      prog.kernel('fake_driver_reset').launch(one, one, 0, 0, resetArgs.pointers);
    };
    const syncArgs = new ArgBlock([{ size: 8, align: 8 }]);
    syncArgs.writeU64Number(syncArgs.offsets[0], scratch);
    sync = () => {
      prog.kernel('fake_driver_sync').launch(one, one, 0, 0, syncArgs.pointers);
      return new Int32Array(viewAt(scratch, 4))[0];
    };
  });
  after(() => hostFree(scratch));

  /**
   * Upload `bytes` of a pattern through `slots` slots of `chunk` bytes, chunks ramping up from
   * `first`; the destination, the control words and the copies queued.
   */
  function upload(bytes: number, chunk: number, slots: number, first = chunk, failAt = -1) {
    const src = hostAlloc(bytes);
    const dst = hostAlloc(bytes);
    const srcBytes = new Uint8Array(viewAt(src, bytes));
    for (let i = 0; i < bytes; i++) srcBytes[i] = (i * 2654435761 + (i >>> 12)) >>> 24;
    hostMemset(dst, 0, bytes);
    const slotMemory = hostAlloc(chunk * slots);
    const plan = hostAlloc(8 * (6 + 2 * slots));
    const words = new BigUint64Array(viewAt(plan, 8 * (6 + 2 * slots)));
    reset(plan, failAt); // entry points and the context into words 0-4
    words[5] = 7n; // the stream
    for (let s = 0; s < slots; s++) {
      words[6 + s] = BigInt(slotMemory + s * chunk);
      words[6 + slots + s] = BigInt(s); // the fake's events are 0..slots-1
    }
    const bounds = uploadBounds(bytes, chunk, first);
    const chunks = bounds.length - 1;
    const boundMemory = hostAlloc(8 * bounds.length);
    new BigInt64Array(viewAt(boundMemory, 8 * bounds.length)).set(bounds.map(BigInt));
    const ctl = hostAlloc(4 * (2 + chunks));
    hostMemset(ctl, 0, 4 * (2 + chunks));
    copy.stagedUpload(dst, src, boundMemory, chunks, slots, plan, ctl);
    const queued = sync();
    const control = Array.from(new Uint32Array(viewAt(ctl, 4 * (2 + chunks))));
    const got = new Uint8Array(viewAt(dst, bytes)).slice();
    const want = srcBytes.slice();
    for (const p of [src, dst, slotMemory, plan, boundMemory, ctl]) hostFree(p);
    return { got, want, control, queued, chunks };
  }

  it('cuts an upload into chunks that ramp up to the slot size', () => {
    expect(uploadBounds(100, 64, 16)).to.deep.equal([0, 16, 48, 100]);
    expect(uploadBounds(300, 64, 16)).to.deep.equal([0, 16, 48, 112, 176, 240, 300]);
    expect(uploadBounds(10, 64, 16)).to.deep.equal([0, 10]);
    expect(uploadBounds(128, 64, 64)).to.deep.equal([0, 64, 128]);
    expect(uploadBounds(0, 64, 16)).to.deep.equal([0]);
  });

  it('copies every chunk through the slots, reusing a slot only after its copy is done', () => {
    const cases: [number, number, number, number][] = [
      [20 * 4096 * 4 + 1234, 4 * 4096 * 4, 3, 4 * 4096 * 4], // 6 chunks through 3 slots, the last one partial
      [20 * 4096 * 4 + 1234, 4 * 4096 * 4, 3, 4096], // the same after a ramp of 4, 8, 16 KiB
      [64 * 4096 + 7, 4096, 2, 4096], // 65 chunks of one page through 2 slots
      [5 * 65536, 65536, 8, 65536], // fewer chunks than slots
      [100, 65536, 4, 16384], // one short chunk
      [3 * 65536 + 4095, 65536, 1, 8192], // a single slot: every chunk waits for the one before
    ];
    for (const [bytes, chunk, slots, first] of cases) {
      const what = `${bytes} bytes, chunks of ${chunk} from ${first}, ${slots} slots`;
      const r = upload(bytes, chunk, slots, first);
      expect(r.control[0], `${what}: no failure`).to.equal(0);
      expect(r.queued, `${what}: one DMA a chunk`).to.equal(r.chunks);
      for (let k = 0; k < r.chunks; k++) {
        const free = k >= slots ? 0x40000000 : 0;
        expect(r.control[2 + k], `${what}: chunk ${k}`).to.equal((0x80000000 | free | copy.threads) >>> 0);
      }
      let bad = -1;
      for (let i = 0; i < bytes && bad < 0; i++) if (r.got[i] !== r.want[i]) bad = i;
      expect(bad, `${what}: first wrong byte`).to.equal(-1);
    }
  });

  it('stops at the first failing driver call and says which one', () => {
    const r = upload(10 * 65536, 65536, 2, 65536, 3); // the fourth cuMemcpyHtoDAsync fails
    expect(r.control[0]).to.equal(700);
    expect(r.control[1], 'the plan index of cuMemcpyHtoDAsync').to.equal(1);
    // A block already past its last check may still queue its chunk; the rest stop.
    expect(r.queued, 'the three copies before it, and those already under way').to.be.within(3, 9);
  });
});
