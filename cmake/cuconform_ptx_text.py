"""PTX text in a form that does not depend on its neighbours.

NVVM numbers some names through the whole module: basic-block labels
($L__BB<function>_<block>), a function's local depot (__local_depot<function>)
and the callseq numbers in comments. Adding or removing a function elsewhere
in the file renumbers them and nothing else, so two builds of the same
function compare equal only after canonical() gives each function its own
numbering. Used by cuconform-code-classes.py (which profiles build the same
device code) and ci/bench/ptx_identity.py (a refactor changed no function).
"""
import re

NUMBERED = re.compile(r"(\$L__BB|__local_depot)(\d+)")


def canonical(body):
    """A function's PTX with comments dropped and its module-wide numbers
    replaced by numbers in order of first use within the function."""
    seen = {}

    def sub(m):
        key = (m.group(1), m.group(2))
        if key not in seen:
            seen[key] = str(len([k for k in seen if k[0] == m.group(1)]))
        return m.group(1) + "F" + seen[key]
    body = re.sub(r"//.*", "", body)
    return NUMBERED.sub(sub, body)
