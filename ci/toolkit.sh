#!/usr/bin/env bash
# CUDA toolkits besides the system's, from the package registry's wheels.
#
#   ci/toolkit.sh list                 installed toolkits, then the versions the index publishes
#   ci/toolkit.sh install <X.Y>        e.g. 13.5: pip-installs nvcc, crt, nvvm, runtime, cccl of X.Y
#                                      into .toolkits/<X.Y>/ (a CUDA root: bin/nvcc, include, lib64)
#   ci/toolkit.sh path <X.Y>           prints that root (exit 1 with a message when not installed)
#   ci/toolkit.sh split-check <nvcc>   exit 0 when cmake/nvcc-split.py knows every step of this
#                                      nvcc's --dryrun (the split build works), else 1 with the step
#
# An install is assembled in a temporary folder under .toolkits/ and moved into
# place only when nvcc of the new root compiles and links a probe, so an
# unknown version, a wheel without a compiler or no network leaves nothing
# behind. The exact wheel versions are written to .toolkits/<X.Y>/cuconform-toolkit.txt.
# Environment: CUCONFORM_TOOLKITS_DIR (default <repo>/.toolkits), CUCONFORM_PIP (default python3 -m pip).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tkdir=${CUCONFORM_TOOLKITS_DIR:-$root/.toolkits}
read -r -a pip <<< "${CUCONFORM_PIP:-python3 -m pip}"   # (tests put a stand-in here)

die() { echo "cuconform toolkit: $*" >&2; exit 1; }

check_version() {
  [[ "${1:-}" =~ ^(1[0-9])\.([0-9]+)$ ]] || die "'${1:-}' is not a toolkit version: give major.minor, e.g. 13.5 or 12.9"
}

# Versions of a package on the index, newest first ("" when the index cannot be read).
index_versions() {
  "${pip[@]}" index versions "$1" 2>/dev/null | sed -n 's/^Available versions: //p' | tr -d ',' || true
}

# The package names of one toolkit major version: CUDA 13 wheels have plain names
# and install under nvidia/cu13/; CUDA 12 wheels end in -cu12 and install per component.
packages_for() {
  case "$1" in
    13) echo "nvidia-cuda-nvcc nvidia-cuda-crt nvidia-nvvm nvidia-cuda-runtime nvidia-cuda-cccl";;
    12) echo "nvidia-cuda-nvcc-cu12 nvidia-cuda-runtime-cu12 nvidia-cuda-cccl-cu12";;
    *) die "CUDA $1.x is not published as wheels this script knows (CUDA 12 and 13 are)";;
  esac
}

installed_version() {  # the nvcc version of an installed root, e.g. 13.5.37
  "$1/bin/nvcc" --version 2>/dev/null | sed -n 's/.*release [0-9.]*, V\([0-9.]*\).*/\1/p'
}

cmd_path() {
  check_version "${1:-}"
  local d="$tkdir/$1"
  if [ ! -x "$d/bin/nvcc" ] || [ ! -f "$d/cuconform-toolkit.txt" ]; then
    die "toolkit $1 is not installed (no $d/bin/nvcc); install it with: bash ci/toolkit.sh install $1"
  fi
  echo "$d"
}

