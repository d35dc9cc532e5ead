// The host ranges this process page-locked through cuMemAllocHost (the pinned host pool's
// blocks), so a copy can tell that its host side needs no staging: the DMA engine reads and
// writes it directly. Shared by every cuda device: with unified addressing such memory is
// pinned for all of them.

const starts: number[] = [];
const ends: number[] = [];

/** Index of the last range starting at or below `addr`, or -1. */
function find(addr: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= addr) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at;
}

export function addPinnedRange(addr: number, bytes: number): void {
  const k = find(addr) + 1;
  starts.splice(k, 0, addr);
  ends.splice(k, 0, addr + bytes);
}

export function removePinnedRange(addr: number): void {
  const k = find(addr);
  if (k >= 0 && starts[k] === addr) {
    starts.splice(k, 1);
    ends.splice(k, 1);
  }
}

/** Whether [addr, addr + bytes) lies inside one pinned range. */
export function isPinnedRange(addr: number, bytes: number): boolean {
  if (starts.length === 0) return false;
  const k = find(addr);
  return k >= 0 && addr + bytes <= ends[k];
}
