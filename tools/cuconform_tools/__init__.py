"""cuconform reporting and release-gating tools (Python 3 standard library only).

Modules (tools/README.md, "Code"):
  schema       - schema names, record fields, PROFILE_ORDER and profile_key, InputError
  records      - the one record reader: results folders, matrix files, record files
  row          - one record validated (validate_record, Row)
  baseline_io  - baseline files (cuconform.baseline/1)
  numbers      - parsing and formatting numbers; toolkit, arch and cc names
  jsonio       - JSON files in and out; source_root
  matching     - duplicates of one key; pairing the rows of two runs
  ptx_kernels  - kernels and instruction classes of PTX files (flagdelta, toolkit-review)
  summary      - the CI log summary
  merge        - merging several runs into one cuconform.matrix/1 file
  gate         - baselines (cuconform.baseline/1) and the regression gate
  verdict      - the release verdict every command gives (summary, html, gate, junit)
  baseline_find - the baseline that matches a run's environment
  package_data - the data the tools ship with (the suite's baselines, the catalogue)
  junit        - JUnit XML, one test case per record
  review       - flag change review (two runs, optional codegen flag delta)
  report       - the self-contained HTML report
  cli          - argparse front end used by tools/cuconform.py
"""

__version__ = "0.3.0"

__all__ = ["schema", "records", "row", "baseline_io", "numbers", "jsonio", "matching", "ptx_kernels", "summary",
           "merge", "gate", "review", "report", "cli"]
