#!/usr/bin/env python3
"""I3: list the device code embedded in an executable or object, without cuobjdump.

Usage: fatbin_list.py FILE      prints one line per entry: "elf sm_90" / "ptx sm_90"

Reads every CUDA fatbinary in the file (header magic 0xBA55ED50 at an 8-byte
boundary, then entries until the header's size). Layout used (little endian),
checked against nvcc-built files with known -gencode lists by
tests/deploy/check_fatbin_list.sh:
  header: u32 magic, u16 version, u16 header size, u64 size of the entries
  entry:  u16 kind (1 PTX, 2 ELF), u16 ?, u32 entry header size,
          u64 payload size, u32 ?, u32 ?, u16 ? , u16 ?, u32 arch (e.g. 90)
An entry's next one starts at entry + header size + payload size.
Exit 1 when no fatbinary is found, 2 on a malformed one (with the offset).
"""
import struct
import sys

MAGIC = 0xBA55ED50


def entries(data):
    out = []
    pos = 0
    while True:
        pos = data.find(struct.pack("<I", MAGIC), pos)
        if pos < 0:
            return out
        if pos % 8:
            pos += 4
            continue
        _, _, hsize, size = struct.unpack_from("<IHHQ", data, pos)
        e, end = pos + hsize, pos + hsize + size
        if hsize < 16 or end > len(data):
            pos += 4
            continue
        while e < end:
            kind, _, ehsize, psize = struct.unpack_from("<HHIQ", data, e)
            arch = struct.unpack_from("<I", data, e + 28)[0]
            if kind not in (1, 2) or ehsize < 32 or e + ehsize + psize > end:
                raise ValueError(f"malformed fatbinary entry at offset {e:#x} (kind {kind}, header {ehsize})")
            out.append(("ptx" if kind == 1 else "elf", f"sm_{arch}"))
            e += ehsize + psize
        pos = end


def main(argv):
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        data = open(argv[0], "rb").read()
    except OSError as e:
        print(f"fatbin_list: cannot read {argv[0]}: {e}", file=sys.stderr)
        return 2
    try:
        found = entries(data)
    except ValueError as e:
        print(f"fatbin_list: {argv[0]}: {e}", file=sys.stderr)
        return 2
    if not found:
        print(f"fatbin_list: no CUDA fatbinary in {argv[0]}", file=sys.stderr)
        return 1
    for kind, arch in sorted(set(found)):
        print(kind, arch)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
