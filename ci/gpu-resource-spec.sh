#!/usr/bin/env bash
# Writes a CTest resource spec file for the GPUs this machine's CUDA programs
# see, so that `ctest --resource-spec-file FILE` spreads the GPU tests (each
# declares RESOURCE_GROUPS "gpus:1") over them; each test then uses the GPU
# ctest gave it (CTEST_RESOURCE_GROUP_0_GPUS) and records it.
# Usage: ci/gpu-resource-spec.sh [FILE] [slots-per-gpu]   (default build/gpus.json, 8)
# The ids are CUDA ordinals: 0..N-1 over CUDA_VISIBLE_DEVICES when it is set.
# No GPU, or a bad slot count: a message and exit 2, and FILE is not written.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:-$root/build/gpus.json}
slots=${2:-8}
case "$slots" in ''|*[!0-9]*|0) echo "gpu-resource-spec: slots per GPU '$slots' is not a positive integer" >&2; exit 2 ;; esac
if [ -n "${CUDA_VISIBLE_DEVICES+x}" ]; then
  n=$(tr ',' '\n' <<< "$CUDA_VISIBLE_DEVICES" | grep -c '[^[:space:]]' || true)
  how="CUDA_VISIBLE_DEVICES='$CUDA_VISIBLE_DEVICES'"
else
  command -v nvidia-smi >/dev/null || { echo "gpu-resource-spec: no nvidia-smi and no CUDA_VISIBLE_DEVICES: cannot tell which GPUs there are" >&2; exit 2; }
  n=$(nvidia-smi --query-gpu=index --format=csv,noheader 2>/dev/null | grep -c '[0-9]' || true)
  how="nvidia-smi"
fi
[ "$n" -gt 0 ] || { echo "gpu-resource-spec: $how shows no GPU; no resource spec written (GPU tests need at least one)" >&2; exit 2; }
gpus=""
for ((i = 0; i < n; i++)); do gpus+="${gpus:+, }{\"id\": \"$i\", \"slots\": $slots}"; done
mkdir -p "$(dirname "$file")"
tmp=$(mktemp "$file.XXXXXX")
printf '{\n  "version": {"major": 1, "minor": 0},\n  "local": [{"gpus": [%s]}]\n}\n' "$gpus" > "$tmp"
mv "$tmp" "$file"
echo "gpu-resource-spec: $file: $n GPU(s) from $how, $slots slots each (run: ctest --resource-spec-file $file)"
