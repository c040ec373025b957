"""Rows of one key and rows of two runs: group_keys, mark_conflicts and
unique_rows (identical duplicates fold, conflicting ones are told apart), and
match_rows (pairing the rows of run A with those of run B).
"""

from .schema import InputError


def group_keys(rows):
    """Group rows by key. Returns a list of (key, [[row, identical...], [row, ...]]) in first-seen
    order; more than one inner list means conflicting results for that key."""
    order, groups = [], {}
    for r in rows:
        if r.key not in groups:
            groups[r.key] = []
            order.append(r.key)
        for variant in groups[r.key]:
            if variant[0].signature() == r.signature():
                variant.append(r)
                break
        else:
            groups[r.key].append([r])
    return [(k, groups[k]) for k in order]


def mark_conflicts(rows):
    """Set row.conflict on rows whose key has conflicting results; return the conflicting keys."""
    keys = []
    for key, variants in group_keys(rows):
        if len(variants) > 1:
            keys.append(key)
            for v in variants:
                for r in v:
                    r.conflict = True
    return keys


def unique_rows(rows, what):
    """One row per key (identical duplicates collapse); conflicting duplicates are an input error."""
    out = []
    for key, variants in group_keys(rows):
        if len(variants) > 1:
            srcs = "; ".join("%s: %s %s" % (v[0].where, v[0].verdict, v[0].error_text()) for v in variants[:3])
            raise InputError("conflicting results for %s in %s (%s); pass one run per key or resolve the "
                             "conflict first" % (key, what, srcs))
        first = variants[0][0]
        out.append(first)
    return out


def match_rows(a_rows, b_rows, ignore_profile=False):
    """Pair rows of A with rows of B: the same key first; then, for what is left, the same
    profile/unit/form/side whatever the cc when that pairing is unique (a GPU test skipped
    with no device has cc 'none'). With ignore_profile, the profile is left out of both.
    Returns (pairs, only_a, only_b)."""
    def k_exact(r):  # (uf: unit.form, and the tier where it is not the sampled one)
        return (None if ignore_profile else r.profile, r.uf, r.cc, r.side)

    def k_loose(r):
        return (None if ignore_profile else r.profile, r.uf, r.side)

    b_by = {}
    for r in b_rows:
        b_by.setdefault(k_exact(r), []).append(r)
    pairs, left_a = [], []
    used = set()
    for r in a_rows:
        cands = [c for c in b_by.get(k_exact(r), []) if id(c) not in used]
        if cands:
            used.add(id(cands[0]))
            pairs.append((r, cands[0]))
        else:
            left_a.append(r)
    left_b = [r for r in b_rows if id(r) not in used]
    la, lb = {}, {}
    for r in left_a:
        la.setdefault(k_loose(r), []).append(r)
    for r in left_b:
        lb.setdefault(k_loose(r), []).append(r)
    only_a = []
    for r in left_a:
        k = k_loose(r)
        if len(la.get(k, [])) == 1 and len(lb.get(k, [])) == 1:
            pairs.append((r, lb[k][0]))
            used.add(id(lb[k][0]))
        else:
            only_a.append(r)
    only_b = [r for r in b_rows if id(r) not in used]
    return pairs, only_a, only_b
