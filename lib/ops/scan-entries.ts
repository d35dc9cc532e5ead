// The entry points every scan program has (prefix-scan.ts's real scans, scan-complex-source.ts's
// complex ones), over the Acc, IDENT, ScanOp and ScanLoad their source defines first; `lookback`
// is the single-pass entry of the types that have one (or nothing).

export function scanEntries(lookback = ''): string {
  return `extern "C" __global__ void gpa_scan_reduce(const void* x, void* sums, long long len, long long tiles) {
  gpa::scan_tile_reduce<Acc>((const Acc*)x, (Acc*)sums, len, tiles, IDENT, ScanLoad(), ScanOp());
}
extern "C" __global__ void gpa_scan_rows_serial(const void* x, void* y, long long rows, long long len, int exclusive) {
  gpa::scan_rows_serial<Acc>((const Acc*)x, (Acc*)y, rows, len, exclusive, IDENT, ScanLoad(), ScanOp());
}
extern "C" __global__ void gpa_scan_prefix(void* sums, long long tiles) {
  gpa::scan_tile_prefix<Acc>((Acc*)sums, tiles, IDENT, ScanOp());
}
${lookback}extern "C" __global__ void gpa_scan_apply(const void* x, void* y, const void* sums, long long len, long long tiles, int exclusive) {
  gpa::scan_tile_apply<Acc>((const Acc*)x, (Acc*)y, (const Acc*)sums, len, tiles, exclusive, IDENT, ScanLoad(), ScanOp());
}
`;
}
