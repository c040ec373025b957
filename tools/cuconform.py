#!/usr/bin/env python3
"""cuconform reporting and release gating.

  cuconform.py summary  RESULTS...                 counts, failures, skips (CI log)
  cuconform.py merge    RESULTS... -o OUT.json     one cuconform.matrix/1 file
  cuconform.py baseline RESULTS... [-o FILE|DIR] [--accepted FILE]
                                                   write a cuconform.baseline/1 file, with its
                                                   accepted findings (failures with reasons)
  cuconform.py gate     RESULTS... --baseline FILE regression gate
  cuconform.py review   A B [--codegen FILE]       what changed between two runs
  cuconform.py html     RESULTS... -o report.html  self-contained HTML report

RESULTS: results folders (build/results/run-*) or merged matrix files.
Exit status: 0 ok, 1 regression / failed tests, 2 bad input. See tools/README.md.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cuconform_tools.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
