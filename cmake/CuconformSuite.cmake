# The suite's own units, by place: every header directly in a folder of
# kernels/ (kernels/<area>/*.cuh, *.h; not kernels/cuconform/, the unit API,
# and not kernels/<area>/support/, the helpers units include) and every
# tests/selftest/*.cuh (planted self-test units), through cuconform_add_units()
# like a user's units. Adding a file is enough: the globs are CONFIGURE_DEPENDS,
# so the next build re-runs CMake.

file(GLOB CUCONFORM_UNIT_HEADERS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/kernels/*/*.cuh"
     "${PROJECT_SOURCE_DIR}/kernels/*/*.h")
list(FILTER CUCONFORM_UNIT_HEADERS EXCLUDE REGEX "/kernels/cuconform/")
file(GLOB CUCONFORM_SELFTEST_HEADERS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/tests/selftest/*.cuh")
# A quick build of some units only (an edit loop, a benchmark): a regex over
# their paths, e.g. -DCUCONFORM_UNITS='math/cbrt|selftest/planted_ulp'.
set(CUCONFORM_UNITS "" CACHE STRING "Regex: build only the unit and self-test headers whose path matches (empty: all)")
if(CUCONFORM_UNITS)
  list(FILTER CUCONFORM_UNIT_HEADERS INCLUDE REGEX "${CUCONFORM_UNITS}")
  list(FILTER CUCONFORM_SELFTEST_HEADERS INCLUDE REGEX "${CUCONFORM_UNITS}")
  if(NOT CUCONFORM_UNIT_HEADERS AND NOT CUCONFORM_SELFTEST_HEADERS)
    message(FATAL_ERROR "cuconform: CUCONFORM_UNITS='${CUCONFORM_UNITS}' matches no unit header under kernels/ or tests/selftest/")
  endif()
endif()
# Folders whose units are heavy (sweeps over many functions): a TU each, so
# that a rebuild after one edit stays short. Only where the sweeps are built:
# without the exhaustive tier (ci/test.sh's build) these units are as light as
# any and group like the others, which saves each TU's fixed cost (the
# harness parsed by cudafe++, gcc and, once per profile, cicc: about 10 CPU s
# a TU, measured in docs/performance/build-and-tests.md).
set(CUCONFORM_TU_ALONE "kernels/math;kernels/lowp" CACHE STRING "Folders whose unit headers each get their own TU (with the exhaustive tier)")
set(_cuc_tu_alone "${CUCONFORM_TU_ALONE}")
# Such a build is built once, cold, and run (CI): its TUs may be larger too,
# since no one rebuilds it after an edit.
set(CUCONFORM_TU_GROUP_SIZE_NO_EXHAUSTIVE 32 CACHE STRING
    "Unit headers of one folder in one TU in a build without the exhaustive tier (CUCONFORM_TU_GROUP_SIZE otherwise)")
set(_cuc_tu_group "${CUCONFORM_TU_GROUP_SIZE}")
set(_cuc_tu_pool "")
if(NOT CUCONFORM_EXHAUSTIVE)
  set(_cuc_tu_alone "")
  set(_cuc_tu_group "${CUCONFORM_TU_GROUP_SIZE_NO_EXHAUSTIVE}")
  # ... and units of different folders share them (kernels/ apart from
  # tests/selftest/): 9 TUs instead of 16 at 16 headers a TU, 5 at 32 (CI's
  # cold build 737 -> 638 s, 1,966 -> 1,788 CPU s for the whole .ci/run).
  set(_cuc_tu_pool POOL_FOLDERS)
endif()

# Reference values depend on every unit, the reference library and the self-tests.
file(GLOB_RECURSE _cuc_ref_sources CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/kernels/*" "${PROJECT_SOURCE_DIR}/reference/*"
     "${PROJECT_SOURCE_DIR}/tests/selftest/*")
list(LENGTH CUCONFORM_SELFTEST_HEADERS _nself)
message(STATUS "cuconform: suite: ${_nself} self-test units")
cuconform_add_units(cuconform
  UNITS ${CUCONFORM_UNIT_HEADERS} ${CUCONFORM_SELFTEST_HEADERS}
  BASE_DIR "${PROJECT_SOURCE_DIR}"
  INCLUDE_DIRECTORIES "${PROJECT_SOURCE_DIR}/kernels"
  REFERENCE_DEPENDS ${_cuc_ref_sources}
  GROUP_SIZE ${_cuc_tu_group}
  ALONE ${_cuc_tu_alone}
  ACCEPTED "${PROJECT_SOURCE_DIR}/fixtures/baselines"
  ${_cuc_tu_pool})

# Codegen tier's parser tests join the framework's host tests (tests/host)
# once that directory has defined them.
if(CUCONFORM_BUILD_TESTS)
  cmake_language(DEFER CALL target_sources cuconform_host_tests PRIVATE "${PROJECT_SOURCE_DIR}/tests/host/codegen_test.cpp")
endif()

# Accepted findings at test time, end to end through a test process of the first
# profile (tests/accepted/check.sh, with the planted probe of
# tests/selftest/accepted_finding_probe.cuh).
list(GET CUCONFORM_PROFILES 0 _cuc_first_profile)
add_test(NAME framework/accepted_findings_at_test_time
         COMMAND bash "${PROJECT_SOURCE_DIR}/tests/accepted/check.sh" "$<TARGET_FILE:cuconform_${_cuc_first_profile}>"
                 "${PROJECT_SOURCE_DIR}")
set_tests_properties(framework/accepted_findings_at_test_time PROPERTIES LABELS "kind:framework;side:cpu")
