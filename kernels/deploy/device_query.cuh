//===-- I1 deploy.device-query-and-cc: the device's properties against the
//      guide's invariants and a per-CC fixture table -----------------------===//
// Guide:  Best Practices Guide 13.0 §15.1 (the compute capability is
//         major.minor; higher CCs are supersets of lower ones; query it with
//         cudaGetDeviceProperties), §15.2 (features the CC does not describe,
//         asyncEngineCount, canMapHostMemory, must be queried), Figure 16
//         (deviceQuery: warp 32, 1024 threads a block, block (1024, 1024, 64),
//         grid (2147483647, 65535, 65535), 65536 bytes of constant memory,
//         65536 registers a block), §1 ("up to 2048 active threads per
//         multiprocessor"). Programming Guide: thread block clusters from CC
//         9.0, L2 persistence from CC 8.0 (kernels/deploy/support/cc_table.h cites them).
// Check:  exact (facts, 1 each): the Figure 16 invariants; threads per SM at
//         most 2048 and a multiple of the warp; the CC has a row in the
//         fixture table; the row's cited values (cluster launch, persisting
//         L2 size > 0) match the device attributes; cudaGetDeviceProperties
//         and cudaDeviceGetAttribute agree on major, minor and the queried-only
//         features (asyncEngineCount, canMapHostMemory, concurrentKernels,
//         integrated); CUCONFORM_EXPECT_CC (the CC label the runner was
//         scheduled for, e.g. 9.0), when set, equals the device's CC: a
//         mislabelled runner or a MIG slice of another GPU fails here, and a
//         value that is not major.minor fails with a message saying so.
//         Printed, not graded: the table's uncited values next to the device's.
//         Host model: the table's rows, the parser on good and bad values.
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuconform/kernel_unit.h"
#include "deploy/support/cc_parse_checks.h"
#include "deploy/support/cc_table.h"
#include "deploy/support/dq_facts.h"

namespace cuconform::units {

struct DeviceQuery : FactsShape, DqFacts {
  using FactsShape::In;
  using FactsShape::Out;
  static constexpr UnitInfo info{"device_query", "I1", "deploy.device-query-and-cc", "15.1", 15, Kind::kernel, 0};
  struct query_facts : Recommended {
    static constexpr const char* name = "query_facts";
    static std::vector<Out> host_facts(const KernelCase&) { return query(DqExpect{}); }
  };
  using forms = Forms<query_facts>;

  static void host_model(ModelChecks& m) {
    std::size_t n = 0;
    const deploy::CcRow* rows = deploy::cc_rows(&n);
    const int listed[] = {75, 80, 86, 89, 90, 100, 120};
    for (int cc : listed)
      m.expect("fixture row for CC " + std::to_string(cc / 10) + "." + std::to_string(cc % 10), deploy::cc_row(cc) != nullptr, 1,
               "brief: rows for 7.5, 8.0, 8.6, 8.9, 9.0, 10.0, 12.0");
    for (std::size_t i = 0; i < n; ++i) {
      const auto& r = rows[i];
      const std::string cc = std::to_string(r.cc / 10) + "." + std::to_string(r.cc % 10);
      m.expect("CC " + cc + ": cluster launch (cited)", r.cluster_launch.value, r.cc >= 90 ? 1 : 0, r.cluster_launch.source);
      m.expect("CC " + cc + ": L2 persistence (cited)", r.l2_persistence.value, r.cc >= 80 ? 1 : 0, r.l2_persistence.source);
      m.expect("CC " + cc + ": threads per SM within the guide's 'up to 2048'", r.max_threads_per_sm.value <= 2048, 1,
               "BPG §1 (up to 2048 active threads per multiprocessor)");
    }
    deploy::cc_parse_checks(m, deploy::parse_cc);
  }
};
CUCONFORM_KERNEL_UNIT(DeviceQuery)

}  // namespace cuconform::units
