// NumPy's repr/str of arrays. (Minimal first version; replaced by the full formatter.)
import type { DType, HostTypedArray } from './dtype.js';
import { readElement } from './host-data.js';

export function formatArray(shape: readonly number[], d: DType, store: HostTypedArray | null): string {
  if (store === null) return `<disposed GpuArray shape=(${shape.join(', ')}) dtype=${d.name}>`;
  const n = shape.reduce((a, b) => a * b, 1);
  const vals: string[] = [];
  for (let i = 0; i < n; i++) vals.push(String(readElement(store, d, i)));
  return `array([${vals.join(', ')}], dtype=${d.name})`;
}