cmd_list() {
  echo "installed (in $tkdir):"
  local any=0 d
  for d in "$tkdir"/*/; do
    [ -f "$d/cuconform-toolkit.txt" ] || continue
    any=1
    echo "  $(basename "$d")  nvcc $(installed_version "$d")  $d"
  done
  [ $any = 1 ] || echo "  (none)"
  [ -x /usr/local/cuda/bin/nvcc ] && echo "  system: nvcc $(installed_version /usr/local/cuda)  /usr/local/cuda (the default build)"
  echo "installable (nvcc wheels on the package index; major.minor: exact versions):"
  local p vs
  for p in nvidia-cuda-nvcc-cu12 nvidia-cuda-nvcc; do
    vs=$(index_versions "$p")
    [ -n "$vs" ] || { echo "  $p: the package index cannot be read (no network?)"; continue; }
    echo "$vs" | tr ' ' '\n' | awk -v p="$p" -F. 'NF { k = $1 "." $2; if (!(k in seen)) { seen[k] = 1; order[++n] = k } list[k] = list[k] " " $0 }
      END { for (i = n; i >= 1; --i) printf "  %-6s%s  (%s)\n", order[i], list[order[i]], p }'
  done
  echo "note: the CUDA 12 nvcc wheels (nvidia-cuda-nvcc-cu12) hold ptxas, libnvvm and libdevice but no nvcc driver"
  echo "      or cicc; 'install 12.x' checks the wheel and stops with that message"
}

cmd_install() {
  check_version "${1:-}"
  local ver=$1 major=${1%%.*} dest="$tkdir/$1"
  if [ -f "$dest/cuconform-toolkit.txt" ] && [ -x "$dest/bin/nvcc" ]; then
    echo "cuconform toolkit: $ver is already installed: $dest (nvcc $(installed_version "$dest"))"
    return 0
  fi
  [ -e "$dest" ] && die "$dest exists but is not a complete toolkit; remove it first (rm -rf '$dest')"
  local pkgs; pkgs=$(packages_for "$major")
  # Exact versions: each package's newest X.Y.*; CCCL is versioned on its own
  # and falls back to the newest of the major when X.Y has none.
  local nvcc_pkg=${pkgs%% *}
  local all; all=$(index_versions "$nvcc_pkg")
  [ -n "$all" ] || die "cannot read $nvcc_pkg's versions from the package index (no network, or pip cannot reach it); nothing installed"
  local pins=() p v
  for p in $pkgs; do
    if [ "$p" = "$nvcc_pkg" ]; then
      v=$(for x in $all; do case "$x" in "$ver".*) echo "$x"; break;; esac; done)
      if [ -z "$v" ]; then
        local have; have=$(echo "$all" | tr ' ' '\n' | cut -d. -f1,2 | sort -uV | tr '\n' ' ')
        die "no $p $ver.* on the package index (published: $have); nothing installed"
      fi
    else
      v=$(for x in $(index_versions "$p"); do case "$x" in "$ver".*) echo "$x"; break;; esac; done)
      if [ -z "$v" ] && [[ "$p" == *cccl* ]]; then
        v=$(for x in $(index_versions "$p"); do case "$x" in "$major".*) echo "$x"; break;; esac; done)
      fi
      [ -n "$v" ] || die "no $p $ver.* on the package index; nothing installed"
    fi
    pins+=("$p==$v")
  done
  mkdir -p "$tkdir"
  tmp=$(mktemp -d "$tkdir/.install-$ver.XXXXXX")
  trap 'rm -rf "${tmp:-}"' EXIT
  echo "cuconform toolkit: installing ${pins[*]}"
  if ! "${pip[@]}" install --quiet --no-deps --no-compile --target "$tmp/site" "${pins[@]}" >"$tmp/pip.log" 2>&1; then
    tail -n 5 "$tmp/pip.log" >&2
    die "pip could not install ${pins[*]}; nothing installed"
  fi
  local cuda="$tmp/cuda"
  if [ "$major" -ge 13 ]; then
    mv "$tmp/site/nvidia/cu$major" "$cuda"
  else
    # CUDA 12 wheels: one folder per component (cuda_nvcc, cuda_runtime, cuda_cccl); merge them.
    mkdir -p "$cuda"
    local c
    for c in "$tmp"/site/nvidia/cuda_*/; do cp -a "$c". "$cuda/"; done
  fi
  if [ ! -x "$cuda/bin/nvcc" ]; then
    local has; has=$( (cd "$cuda" && find bin nvvm -type f ! -name '*.py' 2>/dev/null) | sort | tr '\n' ' ' || true)
    die "the ${pins[0]} wheel has no bin/nvcc (its programs and libraries: ${has:-none}), so it cannot compile .cu files; nothing installed"
  fi
  [ -x "$cuda/nvvm/bin/cicc" ] || die "the wheels give no nvvm/bin/cicc, so nvcc cannot compile device code; nothing installed"
  [ -f "$cuda/lib/libcudart_static.a" ] || die "the runtime wheel gives no lib/libcudart_static.a; nothing installed"
  [ -e "$cuda/lib64" ] || ln -s lib "$cuda/lib64"
  # The probe: nvcc of the new root compiles and links a kernel with the static runtime.
  printf '#include <cstdio>\n__global__ void k(float* x) { x[0] = sinf(x[0]); }\nint main() { int v = 0; cudaRuntimeGetVersion(&v); std::printf("%%d\\n", v); return 0; }\n' >"$tmp/probe.cu"
  if ! "$cuda/bin/nvcc" -arch=sm_90 -cudart static "$tmp/probe.cu" -o "$tmp/probe" >"$tmp/probe.log" 2>&1; then
    cat "$tmp/probe.log" >&2
    die "nvcc of the assembled toolkit cannot compile and link a probe kernel; nothing installed"
  fi
  local rt; rt=$("$tmp/probe")
  local nv; nv=$(installed_version "$cuda")
  {
    echo "toolkit $ver"
    echo "nvcc $nv"
    echo "cudart $rt (cudaRuntimeGetVersion of a statically linked probe)"
    echo "installed $(date -u +%Y-%m-%dT%H:%M:%SZ) by ci/toolkit.sh with: ${pins[*]}"
  } >"$cuda/cuconform-toolkit.txt"
  rm -rf "$dest"
  mv "$cuda" "$dest"
  echo "cuconform toolkit: $ver installed: $dest (nvcc $nv; $(du -sh "$dest" | cut -f1))"
}

# Does the split build's launcher know every step this nvcc's driver prints?
# (The steps of a whole compile: host preprocessing, cudafe++, host compile and the device tools.)
cmd_split_check() {
  [ -x "${1:-}" ] || die "split-check: '${1:-}' is not an nvcc"
  python3 - "$1" "$root/cmake/nvcc-split.py" <<'PY'
import importlib.util, os, subprocess, sys, tempfile
nvcc, script = sys.argv[1:]
spec = importlib.util.spec_from_file_location("nvcc_split", script)
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
d = tempfile.mkdtemp(prefix="cuc-tk.")
src = os.path.join(d, "probe.cu")
open(src, "w").write("__global__ void probe(float* x) { x[0] = x[0] * 2.0f + 1.0f; }\n")
p = subprocess.run([nvcc, "-arch=sm_90", "--dryrun", "-c", src, "-o", os.path.join(d, "probe.o")],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
kinds = set()
for l in p.stdout.splitlines():
    l = l[3:] if l.startswith("#$ ") else l
    k = m.classify(l)
    if k == "unknown":
        print("unknown step in nvcc --dryrun: " + l[:200]); sys.exit(1)
    kinds.add(k)
missing = {"host-preprocess", "cudafe", "host-compile", "device"} - kinds
if p.returncode != 0 or missing:
    print("nvcc --dryrun failed or lacks steps %s" % sorted(missing)); sys.exit(1)
PY
}

case "${1:-}" in
  list) cmd_list;;
  split-check) shift; cmd_split_check "$@";;
  install) shift; cmd_install "$@";;
  path) shift; cmd_path "$@";;
  *) die "usage: ci/toolkit.sh list | install <major.minor> | path <major.minor> | split-check <nvcc>";;
esac
