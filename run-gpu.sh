#!/bin/bash
# One time-limited call on the GPU host: the cuda half of the suite files this session touched.
source .gpu/env
export GPUARRAY_TEST_DEVICES=cuda:0 GPUARRAY_CACHE_DIR=/tmp/gpa-cache
nvidia-smi --query-gpu=name --format=csv,noheader
parts=(
  "foundation-cache key-check arg-structs"
  "scan reduction-ops reduction-kernel latency"
  "rearranging take-put joining matrices advanced-indexing"
  "statistics searching sorting compaction"
  "linalg-extras linalg-norm linalg-decompositions fft random-api"
  "array-creation array-views ufunc-layout raw-kernel adversarial/host-input"
  "random-distributions ufunc-math"
)
k=0
for p in "${parts[@]}"; do
  k=$((k+1)); files=""; for f in $p; do files="$files dist/test/$f.test.js"; done
  ( timeout 135 npx mocha --no-config --require dist/test/backends-banner.js --timeout 120000 --reporter dot $files > $OUT/part$k.log 2>&1; echo "rc=$?" >> $OUT/part$k.log ) &
done
wait
for k in $(seq 1 ${#parts[@]}); do echo "== part $k: ${parts[$((k-1))]}"; grep -E "passing|failing|pending|rc=" $OUT/part$k.log; done
grep -h -A12 "^  [0-9]*) " $OUT/part*.log | head -80
