// The codegen tier on a build for several architectures (codegen_arch.h):
// each rule is evaluated per architecture, and reported as not applicable
// only where the unit's min_cc or the opcodes' own architectures rule the
// code out; on every other architecture it passes or fails as before.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cuconform/harness/codegen.h"
#include "cuconform/harness/codegen_arch.h"

using namespace cuconform;
using namespace cuconform::codegen;

namespace {

/// A one-kernel PTX file for `arch` whose body is `body` (instructions).
std::vector<Kernel> ptx(const std::string& arch, const std::string& body) {
  return parse_ptx(".version 9.0\n.target " + arch + "\n.address_size 64\n.visible .entry copy_k(\n.param .u64 p\n)\n{\n" +
                       body + "\tret;\n}\n",
                   "copy." + arch + ".ptx");
}
const char* kSyncCopy = "\tld.global.u32 \t%r1, [%rd1];\n\tst.shared.u32 \t[%r2], %r1;\n";
const char* kAsyncCopy = "\tcp.async.ca.shared.global \t[%r2], [%rd1], 4;\n\tcp.async.commit_group;\n\tcp.async.wait_group \t0;\n";

CodegenRule rule(CodegenRule::Expect e, const std::string& op) {
  CodegenRules r;
  return e == CodegenRule::present ? r.present("copy_k", op, "test") : r.absent("copy_k", op, "test");
}

std::vector<Kernel> two_archs(const std::string& old_body, const std::string& new_body, const char* old_arch = "sm_75",
                              const char* new_arch = "sm_80") {
  auto ks = ptx(old_arch, old_body);
  for (auto& k : ptx(new_arch, new_body)) ks.push_back(std::move(k));
  return ks;
}

}  // namespace

TEST(CodegenArch, SmNumber) {
  EXPECT_EQ(sm_number("sm_75"), 75);
  EXPECT_EQ(sm_number("sm_90a"), 90);
  EXPECT_EQ(sm_number("sm_100f"), 100);
  EXPECT_EQ(sm_number("sm_120"), 120);
  EXPECT_EQ(sm_number("compute_90"), -1);
  EXPECT_EQ(sm_number("sm_"), -1);
  EXPECT_EQ(sm_number("sm_9x0"), -1);
  EXPECT_EQ(sm_number(""), -1);
}

TEST(CodegenArch, OpcodeGate) {
  const auto cp = rule(CodegenRule::present, "cp\\.async\\.(ca|cg)\\.shared\\.global.*");
  EXPECT_NE(not_applicable(cp, "sm_75", 0).find("sm_80"), std::string::npos) << not_applicable(cp, "sm_75", 0);
  EXPECT_EQ(not_applicable(cp, "sm_80", 0), "");
  EXPECT_EQ(not_applicable(cp, "sm_120", 0), "");
  // clusters and PDL from sm_90
  EXPECT_NE(not_applicable(rule(CodegenRule::present, "barrier\\.cluster\\.arrive.*"), "sm_89", 0), "");
  EXPECT_EQ(not_applicable(rule(CodegenRule::present, "barrier\\.cluster\\.arrive.*"), "sm_90", 0), "");
  EXPECT_NE(not_applicable(rule(CodegenRule::absent, "griddepcontrol\\..*"), "sm_86", 0), "");
  // bf16: fma from sm_80, add from sm_90; a pattern that also matches f16x2 applies from sm_53
  EXPECT_NE(not_applicable(rule(CodegenRule::present, "add\\.rn\\.bf16x2"), "sm_89", 0), "");
  EXPECT_EQ(not_applicable(rule(CodegenRule::present, "fma\\.rn\\.bf16x2"), "sm_80", 0), "");
  EXPECT_EQ(not_applicable(rule(CodegenRule::present, "add(\\.rn)?\\.(f16x2|bf16x2)"), "sm_80", 0), "");
  // broad and ungated patterns apply everywhere; so do unknown architecture names
  EXPECT_EQ(not_applicable(rule(CodegenRule::absent, ".*"), "sm_75", 0), "");
  EXPECT_EQ(not_applicable(rule(CodegenRule::absent, "cp\\.async.*|ld\\.global.*"), "sm_75", 0), "");
  EXPECT_EQ(not_applicable(rule(CodegenRule::present, "ld\\.global.*"), "sm_75", 0), "");
  EXPECT_EQ(not_applicable(rule(CodegenRule::present, "fma\\.rn\\.f32"), "sm_75", 0), "");
  EXPECT_EQ(not_applicable(cp, "compute_75", 0), "");
  EXPECT_EQ(not_applicable(rule(CodegenRule::present, "cp\\.async(["), "sm_75", 0), "");  // bad pattern: reported by evaluate
}

TEST(CodegenArch, RuleFromSm) {
  // D11: without cp.async hardware (below sm_80) the async copy is loads and stores.
  CodegenRule ld = rule(CodegenRule::absent, "ld\\.global.*");
  EXPECT_EQ(not_applicable(ld, "sm_75", 0), "");  // without from_sm the rule is checked on sm_75 (and fails there)
  ld.from_sm(80);
  EXPECT_NE(not_applicable(ld, "sm_75", 0).find("from sm_80"), std::string::npos) << not_applicable(ld, "sm_75", 0);
  EXPECT_EQ(not_applicable(ld, "sm_80", 0), "");
  EXPECT_EQ(not_applicable(ld, "sm_120", 0), "");
  EXPECT_EQ(not_applicable(ld, "compute_75", 0), "");  // not an sm_ name: never excused
}

