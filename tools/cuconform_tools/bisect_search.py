"""The search of `cuconform bisect`: every item (a translation unit, or a kernel
inside one) whose variant compilation moves the result, found by halving.

An experiment takes a set of items, builds the program with those items in
their variant compilation and the others in the baseline one, runs the test and
says whether the result moved from the baseline's (an Outcome). Experiments are
kept by set, so asking twice costs one run.

The search rests on one assumption: each culprit moves the result on its own,
and an item that is not a culprit moves nothing, alone or with others. Under it:

  1. Run every item in the variant; if nothing moved, there is no culprit.
  2. Halve the candidates known to hold a culprit: run the first half; if it
     moved, keep it, else the second half holds one (no run needed) and the
     first half is clean. At one item, that item is a culprit.
  3. Run every item but the culprits found so far in the variant ("variant
     minus culprits"). If it moved, some candidate not yet ruled out holds
     another culprit: back to 2 on those. If not, the search is over.
  4. Check the assumption: "baseline plus culprits" must reproduce the
     variant's own result (step 3's last run already showed that "variant
     minus culprits" reproduces the baseline's), and each culprit must move
     the result alone (its contribution). A failed check is reported in words.

For k culprits among n items the search takes about k*log2(n) + k + 1 runs;
the check one more, and the contributions at most k (a run of step 2 that
ended on one item is reused).
"""

import collections
import math

# moved: the result differs from the baseline's; value: what the comparison
# keeps of the result (compared with `same`); detail: words for the report;
# seconds: the experiment's time (relink and test).
Outcome = collections.namedtuple("Outcome", "moved value detail seconds")

Run = collections.namedtuple("Run", "phase items outcome")

Result = collections.namedtuple("Result", "culprits runs variant check_ok problems contributions together")


class Experiments:
    """run(frozenset) -> Outcome, each set run once; the runs in order, with their phase."""

    def __init__(self, run):
        self._run = run
        self._kept = {}
        self.runs = []

    def __call__(self, items, phase):
        key = frozenset(items)
        if key not in self._kept:
            outcome = self._run(key)
            self._kept[key] = outcome
            self.runs.append(Run(phase, sorted(key), outcome))
        return self._kept[key]

    def kept(self, items):
        return self._kept.get(frozenset(items))

    def count(self, phase=None):
        return sum(1 for r in self.runs if phase is None or r.phase == phase)


def _one_culprit(exp, candidates, clean):
    """Halve `candidates` (which hold a culprit) down to one; the halves that did
    not move the result are added to `clean`."""
    group = list(candidates)
    while len(group) > 1:
        first, second = group[:len(group) // 2], group[len(group) // 2:]
        if exp(first, "search").moved:
            group = first
        else:
            clean.update(first)
            group = second
    return group[0]


def bisect_all(items, run, same, names=str):
    """Every item whose variant moves the result, and the check of the assumption.

    run(frozenset of items) -> Outcome; same(value_a, value_b) -> bool says two
    results are the same within the comparison's tolerance; names(item) -> str
    for the messages."""
    items = list(items)
    exp = Experiments(run)
    problems = []
    if not items:
        return Result([], exp.runs, None, True, [], {}, None)
    variant = exp(items, "search")
    if not variant.moved:
        return Result([], exp.runs, variant, True, [], {}, None)
    found, clean = [], set()
    while True:
        candidates = [x for x in items if x not in clean and x not in found]
        if not candidates:
            problems.append("with every culprit found in the baseline the result still moves (%s), and no "
                            "remaining item moves it alone: some items only move the result together"
                            % exp([x for x in items if x not in found], "search").detail)
            break
        found.append(_one_culprit(exp, candidates, clean))
        if not exp([x for x in items if x not in found], "search").moved:
            break
    found.sort(key=items.index)
    together = exp(found, "check")
    if not together.moved or not same(together.value, variant.value):
        problems.append("baseline plus the culprits (%s) does not reproduce the variant's result: the culprits "
                        "do not explain the whole change; some items only move the result together with others, "
                        "or the culprit set is not minimal" % ", ".join(names(c) for c in found))
    contributions = {}
    for c in found:
        alone = exp([c], "alone")
        contributions[c] = alone
        if not alone.moved:
            problems.append("%s does not move the result alone: it moves it only together with other items "
                            "(the culprits interact)" % names(c))
    return Result(found, exp.runs, variant, not problems, problems, contributions, together)


def expected_runs(k, n):
    """The search's runs the module docstring promises, for the report: k*log2(n) + 3."""
    return k * math.log2(max(n, 1)) + 3
