#!/usr/bin/env python3
"""Tests of cmake/cuconform-code-classes.py: which profiles may share a unit's
GPU run. A wrong merge would grade one profile with another's device code, so
every rule that keeps profiles apart has a case here that fails if the rule
goes (synthetic unit headers, generated TUs and kept PTX; c++filt from binutils).

  python3 code_classes_test.py [path/to/cuconform-code-classes.py]
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "cmake",
                                                                              "cuconform-code-classes.py")

PTX_HEAD = ".version 9.0\n.target sm_90\n.address_size 64\n\n"


def entry(name, body):
    return ".visible .entry %s(\n\t.param .u64 %s_param_0\n)\n{\n%s\n\tret;\n}\n\n" % (name, name, body)


# Mangled names (c++filt reads them back as the comment says).
PROBE_INT = "_ZN9cuconform7harness12probe_kernelINS_5units7IntUnitEEEvv"      # probe_kernel<IntUnit>()
PROBE_FLT = "_ZN9cuconform7harness12probe_kernelINS_5units9FloatUnitEEEvv"    # probe_kernel<FloatUnit>()
APPLY_FLT = "_ZN9cuconform7harness12apply_kernelINS_5units9FloatUnitENS3_1FEEEvPKfPfm"  # apply_kernel<FloatUnit, FloatUnit::F>
K_INT = "_Z5k_intPi"            # k_int(int*)
K_FLT = "_Z5k_fltPf"            # k_flt(float*)
K_HELP = "_Z6k_helpPf"          # k_help(float*)
K_MACRO = "_Z10nvx_k_sinfPf"    # nvx_k_sinf(float*): made by a macro

INT_BODY = "\tadd.s32 \t%r1, %r1, 1;"
FLT_BODY = {"default": "\tadd.f32 \t%f1, %f1, %f2;", "nofmad": "\tadd.rn.f32 \t%f1, %f1, %f2;",
            "ftz": "\tadd.ftz.f32 \t%f1, %f1, %f2;"}

HEADER = r'''#pragma once
#include "cuconform/kernel_unit.h"
#include "support.h"
namespace cuconform::units {
__global__ void k_int(int* p) { p[0] += 1; }
__global__ void k_flt(float* p) { p[0] += p[1]; }
__global__ void k_help(float* p) { p[0] += p[1]; }
inline void help_launch(float* p) { k_help<<<1, 1>>>(p); }
struct IntUnit {
  static void launch(int* p) { k_int<<<1, 1>>>(p); }
  struct F { static constexpr const char* name = "int_form"; };
};
CUCONFORM_KERNEL_UNIT(IntUnit)
struct FloatUnit {
  static void launch(float* p) { k_flt<<<1, 1>>>(p); help_launch(p); }
  struct F { static constexpr const char* name = "float_form"; };
};
CUCONFORM_KERNEL_UNIT(FloatUnit)
struct MacroUser {
  static void launch(float* p) { run_macro_kernels(p); }
};
CUCONFORM_KERNEL_UNIT(MacroUser)
}
'''
SUPPORT = r'''#pragma once
#define MAKE_K(name) __global__ void nvx_k_##name(float* p) { p[0] = name##f(p[0]); }
MAKE_K(sin)
inline void run_macro_kernels(float* p) { nvx_k_sin<<<1, 1>>>(p); }
'''


class Case:
    """A build tree in a temp folder: one TU of three units, PTX per profile."""

    def __init__(self, profiles):
        self.dir = tempfile.mkdtemp(prefix="cuc-classes-")
        self.src = os.path.join(self.dir, "src")
        os.makedirs(os.path.join(self.dir, "generated"))
        os.makedirs(self.src)
        self.write(os.path.join(self.src, "units.cuh"), HEADER)
        self.write(os.path.join(self.src, "support.h"), SUPPORT)
        self.write(os.path.join(self.dir, "generated", "tu.cu"),
                   '#include "cuconform/harness.cuh"\n#include "%s"\n' % os.path.join(self.src, "units.cuh"))
        self.profiles = profiles

    @staticmethod
    def write(path, text):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    def ptx(self, profile, kernels):
        path = os.path.join(self.dir, "ptx", profile, "tu.sm90.ptx")
        self.write(path, PTX_HEAD + "".join(entry(n, b) for n, b in kernels))
        with open(os.path.join(self.dir, "ptx", profile + ".manifest"), "w") as f:
            f.write(path + "\n")

    def run(self, specs, env=None):
        out = os.path.join(self.dir, "ptx", "code-classes.tsv")
        r = subprocess.run([sys.executable, SCRIPT, out, os.path.join(self.dir, "ptx"), os.path.join(self.dir, "generated")]
                           + specs, capture_output=True, text=True, env=env)
        if r.returncode != 0:
            raise AssertionError("script failed: " + r.stderr)
        classes = {}
        with open(out) as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if p[0] == "class":
                    classes.setdefault(p[1], []).append(p[2])
        owners = {}
        with open(os.path.join(self.dir, "ptx", "kernel-owners.tsv")) as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if p[0] == "owner":
                    owners[p[2]] = (p[3], p[4])
        return classes, owners

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def standard(profile, flt_body):
    return [(PROBE_INT, ""), (PROBE_FLT, ""), (APPLY_FLT, flt_body), (K_INT, INT_BODY), (K_FLT, flt_body),
            (K_HELP, flt_body), (K_MACRO, "\tsin.approx.f32 \t%f1, %f1;")]


@unittest.skipUnless(shutil.which("c++filt"), "c++filt (binutils) is needed to read kernel names")
class CodeClasses(unittest.TestCase):
    def setUp(self):
        self.c = Case(["default", "ftz"])

    def tearDown(self):
        self.c.close()

    def test_float_code_that_differs_keeps_profiles_apart_int_code_shares(self):
        self.c.ptx("default", standard("default", FLT_BODY["default"]))
        self.c.ptx("ftz", standard("ftz", FLT_BODY["ftz"]))
        classes, _ = self.c.run(["default=split=", "ftz=split=-ftz=true"])
        self.assertEqual(classes["IntUnit"], ["default,ftz"])          # k_int identical: one run
        self.assertEqual(classes["FloatUnit"], ["default", "ftz"])     # k_flt differs: two
        self.assertEqual(classes["MacroUser"], ["default,ftz"])        # its macro kernel is the same

    def test_a_helper_launch_is_the_unit_code(self):
        body = standard("default", FLT_BODY["default"])
        self.c.ptx("default", body)
        self.c.ptx("ftz", [(n, FLT_BODY["ftz"] if n == K_HELP else b) for n, b in body])  # only k_help differs
        classes, _ = self.c.run(["default=split=", "ftz=split=-ftz=true"])
        self.assertEqual(classes["FloatUnit"], ["default", "ftz"])     # reached through help_launch()
        self.assertEqual(classes["IntUnit"], ["default,ftz"])

    def test_macro_kernel_belongs_to_the_unit_that_reaches_its_header(self):
        body = standard("default", FLT_BODY["default"])
        self.c.ptx("default", body)
        self.c.ptx("ftz", [(n, "\tsin.approx.ftz.f32 \t%f1, %f1;" if n == K_MACRO else b) for n, b in body])
        classes, owners = self.c.run(["default=split=", "ftz=split=-ftz=true"])
        self.assertEqual(classes["MacroUser"], ["default", "ftz"])
        self.assertEqual(classes["IntUnit"], ["default,ftz"])
        self.assertEqual(owners[K_MACRO][0], "MacroUser")

    def test_a_harness_kernel_templated_on_the_unit(self):
        body = standard("default", FLT_BODY["default"])
        self.c.ptx("default", body)
        self.c.ptx("ftz", [(n, FLT_BODY["ftz"] if n == APPLY_FLT else b) for n, b in body])
        classes, owners = self.c.run(["default=split=", "ftz=split=-ftz=true"])
        self.assertEqual(classes["FloatUnit"], ["default", "ftz"])
        self.assertEqual(classes["IntUnit"], ["default,ftz"])
        self.assertEqual(owners[APPLY_FLT], ("FloatUnit", "float_form"))  # the form, by its unit: not IntUnit's F

    def test_fmad_false_matters_only_where_ptxas_may_fuse(self):
        body = standard("default", FLT_BODY["default"])  # add.f32: no rounding modifier
        self.c.ptx("default", body)
        self.c.ptx("ftz", body)  # the same PTX under -fmad=false (ptxas is told --fmad false)
        classes, _ = self.c.run(["default=split=", "ftz=split=-fmad=false"])
        self.assertEqual(classes["FloatUnit"], ["default", "ftz"])
        self.assertEqual(classes["IntUnit"], ["default,ftz"])

    def test_a_ptxas_flag_is_part_of_the_code(self):
        body = standard("default", FLT_BODY["default"])
        self.c.ptx("default", body)
        self.c.ptx("ftz", body)
        classes, _ = self.c.run(["default=split=", "ftz=split=--maxrregcount=32"])
        self.assertEqual(classes["IntUnit"], ["default", "ftz"])

    def test_a_profile_built_whole_shares_nothing(self):
        body = standard("default", FLT_BODY["default"])
        self.c.ptx("default", body)
        self.c.ptx("ftz", body)
        classes, _ = self.c.run(["default=split=", "ftz=whole=-ftz=true"])
        self.assertEqual(classes["IntUnit"], ["default", "ftz"])

    def test_missing_ptx_shares_nothing(self):
        self.c.ptx("default", standard("default", FLT_BODY["default"]))
        classes, _ = self.c.run(["default=split=", "ftz=split=-ftz=true"])
        self.assertEqual(classes["IntUnit"], ["default", "ftz"])

    def test_a_unit_whose_struct_cannot_be_read_reaches_everything(self):
        # FloatUnit's struct hidden behind a macro: its reach is unknown, so every free kernel is its code.
        Case.write(os.path.join(self.c.src, "units.cuh"),
                   HEADER.replace("struct FloatUnit {", "DECLARE_STRUCT(FloatUnit) {"))
        body = standard("default", FLT_BODY["default"])
        self.c.ptx("default", body)
        self.c.ptx("ftz", [(n, INT_BODY.replace("1;", "2;") if n == K_INT else b) for n, b in body])  # only k_int
        classes, _ = self.c.run(["default=split=", "ftz=split=-ftz=true"])
        self.assertEqual(classes["IntUnit"], ["default", "ftz"])
        self.assertEqual(classes["FloatUnit"], ["default", "ftz"])  # k_int may be its code too

    def test_without_cxxfilt_the_whole_tu_is_the_signature(self):
        body = standard("default", FLT_BODY["default"])
        self.c.ptx("default", body)
        self.c.ptx("ftz", [(n, FLT_BODY["ftz"] if n == K_FLT else b) for n, b in body])
        env = dict(os.environ, PATH=os.path.dirname(sys.executable))  # no c++filt
        classes, _ = self.c.run(["default=split=", "ftz=split=-ftz=true"], env=env)
        self.assertEqual(classes["IntUnit"], ["default", "ftz"])  # k_flt differs: nobody shares

    def test_identical_code_shares(self):
        body = standard("default", FLT_BODY["default"])
        self.c.ptx("default", body)
        self.c.ptx("ftz", body)
        classes, owners = self.c.run(["default=split=", "ftz=split=-ftz=true"])
        for u in ("IntUnit", "FloatUnit", "MacroUser"):
            self.assertEqual(classes[u], ["default,ftz"], u)
        self.assertEqual(owners[K_INT], ("IntUnit", "-"))
        self.assertEqual(owners[K_FLT], ("FloatUnit", "-"))
        self.assertEqual(owners[K_HELP], ("FloatUnit", "-"))



@unittest.skipUnless(shutil.which("c++filt"), "c++filt (binutils) is needed to read kernel names")
class TestUnitsARegisteringMacroWrites(unittest.TestCase):
    """A family file registers its units through a macro of its own (kernels/math_api/:
    CUC_ONE_ARG_UNITS in support/one_arg.h). No rule reads the macro's calls: the
    compiled module names each unit (its probe_kernel<U>), so a unit whose name the
    macro pastes together is found too, and reaches every file of its TU."""

    def test_units_from_the_compiled_module(self):
        c = Case(["default", "ftz"])
        try:
            Case.write(os.path.join(c.src, "reg.h"),
                       "#pragma once\n#define REG_PAIR(Stem) struct Stem##F {}; CUCONFORM_UNIT(Stem##F)\n"
                       "#define REG_UNIT(Name) struct Name {}; CUCONFORM_UNIT(Name)\n")
            Case.write(os.path.join(c.src, "units.cuh"),
                       HEADER.replace('#include "support.h"', '#include "support.h"\n#include "reg.h"')
                       .replace("CUCONFORM_KERNEL_UNIT(MacroUser)\n",
                                "CUCONFORM_KERNEL_UNIT(MacroUser)\nREG_PAIR(First)\nREG_UNIT(SecondF)\n"))
            probe_first = "_ZN9cuconform7harness12probe_kernelINS_5units6FirstFEEEvv"
            probe_second = "_ZN9cuconform7harness12probe_kernelINS_5units7SecondFEEEvv"
            apply_second = "_ZN9cuconform7harness12apply_kernelINS_5units7SecondFENS3_1FEEEvPKfPfm"
            for p in ("default", "ftz"):
                c.ptx(p, standard("default", FLT_BODY["default"]) +
                      [(probe_first, ""), (probe_second, ""), (apply_second, FLT_BODY[p])])
            classes, owners = c.run(["default=split=", "ftz=split=-ftz=true"])
            self.assertEqual(classes["SecondF"], ["default", "ftz"])   # its own kernel differs
            self.assertEqual(classes["FirstF"], ["default,ftz"])       # nothing of its own differs
            self.assertEqual(classes["IntUnit"], ["default,ftz"])      # another unit's kernel is not its code
            self.assertEqual(owners[apply_second][0], "SecondF")
        finally:
            c.close()

    def test_a_template_instance_is_not_a_unit_of_its_own(self):
        # FooF = Foo<float>, registered by its alias: probe_kernel<Foo<float>> names no unit "Foo".
        c = Case(["default", "ftz"])
        try:
            Case.write(os.path.join(c.src, "units.cuh"),
                       HEADER.replace("CUCONFORM_KERNEL_UNIT(MacroUser)\n",
                                      "CUCONFORM_KERNEL_UNIT(MacroUser)\ntemplate <class T> struct Foo {};\n"
                                      "using FooF = Foo<float>;\nCUCONFORM_UNIT(FooF)\n"))
            probe_foo = "_ZN9cuconform7harness12probe_kernelINS_5units3FooIfEEEEvv"
            for p in ("default", "ftz"):
                c.ptx(p, standard("default", FLT_BODY["default"]) + [(probe_foo, FLT_BODY[p])])
            classes, _ = c.run(["default=split=", "ftz=split=-ftz=true"])
            self.assertNotIn("Foo", classes)
            self.assertEqual(classes["FooF"], ["default", "ftz"])
        finally:
            c.close()


class TestUnitsOfAHeader(unittest.TestCase):
    """The units a header registers in so many words: the unit API's macros."""

    def test_a_macro_of_its_own_is_not_read(self):
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "cmake"))
        from cuconform_source_index import Index  # noqa: E402
        d = tempfile.mkdtemp()
        try:
            os.makedirs(os.path.join(d, "area", "support"))
            with open(os.path.join(d, "area", "support", "reg.h"), "w") as f:
                f.write("#pragma once\n#define REG_UNIT(Name, T) \\\n  struct Name { using Arg = T; }; \\\n"
                        "  CUCONFORM_UNIT(Name)\n")
            fam = os.path.join(d, "area", "family.cuh")
            with open(fam, "w") as f:
                f.write('#pragma once\n#include "area/support/reg.h"\nREG_UNIT(FirstF, float)\nREG_UNIT(FirstD, double)\n'
                        "CUCONFORM_UNIT(Plain)\n")
            index = Index([d])
            index.load(fam, False)
            self.assertEqual(index.units_of(fam), ["Plain"])  # FirstF, FirstD: the compiled module's
            self.assertEqual(index.header_naming("FirstD", [fam]), fam)
        finally:
            shutil.rmtree(d)

    def test_units_of_a_function_registration(self):
        """CUCONFORM_FUNCTION(name, T...) (kernels/cuconform/function.h) registers
        name_T per type; a kernel registered by CUCONFORM_KERNEL(name) is the
        unit name (its macro's body registers its parameter)."""
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "cmake"))
        from cuconform_source_index import Index  # noqa: E402
        d = tempfile.mkdtemp()
        try:
            os.makedirs(os.path.join(d, "cuconform"))
            with open(os.path.join(d, "cuconform", "kernel_function.h"), "w") as f:
                f.write("#pragma once\n#define CUCONFORM_KERNEL(Name) \\\n  namespace u { struct Name {}; \\\n"
                        "  CUCONFORM_KERNEL_UNIT(Name) }\n")
            unit = os.path.join(d, "softplus.cuh")
            with open(unit, "w") as f:
                f.write('#pragma once\n#include "cuconform/kernel_function.h"\nstruct softplus {};\n'
                        "CUCONFORM_FUNCTION(softplus, float, double)\n// CUCONFORM_FUNCTION(commented, float)\n"
                        "struct sums {};\nCUCONFORM_KERNEL(sums)\n")
            index = Index([d])
            index.load(unit, False)
            self.assertEqual(index.units_of(unit), ["softplus_float", "softplus_double", "sums"])
        finally:
            shutil.rmtree(d)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
