#!/usr/bin/env python3
"""D18 (BPG 10.4, NUMA best practices): what the perf tier ran on.

Records the kernel's automatic NUMA balancing setting, the NUMA nodes with
their CPUs, each GPU's NUMA node (from its PCI device in sysfs) and whether
the run was bound with numactl, as JSON (stdout or --json) plus a one-line
summary on stderr. Informational: the catalog sets no gate for D18; the perf
report shows it next to the claims. Missing files are recorded as null, never
an error (containers hide parts of /proc and /sys).
"""
import argparse
import glob
import json
import os
import subprocess
import sys


def read(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read().strip()
    except OSError:
        return None


def gpus():
    try:
        p = subprocess.run(["nvidia-smi", "--query-gpu=index,pci.bus_id,name", "--format=csv,noheader"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return []
    out = []
    for line in p.stdout.splitlines():
        parts = [x.strip() for x in line.split(",")]
        if len(parts) < 3:
            continue
        bus = parts[1].lower()
        bus = bus[4:] if len(bus) > 12 and bus.startswith("0000") else bus  # nvidia-smi prints 8 hex digits of domain
        node = read("/sys/bus/pci/devices/%s/numa_node" % bus)
        out.append({"index": int(parts[0]), "pci_bus_id": parts[1], "name": parts[2],
                    "numa_node": int(node) if node not in (None, "") else None})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="cuconform numa", epilog='exit status: 0 printed (the JSON on standard output), 2 bad input', description=__doc__.splitlines()[0])
    ap.add_argument("--json", help="write here instead of stdout")
    a = ap.parse_args(argv)
    nodes = {}
    for d in sorted(glob.glob("/sys/devices/system/node/node[0-9]*")):
        nodes[os.path.basename(d)] = read(os.path.join(d, "cpulist"))
    bal = read("/proc/sys/kernel/numa_balancing")
    status = read("/proc/self/status") or ""
    allowed = [l.split(":", 1)[1].strip() for l in status.splitlines() if l.startswith("Mems_allowed_list")]
    info = {"catalog_id": "D18", "guide_section": "10.4",
            "numa_balancing": int(bal) if bal and bal.isdigit() else None,
            "nodes": nodes, "mems_allowed": allowed[0] if allowed else None,
            "bound_with_numactl": os.environ.get("CUCONFORM_NUMACTL") or None, "gpus": gpus()}
    text = json.dumps(info, indent=1)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    else:
        print(text)
    print("numa: %d node(s); automatic balancing %s; GPUs on nodes %s; numactl %s" % (
        len(nodes), {None: "unknown", 0: "off"}.get(info["numa_balancing"], "on"),
        [g["numa_node"] for g in info["gpus"]] or "none seen", info["bound_with_numactl"] or "not used"), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
