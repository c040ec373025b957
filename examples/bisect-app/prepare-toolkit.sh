#!/bin/bash
# Where the other toolkit is (a build machine): build examples/bisect-app under
# the system's nvcc and under toolkit X.Y's (ci/toolkit.sh install X.Y), both
# whole-program, and keep both compilations' objects in OUT/toolkit-whole
# (`cuconform bisect --prepare-only`). gpu-check.sh, given OUT as
# BISECT_PREPARED, bisects that toolkit change on a GPU machine that has only
# the system's toolkit: it compiles nothing there.
#
#   bash examples/bisect-app/prepare-toolkit.sh 13.5 OUT
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
VER=${1:?usage: prepare-toolkit.sh X.Y OUT}
OUT=${2:?usage: prepare-toolkit.sh X.Y OUT}
ARCH=${CUDA_ARCH:-90}
export PATH=/usr/local/cuda/bin:$PATH
variant=$(bash "$REPO/ci/toolkit.sh" path "$VER")/bin/nvcc
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
python3 "$REPO/tools/cuconform.py" bisect --prepare-only --source "$HERE" --work "$OUT/toolkit-whole" \
  -j "${JOBS:-2}" --configure-arg=-DCMAKE_CUDA_ARCHITECTURES=$ARCH --configure-arg=-DBISECT_APP_SEPARABLE=OFF \
  --baseline-nvcc /usr/local/cuda/bin/nvcc --variant-nvcc "$variant" \
  --test "./bisect_app_test numbers.txt" --numbers numbers.txt --type float
echo "$variant" >"$OUT/variant-nvcc.txt"
# Only the objects and their record travel; the build folder is made again where the test runs.
rm -rf "$OUT/toolkit-whole/build"
