"""What the commands that set runs side by side share (`equivalence`, `matrix`, and
ci/bench/same_numbers.py through `equivalence`): one reading of a record's `outputs`
field, and the frame of a command that turns bad input into exit status 2.

A record's `outputs` is the count and a 64-bit digest of the raw bytes its form
produced (fixtures/include/cuconform/harness/digest.h); `comparable: false` with a `why`
marks outputs that are nondeterministic by design (observed forms,
order-dependent atomics).
"""

import json
import sys
from collections import namedtuple

from .schema import InputError

HEX = "0123456789abcdef"

# state: "digest" (comparable outputs with a digest), "not_comparable" (the record says
# its outputs are nondeterministic), "none" (no outputs field, or no digest in it).
Outputs = namedtuple("Outputs", "state digest count of why")
NO_OUTPUTS = Outputs("none", None, None, "", "")


def read_outputs(row, where=None):
    """The record's outputs as an Outputs. With `where` (the record's place, for the
    message) a malformed field raises InputError and the digest is lowercased; without
    it a malformed field reads as no outputs and the digest is kept as written."""
    out = row.rec.get("outputs")
    if out is None:
        return NO_OUTPUTS
    if not isinstance(out, dict):
        if where is not None:
            raise InputError("%s: field 'outputs' must be an object or null" % where)
        return NO_OUTPUTS
    digest, count, of = out.get("digest"), out.get("count"), out.get("of")
    of = of if isinstance(of, str) else ""
    if not isinstance(digest, str) or not digest:
        digest = None
    if out.get("comparable") is False:
        why = out.get("why")
        return Outputs("not_comparable", digest, count, of, why if isinstance(why, str) else "nondeterministic")
    if where is not None:
        if digest is None or not all(c in HEX for c in digest.lower()):
            raise InputError("%s: outputs.digest must be a hex string, got %s"
                             % (where, json.dumps(out.get("digest"))[:40]))
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise InputError("%s: outputs.count must be a non-negative integer, got %s"
                             % (where, json.dumps(count)[:40]))
        digest = digest.lower()
    return Outputs("none", None, count, of, "") if digest is None else Outputs("digest", digest, count, of, "")


def run_command(prog, build_parser, body, argv=None, out=None, err=None):
    """Parse argv (sys.argv[1:] when None) with build_parser() and return body(args, out, err);
    an InputError anywhere in body is one line `PROG: error: ...` on err and exit status 2."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return body(args, out, err)
    except InputError as e:
        err.write("%s: error: %s\n" % (prog, e))
        return 2
