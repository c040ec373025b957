"""cuconform reporting and release-gating tools (Python 3 standard library only).

Modules:
  common   - loading and validating results folders, matrix files and baselines
  summary  - the CI log summary
  merge    - merging several runs into one cuconform.matrix/1 file
  gate     - baselines (cuconform.baseline/1) and the regression gate
  review   - flag change review (two runs, optional codegen flag delta)
  report   - the self-contained HTML report
  cli      - argparse front end used by tools/cuconform.py
"""

__all__ = ["common", "summary", "merge", "gate", "review", "report", "cli"]
