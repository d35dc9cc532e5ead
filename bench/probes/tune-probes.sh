#!/bin/bash
# The three tuning probes (scan, sort, gather) on the GPU host, one after another, each under its
# own time limit (a hung variant cannot eat the others' time); each table also goes to
# $OUT/<probe>.txt when OUT is set. From the repository root, dist built:
#   bash bench/probes/tune-probes.sh            (or: bash bench/probes/tune-probes.sh sort-tune-probe)
[ -f .gpu/env ] && source .gpu/env
probes=${*:-scan-probe sort-tune-probe gather-floor-probe}
for p in $probes; do
  echo "== $p ($(date -u +%T))"
  if [ -n "${OUT:-}" ]; then
    timeout 200 node "dist/bench/probes/$p.js" 2>&1 | tee "$OUT/$p.txt"
  else
    timeout 200 node "dist/bench/probes/$p.js" 2>&1
  fi
  echo "== $p: exit ${PIPESTATUS[0]}"
done
