"""One row per cause: records that differ only by profile, collapsed.

A run of five flag profiles writes most results five times over. Records of one
unit, form, side and cc whose verdict and numbers agree (the error fields, the
worst input and what it gave, the budget and its value, the model counts) are
one cause; the reports list it once, with the profiles it covers ("default,
no-fmad, ftz" or "all 5 profiles"). Where the numbers differ between profiles,
the rows stay apart.
"""

import json
import re

from .numbers import cc_sort, num_json
from .schema import ERROR_FIELDS, profile_key


def bare_test(r):
    """The record's test name without its "<profile>/" prefix."""
    prefix = r.profile + "/"
    return r.test[len(prefix):] if r.test.startswith(prefix) else r.test


def _reason_key(r):
    """A skip's reason, with its profile's own name taken out (it often names it)."""
    return re.sub(r"\b%s\b" % re.escape(r.profile), "<profile>", r.reason or "")


def cause_key(r):
    """What must agree for two records to be one cause (the profile left out)."""
    nums = [num_json(getattr(r, f)) for f in ERROR_FIELDS]
    key = [r.uf, r.side, r.cc, r.verdict, r.metric, num_json(r.budget_value), r.selftest, nums,
           list(r.worst_input), r.worst_got or "", sorted((k, num_json(v)) for k, v in r.models.items())]
    if r.verdict == "skip":
        key.append(_reason_key(r))
    return json.dumps(key, sort_keys=True)


class Cause:
    """Records of one cause, in profile order; `first` stands for all of them."""

    def __init__(self, rows):
        self.rows = sorted(rows, key=lambda r: profile_key(r.profile))
        self.first = self.rows[0]
        seen = []
        for r in self.rows:
            if r.profile not in seen:
                seen.append(r.profile)
        self.profiles = seen

    def __len__(self):
        return len(self.rows)

    def name(self):
        """The test name: with its profile where the cause covers one profile, without it otherwise."""
        return self.first.test if len(self.profiles) == 1 else bare_test(self.first)

    def label(self):
        r = self.first
        return self.name() + ("" if r.side == "cpu" else " [cc %s]" % r.cc)


def group_causes(rows, key=cause_key):
    """Causes in first-seen order of the rows (sort the rows first for another order)."""
    order, groups = [], {}
    for r in rows:
        k = key(r)
        if k not in groups:
            groups[k] = []
            order.append(k)
        groups[k].append(r)
    return [Cause(groups[k]) for k in order]


def profiles_text(profiles, all_profiles):
    """'default, no-fmad, ftz', 'all 5 profiles' or 'default' (the one profile)."""
    profiles = sorted(set(profiles), key=profile_key)
    every = sorted(set(all_profiles), key=profile_key)
    if len(profiles) > 1 and profiles == every:
        return "all %d profiles" % len(profiles)
    return ", ".join(profiles)


def sort_key(c):
    r = c.first
    return (r.unit, r.uf, r.side, cc_sort(r.cc), profile_key(r.profile))
