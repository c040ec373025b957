//===-- I1 fixture table: what the shared guides say per compute capability --===//
// One row per compute capability the suite expects on its runners. A value
// is graded only where ../shared/docs states it (the row's `source`); values
// the shared documents do not give are kept as "not cited" and printed next
// to the device's value, never graded. Host only (no CUDA headers).
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdlib>
#include <string>

namespace cuconform::deploy {

/// A table value: `source` is the citation, nullptr = not cited (reported, not graded).
struct CcValue {
  long value;
  const char* source;
  bool cited() const { return source != nullptr; }
};

struct CcRow {
  int cc;                   ///< 10 * major + minor
  const char* architecture; ///< name the guide gives the major number
  const char* arch_source;  ///< nullptr: not cited
  CcValue cluster_launch;   ///< 1: thread block clusters
  CcValue l2_persistence;   ///< 1: persisting L2 accesses (accessPolicyWindow)
  CcValue max_threads_per_sm;
};

// Sources (../shared/docs):
//  CPG = cuda-cpp-programming-guide-part.txt, BPG = cuda-cpp-best-practices-guide-13.0.txt.
constexpr const char* kArchSrc = "CPG Compute Capability: major 9 Hopper, 8 Ampere (CPG part, lines 600-602)";
constexpr const char* kTuringSrc = "CPG: Turing is the architecture for devices of compute capability 7.5 (line 609)";
constexpr const char* kClusterSrc = "CPG Thread Block Clusters: introduced in compute capability 9.0 (line 1634)";
constexpr const char* kL2Src = "CPG/BPG L2 access management: devices of compute capability 8.0 and above (CPG line 1051)";

inline const CcRow* cc_rows(std::size_t* n) {
  // maxThreadsPerMultiProcessor: the shared guides give 2048 only for CC 7.0
  // (BPG 11.1.1, Figure 16), so every row's value here is not cited.
  static const CcRow rows[] = {
      {75, "Turing", kTuringSrc, {0, kClusterSrc}, {0, kL2Src}, {1024, nullptr}},
      {80, "Ampere", kArchSrc, {0, kClusterSrc}, {1, kL2Src}, {2048, nullptr}},
      {86, "Ampere", kArchSrc, {0, kClusterSrc}, {1, kL2Src}, {1536, nullptr}},
      {89, "Ada", nullptr, {0, kClusterSrc}, {1, kL2Src}, {1536, nullptr}},
      {90, "Hopper", kArchSrc, {1, kClusterSrc}, {1, kL2Src}, {2048, nullptr}},
      {100, "Blackwell", nullptr, {1, kClusterSrc}, {1, kL2Src}, {2048, nullptr}},
      {120, "Blackwell", nullptr, {1, kClusterSrc}, {1, kL2Src}, {1536, nullptr}},
  };
  *n = sizeof rows / sizeof rows[0];
  return rows;
}

inline const CcRow* cc_row(int cc) {
  std::size_t n = 0;
  const CcRow* r = cc_rows(&n);
  for (std::size_t i = 0; i < n; ++i)
    if (r[i].cc == cc) return &r[i];
  return nullptr;
}

/// Parse a compute capability written "major.minor" (e.g. "9.0", "12.0")
/// into 10 * major + minor. false with *error set (a sentence naming the
/// variable and the value) on anything else.
inline bool parse_cc(const char* name, const char* text, int* cc, std::string* error) {
  const std::string s = text ? text : "";
  const auto bad = [&](const char* why) {
    *error = std::string(name) + "='" + s + "' is not a compute capability (" + why +
             "): write major.minor, e.g. 9.0 or 12.0";
    return false;
  };
  const std::size_t dot = s.find('.');
  if (s.empty()) return bad("empty");
  if (dot == std::string::npos) return bad("no '.'");
  const std::string major = s.substr(0, dot), minor = s.substr(dot + 1);
  if (major.empty() || major.size() > 2 || minor.size() != 1) return bad("one or two digits, '.', one digit");
  for (char c : major + minor)
    if (c < '0' || c > '9') return bad("digits only");
  const int mj = std::atoi(major.c_str()), mn = minor[0] - '0';
  if (mj == 0) return bad("major 0");
  *cc = mj * 10 + mn;
  return true;
}

}  // namespace cuconform::deploy
