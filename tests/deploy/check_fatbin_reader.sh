#!/usr/bin/env bash
# I3: tests/deploy/fatbin_list.py against two objects of known contents
# (cmake/CuconformDeployTests.cmake): 80-real -> "elf sm_80" only,
# 80-virtual -> "ptx sm_80" only. Usage: check_fatbin_reader.sh LISTER SM80_OBJ PTX80_OBJ
set -u
[ $# -eq 3 ] || { echo "usage: $0 fatbin_list.py SM80_OBJECT PTX80_OBJECT" >&2; exit 2; }
# A build tree carried to another machine has no object files (ci/pack-for-gpu.sh):
# nothing to read there, which is a skip, not a failure.
for o in "$2" "$3"; do
  [ -f "$o" ] || { echo "skip: $o is not here (object files are not carried with a packed build)"; exit 77; }
done
a=$(python3 "$1" "$2"); b=$(python3 "$1" "$3")
echo "$2: $a"; echo "$3: $b"
[ "$a" = "elf sm_80" ] && [ "$b" = "ptx sm_80" ] && { echo ok; exit 0; }
echo "FAIL: expected 'elf sm_80' and 'ptx sm_80'"; exit 1
