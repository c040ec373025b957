"""JSON files in and out: read_json (every way a file can be unreadable is one
InputError line naming it), check_schema (a document of the kind expected), write_json and write_text (atomic: a temporary
*.tmp.<pid> renamed into place), and source_root (the checkout the tools are in).
"""

import json
import os

from .schema import InputError


def read_json(path, what="file"):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise InputError("%s: no such file" % path) from None
    except IsADirectoryError:
        raise InputError("%s: is a folder, expected a %s" % (path, what)) from None
    except OSError as e:
        raise InputError("%s: cannot read: %s" % (path, e.strerror or e)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError("%s: not UTF-8 text (byte %d); not a JSON %s" % (path, e.start, what)) from None
    if not text.strip():
        raise InputError("%s: empty file; expected a JSON %s" % (path, what))
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        tail = text[e.pos:].strip() if e.pos < len(text) else ""
        # a JSON document ends with its closing bracket: one that stops before it was cut off
        hint = " - the file looks truncated" if not tail or not text.rstrip().endswith(("}", "]")) else ""
        raise InputError("%s: corrupt JSON: %s at line %d column %d%s" % (path, e.msg, e.lineno, e.colno, hint)) from None
    except RecursionError:
        raise InputError("%s: corrupt JSON: nested too deeply" % path) from None



def check_schema(path, data, schema, what):
    """data, where it is a JSON object whose "schema" is `schema`; else an
    InputError naming the file, what it should have been and what it says."""
    if not isinstance(data, dict) or data.get("schema") != schema:
        got = data.get("schema") if isinstance(data, dict) else None
        raise InputError("%s: not %s: schema is %s, expected '%s'" % (
            path, what, "'%s'" % got if isinstance(got, str) else "missing", schema))
    return data

def write_json(path, obj):
    """Write atomically; OSError becomes InputError (bad output path)."""
    write_text(path, json.dumps(obj, indent=1, sort_keys=False, allow_nan=False) + "\n")


def write_text(path, text):
    """Write atomically (a *.tmp.<pid> renamed into place); OSError becomes InputError."""
    d = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(d, exist_ok=True)
        tmp = path + ".tmp.%d" % os.getpid()
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise InputError("%s: cannot write: %s" % (path, e.strerror or e)) from None


def source_root():
    """The cuconform checkout these tools belong to (tools/cuconform_tools/ inside
    it), or the current directory when the package was installed elsewhere."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if os.path.exists(os.path.join(here, "CMakeLists.txt")) and os.path.isdir(os.path.join(here, "kernels")):
        return here
    return os.getcwd()