TEST(CodegenArch, UnitMinCc) {
  const auto ld = rule(CodegenRule::present, "ld\\.global.*");
  EXPECT_NE(not_applicable(ld, "sm_89", 90).find("min_cc 90"), std::string::npos);
  EXPECT_EQ(not_applicable(ld, "sm_90", 90), "");
  EXPECT_EQ(not_applicable(ld, "sm_100", 90), "");
  EXPECT_EQ(not_applicable(ld, "sm_75", 53), "");
  CodegenRules r;
  auto stack = r.resource("copy_k", "stack", 0, 0, "test");  // ptxas and SASS rules: the unit gate only
  EXPECT_NE(not_applicable(stack, "sm_80", 90), "");
  EXPECT_EQ(not_applicable(stack, "sm_90", 90), "");
  auto sass = r.present("copy_k", "LDGSTS.*", "test").in_sass();
  EXPECT_EQ(not_applicable(sass, "sm_75", 0), "");
}

// cp.async present: not applicable on sm_75, passes on sm_80.
TEST(CodegenArch, NotApplicableBelowPassesAbove) {
  const auto res = evaluate(two_archs(kSyncCopy, kAsyncCopy), {rule(CodegenRule::present, "cp\\.async\\.commit_group")}, {});
  ASSERT_EQ(res.size(), 1u);
  EXPECT_TRUE(res[0].ok) << res[0].message;
  ASSERT_EQ(res[0].archs.size(), 2u);
  EXPECT_EQ(res[0].archs[0].arch, "sm_75");
  EXPECT_EQ(res[0].archs[0].state, ArchVerdict::not_applicable);
  EXPECT_EQ(res[0].archs[1].arch, "sm_80");
  EXPECT_EQ(res[0].archs[1].state, ArchVerdict::pass);
  EXPECT_NE(res[0].message.find("sm_75: not applicable"), std::string::npos) << res[0].message;
}

// The gate never excuses an architecture that has the opcode: no cp.async on sm_80 fails.
TEST(CodegenArch, MissingOpcodeStillFailsWhereItExists) {
  const auto res = evaluate(two_archs(kSyncCopy, kSyncCopy), {rule(CodegenRule::present, "cp\\.async\\.commit_group")}, {});
  ASSERT_EQ(res.size(), 1u);
  EXPECT_FALSE(res[0].ok);
  EXPECT_EQ(res[0].archs[1].state, ArchVerdict::fail);
  EXPECT_NE(res[0].message.find("(sm_80), found none"), std::string::npos) << res[0].message;
  EXPECT_NE(res[0].message.find("fails on 1 of 2 architectures: sm_80"), std::string::npos) << res[0].message;
}

// An ungated rule fails on the architecture where it fails, and the message names it.
TEST(CodegenArch, UngatedRuleFailsOnOldArchitecture) {
  const auto res = evaluate(two_archs(kSyncCopy, kAsyncCopy), {rule(CodegenRule::absent, "ld\\.global.*")}, {});
  ASSERT_EQ(res.size(), 1u);
  EXPECT_FALSE(res[0].ok);
  EXPECT_EQ(res[0].archs[0].state, ArchVerdict::fail);
  EXPECT_EQ(res[0].archs[1].state, ArchVerdict::pass);
  EXPECT_NE(res[0].message.find("(sm_75), found 1"), std::string::npos) << res[0].message;
}

// A unit of min_cc 90: its sm_80 code is not applicable, its sm_90 code is checked (and can fail).
TEST(CodegenArch, UnitMinCcGatesOnlyOlderArchitectures) {
  const auto ks = two_archs("\ttrap;\n", kSyncCopy, "sm_80", "sm_90");
  const auto pass = evaluate(ks, {rule(CodegenRule::present, "st\\.shared.*")}, {}, 90);
  ASSERT_EQ(pass.size(), 1u);
  EXPECT_TRUE(pass[0].ok) << pass[0].message;
  EXPECT_EQ(pass[0].archs[0].state, ArchVerdict::not_applicable);
  EXPECT_EQ(pass[0].archs[1].state, ArchVerdict::pass);
  const auto fail = evaluate(ks, {rule(CodegenRule::absent, "st\\.shared.*")}, {}, 90);
  EXPECT_FALSE(fail[0].ok);
  EXPECT_EQ(fail[0].archs[1].state, ArchVerdict::fail);
  const auto old = evaluate(ks, {rule(CodegenRule::present, "st\\.shared.*")}, {}, 0);  // without the gate sm_80 fails
  EXPECT_FALSE(old[0].ok);
  EXPECT_EQ(old[0].archs[0].state, ArchVerdict::fail);
}

// Architectures in number order (sm_100 after sm_90), one verdict each.
TEST(CodegenArch, ArchitecturesInNumberOrder) {
  auto ks = ptx("sm_100", kAsyncCopy);
  for (const char* a : {"sm_90", "sm_75", "sm_120"})
    for (auto& k : ptx(a, kAsyncCopy)) ks.push_back(std::move(k));
  const auto res = evaluate(ks, {rule(CodegenRule::present, "cp\\.async\\.wait_group")}, {});
  ASSERT_EQ(res[0].archs.size(), 4u);
  EXPECT_EQ(res[0].archs[0].arch, "sm_75");
  EXPECT_EQ(res[0].archs[1].arch, "sm_90");
  EXPECT_EQ(res[0].archs[2].arch, "sm_100");
  EXPECT_EQ(res[0].archs[3].arch, "sm_120");
  EXPECT_EQ(res[0].archs[0].state, ArchVerdict::not_applicable);  // gated though present: sm_75 has no cp.async to claim
  EXPECT_TRUE(res[0].ok);
}
