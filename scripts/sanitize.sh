#!/usr/bin/env bash
# Runs the built test suite's cuda cases under compute-sanitizer on a GPU host: memcheck over every
# test file (dealt into shards that run side by side), racecheck and synccheck over the files whose
# kernels use shared memory and barriers. Logs go to $1 (default ./sanitize-logs).
# Usage: scripts/sanitize.sh [logdir] [shards] [seconds]
set -u
out=${1:-sanitize-logs}; shards=${2:-8}; limit=${3:-500}
san=${COMPUTE_SANITIZER:-/usr/local/cuda/bin/compute-sanitizer}
mkdir -p "$out"
mocha=(node node_modules/mocha/bin/mocha.js --no-config --timeout 0 --grep '\[cuda' --reporter spec)
mapfile -t files < <(find dist/test -name '*.test.js' | sort)
for ((s = 0; s < shards; s++)); do
  part=()
  for ((i = s; i < ${#files[@]}; i += shards)); do part+=("${files[i]}"); done
  timeout -s INT "$limit" "$san" --tool memcheck --print-limit 20 --log-file "$out/memcheck-$s.log" \
    "${mocha[@]}" "${part[@]}" >"$out/memcheck-$s.mocha.log" 2>&1 &
done
shared=$(printf '%s\n' "${files[@]}" | grep -E 'reduction|cooperative|scan|sort|statistics|fft|random|searching|compaction|hist-gather')
for tool in racecheck synccheck; do
  timeout -s INT "$limit" "$san" --tool "$tool" --print-limit 20 --log-file "$out/$tool.log" \
    "${mocha[@]}" $shared >"$out/$tool.mocha.log" 2>&1 &
done
wait
for f in "$out"/*.log; do
  case $f in *.mocha.log) printf '%s: %s\n' "$f" "$(grep -E '^ +[0-9]+ (passing|failing|pending)' "$f" | tr '\n' ' ')";;
  *) printf '%s: %s\n' "$f" "$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$f" | tr '\n' ' ')";; esac
done
