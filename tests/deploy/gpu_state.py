#!/usr/bin/env python3
"""I10: the GPU's state as nvidia-smi reports it, checked against a schema.

Usage: gpu_state.py [--xml FILE] [--out FILE.json]
  --xml FILE   read this `nvidia-smi -q -x` output instead of running nvidia-smi
  --out FILE   write the extracted fields as JSON (for perf reports)

Fields (per GPU): product_name, uuid, pci bus_id, persistence_mode,
compute_mode, performance_state, MIG mode (current), ECC mode (current),
clocks (graphics, sm, mem), applications clocks, max clocks, power draw,
temperature; driver_version and cuda_version. Schema: every required field
is present and not empty ("N/A" counts as present: the GPU does not support
it), persistence_mode is Enabled/Disabled, compute_mode one of Default,
Exclusive_Process, Prohibited, performance_state P0..P15, clocks are
"<number> MHz". Perf tests are unreliable when the application clocks are
below the max clocks' or the compute mode is not exclusive: both reported.
Exit: 0 valid, 1 schema violations (each printed), 2 bad usage/unreadable,
77 nvidia-smi not found (skip, with the reason).
"""
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

REQUIRED = {
    "product_name": "product_name", "uuid": "uuid", "bus_id": "pci/pci_bus_id",
    "persistence_mode": "persistence_mode", "compute_mode": "compute_mode",
    "performance_state": "performance_state", "mig_mode": "mig_mode/current_mig",
    "ecc_mode": "ecc_mode/current_ecc", "clock_graphics": "clocks/graphics_clock",
    "clock_sm": "clocks/sm_clock", "clock_mem": "clocks/mem_clock",
    "app_clock_graphics": "applications_clocks/graphics_clock",
    "app_clock_mem": "applications_clocks/mem_clock",
    "max_clock_graphics": "max_clocks/graphics_clock", "max_clock_mem": "max_clocks/mem_clock",
    "temperature": "temperature/gpu_temp",
}
OPTIONAL = {"power_draw": ["gpu_power_readings/power_draw", "power_readings/power_draw"]}
MHZ = re.compile(r"^\d+ MHz$")


def check(root):
    errors, gpus = [], []
    top = {k: (root.findtext(k) or "").strip() for k in ("driver_version", "cuda_version")}
    for k, v in top.items():
        if not v:
            errors.append(f"{k} missing")
    for i, g in enumerate(root.findall("gpu")):
        rec = {"id": g.get("id", "")}
        for key, path in REQUIRED.items():
            v = (g.findtext(path) or "").strip()
            rec[key] = v
            if not v:
                errors.append(f"gpu {i}: {path} missing or empty")
        for key, paths in OPTIONAL.items():
            rec[key] = next(((g.findtext(p) or "").strip() for p in paths if g.find(p) is not None), "")
        if rec["persistence_mode"] and rec["persistence_mode"] not in ("Enabled", "Disabled"):
            errors.append(f"gpu {i}: persistence_mode '{rec['persistence_mode']}'")
        if rec["compute_mode"] and rec["compute_mode"] not in ("Default", "Exclusive_Process", "Prohibited", "Exclusive_Thread"):
            errors.append(f"gpu {i}: compute_mode '{rec['compute_mode']}'")
        if rec["performance_state"] and not re.match(r"^P([0-9]|1[0-5])$", rec["performance_state"]):
            errors.append(f"gpu {i}: performance_state '{rec['performance_state']}'")
        for key in ("clock_graphics", "clock_sm", "clock_mem", "app_clock_graphics", "max_clock_graphics"):
            if rec[key] and rec[key] != "N/A" and not MHZ.match(rec[key]):
                errors.append(f"gpu {i}: {key} '{rec[key]}' is not '<n> MHz'")
        notes = []
        if rec["compute_mode"] != "Exclusive_Process":
            notes.append("compute mode not exclusive: perf results may be shared-GPU results")
        if MHZ.match(rec["app_clock_graphics"]) and MHZ.match(rec["max_clock_graphics"]) and \
                int(rec["app_clock_graphics"].split()[0]) < int(rec["max_clock_graphics"].split()[0]):
            notes.append("application clock below max clock")
        rec["notes"] = notes
        gpus.append(rec)
    if not gpus:
        errors.append("no <gpu> element")
    return {"catalog": "I10", **top, "gpus": gpus}, errors


def main(argv):
    xml_file = out = None
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("--xml", "--out") and args:
            if a == "--xml":
                xml_file = args.pop(0)
            else:
                out = args.pop(0)
        else:
            print(__doc__.strip().splitlines()[2], file=sys.stderr)
            return 2
    if xml_file:
        try:
            text = open(xml_file, encoding="utf-8", errors="replace").read()
        except OSError as e:
            print(f"gpu_state: cannot read {xml_file}: {e}", file=sys.stderr)
            return 2
    else:
        smi = shutil.which("nvidia-smi")
        if not smi:
            print("gpu_state: skipped: nvidia-smi not found on PATH (no NVIDIA driver here)")
            return 77
        p = subprocess.run([smi, "-q", "-x"], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"gpu_state: nvidia-smi -q -x failed ({p.returncode}): {p.stderr.strip()}")
            return 1
        text = p.stdout
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        print(f"gpu_state: not valid XML: {e}")
        return 1
    state, errors = check(root)
    print(json.dumps(state, indent=1))
    if out:
        with open(out, "w") as f:
            json.dump(state, f, indent=1)
    for e in errors:
        print(f"schema: {e}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
