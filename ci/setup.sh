#!/usr/bin/env bash
# Installs what cuconform needs on a Debian/Ubuntu machine, only what is missing.
# As root it uses apt-get; otherwise it names what to install and stops.
# On a machine without apt (the GPU machine) it checks and reports only.
set -euo pipefail

need_pkgs=()
have() { command -v "$1" >/dev/null 2>&1; }
pkg_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

have cmake || need_pkgs+=(cmake)
have g++ || need_pkgs+=(g++)
have python3 || need_pkgs+=(python3)
[ -f /usr/include/gtest/gtest.h ] || need_pkgs+=(libgtest-dev)
[ -f /usr/include/boost/multiprecision/float128.hpp ] || need_pkgs+=(libboost-dev)
if [ "${CUCONFORM_WITH_CHROMIUM:-0}" = 1 ] && ! have chromium; then need_pkgs+=(chromium); fi

if [ ${#need_pkgs[@]} -gt 0 ]; then
  if ! have apt-get; then
    echo "cuconform setup: missing ${need_pkgs[*]} and there is no apt-get here; install them by hand" >&2
    exit 1
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "cuconform setup: missing ${need_pkgs[*]}; run as root (or: sudo apt-get install ${need_pkgs[*]})" >&2
    exit 1
  fi
  echo "cuconform setup: installing ${need_pkgs[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_pkgs[@]}" >/dev/null
fi

# The CUDA toolkit (nvcc 13 expected) is not a Debian package here: find it.
if ! have nvcc; then
  for d in /usr/local/cuda/bin /usr/local/cuda-13.0/bin; do
    if [ -x "$d/nvcc" ]; then export PATH="$d:$PATH"; break; fi
  done
fi
if ! have nvcc; then
  echo "cuconform setup: nvcc not found (looked on PATH and in /usr/local/cuda/bin); install the CUDA toolkit 13" >&2
  exit 1
fi
echo "cuconform setup: $(nvcc --version | tail -n 2 | head -n 1); $(cmake --version | head -n 1); $(g++ --version | head -n 1)"
