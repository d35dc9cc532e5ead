// A fresh process for the adversarial compile-cache tests. Prints one JSON line on stdout;
// errors as {error, message} with exit code 3. ADV_UMASK (octal) sets the umask first.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as gp from '../../lib/index.js';

if (process.env.ADV_UMASK !== undefined) process.umask(parseInt(process.env.ADV_UMASK, 8));
const out = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');

/** An element-wise op, checked against JS: `k` picks one of a few distinct kernels. */
function op(k: number): boolean {
  const n = 300;
  const a = gp.arange(n, 'float64');
  const ops = [() => a.add(2.5), () => a.multiply(3), () => gp.sqrt(a), () => a.subtract(1)];
  const refs = [(i: number) => i + 2.5, (i: number) => i * 3, (i: number) => Math.sqrt(i), (i: number) => i - 1];
  const v = ops[k]().toArray() as number[];
  return v.every((x, i) => x === refs[k](i));
}

/** A raw kernel whose value comes from a user header (`-I<dir>`, `#include "val.h"`). */
function fromHeader(dir: string, macroInclude: boolean): number {
  const code =
    (macroInclude ? '#define GPA_ADV_HEADER "val.h"\n#include GPA_ADV_HEADER\n' : '#include "val.h"\n') +
    'extern "C" __global__ void gpa_adv_from_header(int* out) { out[0] = VAL; }\n';
  const k = gp.RawKernel(code, 'gpa_adv_from_header', [`-I${dir}`]);
  const o = gp.zeros(1, 'int32');
  k([1], [1], [o]);
  return (o.toArray() as number[])[0];
}

try {
  const cacheDir = () => gp.getBackend().cacheDir;
  switch (process.argv[2]) {
    case 'ops':
      out({ ok: op(0) && op(1), cacheDir: cacheDir(), spec: gp.getBackend().spec, compiler: gp.getBackend().compiler });
      break;
    case 'header':
      out({ value: fromHeader(process.argv[3], process.argv[4] === 'macro') });
      break;
    case 'scratch-gone': {
      // Compile, lose the scratch folder (as another process or a tmp cleaner might), compile again.
      const first = op(0);
      const dir = cacheDir();
      if (dir === null) throw new Error('memory-only cache');
      const gone = readdirSync(dir).filter((f) => f.startsWith('tmp-'));
      for (const f of gone) rmSync(join(dir, f), { recursive: true, force: true });
      out({ ok: first && op(2) && op(3), removed: gone.length });
      break;
    }
    default:
      throw new Error(`unknown action ${process.argv[2]}`);
  }
} catch (e) {
  out({ error: (e as Error).name, message: (e as Error).message });
  process.exitCode = 3;
}
