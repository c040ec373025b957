#!/usr/bin/env bash
# Accepted findings at test time, end to end through a real test process: the
# planted probe tests/selftest/accepted_finding_probe.cuh fails when
# CUCONFORM_PLANT_FAILURE=1. Against baselines made from its own record, its
# test must pass as "accepted" only where the baseline accepts these numbers in
# this environment, and `cuconform summary` and `gate` must say the same.
#   check.sh EXE SOURCE_DIR       (EXE: a profile executable of the suite)
set -uo pipefail
exe=${1:?usage: check.sh EXE SOURCE_DIR}
src=${2:?usage: check.sh EXE SOURCE_DIR}
cli=(python3 "$src/tools/cuconform.py")
work=$(mktemp -d "${TMPDIR:-/tmp}/cuconform-accepted.XXXXXX")
trap 'rm -rf "$work"' EXIT
filter='--gtest_filter=AcceptedFindingProbe.off_when_planted.cpu'
fail() { echo "check.sh: FAIL: $*"; exit 1; }

# run NAME PLANT LISTS: the probe's test, its output in $work/NAME.log, records in $work/NAME/
run() {
  CUCONFORM_RESULTS_DIR=$work/$1 CUCONFORM_PLANT_FAILURE=$2 CUCONFORM_ACCEPTED=$3 \
    "$exe" "$filter" --gtest_color=no > "$work/$1.log" 2>&1
}
record() { ls "$work/$1"/*AcceptedFindingProbe.off_when_planted.cpu.json; }
verdict() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["verdict"])' "$(record "$1")"; }

# 1. No baseline: the planted failure fails, and says that no baseline matched.
run plain 1 none && fail "the planted failure passed with no baseline"
[ "$(verdict plain)" = fail ] || fail "record verdict $(verdict plain), expected fail"
grep -q "no accepted-findings baseline matches this environment" "$work/plain.log" || fail "no word of the missing baseline"
# 2. A baseline that accepts it (made the way a user makes one).
cat > "$work/accepted.json" <<'JSON'
{"schema": "cuconform.accepted/1", "entries": [{"id": "planted-probe", "test": "AcceptedFindingProbe\\.off_when_planted\\.cpu",
 "reason": "planted: three ulps off on purpose, to prove that an accepted finding passes"}]}
JSON
mkdir -p "$work/lists"
"${cli[@]}" baseline "$work/plain" --accepted "$work/accepted.json" -o "$work/lists/" > "$work/baseline.log" \
  || fail "baseline: $(cat "$work/baseline.log")"
base=$(ls "$work/lists"/*.json)
run accepted 1 "$work/lists" || fail "the accepted finding failed: $(tail -n 5 "$work/accepted.log")"
[ "$(verdict accepted)" = accepted ] || fail "record verdict $(verdict accepted), expected accepted"
grep -q "accepted finding planted-probe" "$work/accepted.log" || fail "the output does not name the finding"
"${cli[@]}" summary "$work/accepted" > "$work/summary.txt" || fail "summary disagrees: $(head -n 1 "$work/summary.txt")"
head -n 1 "$work/summary.txt" | grep -q "PASS with 1 accepted finding" || fail "summary: $(head -n 1 "$work/summary.txt")"
"${cli[@]}" gate "$work/accepted" --baseline "$base" > "$work/gate.txt" || fail "gate disagrees: $(tail -n 1 "$work/gate.txt")"
# 3. It no longer fails: the test fails, naming the finding; so do summary and gate.
run stopped 0 "$work/lists" && fail "a finding that no longer fails passed"
grep -q "accepted finding planted-probe .* no longer fails" "$work/stopped.log" || fail "no word of the stopped finding"
"${cli[@]}" summary "$work/stopped" > /dev/null && fail "summary passed a stopped finding"
"${cli[@]}" gate "$work/stopped" --baseline "$base" > /dev/null && fail "gate passed a stopped finding"
# 4. Other numbers: the baseline accepted 4 ulps; the test fails, naming them.
python3 - "$base" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for a in d["accepted"].values():
    a["violations"] = a["violations"] + 1
json.dump(d, open(sys.argv[1], "w"), indent=1)
PY
run changed 1 "$work/lists" && fail "a finding with other numbers passed"
grep -q "fails with other numbers: violations" "$work/changed.log" || fail "no word of the changed numbers"
"${cli[@]}" summary "$work/changed" > /dev/null && fail "summary passed a changed finding"
# 5. A baseline of another toolkit does not apply: the failure fails again.
python3 - "$base" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["header"]["nvcc_release"] = "12.9"
for a in d["accepted"].values():
    a["violations"] = a["violations"] - 1
json.dump(d, open(sys.argv[1], "w"), indent=1)
PY
run other 1 "$work/lists" && fail "a baseline of another toolkit accepted the failure"
grep -q "no accepted-findings baseline matches this environment" "$work/other.log" || fail "no word of the mismatch"
# 6. A list that cannot be read: one line naming it, the test fails.
echo '{"schema": "cuconform.baseline/1", "header": ' > "$work/cut.json"
run cut 1 "$work/cut.json" && fail "an unreadable baseline was accepted"
grep -q "cut.json: not valid JSON" "$work/cut.log" || fail "the unreadable baseline is not named"
echo "check.sh: accepted, stopped, changed, other environment and unreadable baseline each judged as they should be"
