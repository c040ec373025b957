# Which unit headers share a TU (cmake/CuconformTuPlan.cmake), run in script
# mode: cmake -DCUC_MODULE=<path of CuconformTuPlan.cmake> [-DCUC_PLANT=<scratch file>] -P tu_plan_test.cmake
# A stub _cuconform_unit_tu() records each TU as "stem: header, header" and
# each case compares the whole plan, so a change in grouping, pooling (POOL_FOLDERS),
# ALONE folders or TU names fails here before it reaches a build.
cmake_minimum_required(VERSION 3.20)
if(NOT CUC_MODULE)
  message(FATAL_ERROR "tu_plan_test: pass -DCUC_MODULE=<path of CuconformTuPlan.cmake>")
endif()
if(CUC_PLANT)
  # The planted self-test (ctest framework/tu_plan_planted, WILL_FAIL): the
  # module with pooling switched off must fail the pooled cases below.
  file(READ "${CUC_MODULE}" text)
  set(pool_test "if(_cuc_pool AND NOT d IN_LIST _cuc_alone)")
  string(FIND "${text}" "${pool_test}" at)
  if(at LESS 0)
    message(FATAL_ERROR "tu_plan_test: the plant found no '${pool_test}' in ${CUC_MODULE}: update the plant")
  endif()
  string(REPLACE "${pool_test}" "if(FALSE)" text "${text}")
  file(WRITE "${CUC_PLANT}" "${text}")
  include("${CUC_PLANT}")
else()
  include("${CUC_MODULE}")
endif()

function(_cuconform_unit_tu stem headers)
  set(rel "")
  foreach(h IN LISTS headers)
    file(RELATIVE_PATH r "${_cuc_base}" "${h}")
    list(APPEND rel "${r}")
  endforeach()
  list(JOIN rel ", " rel)
  set_property(GLOBAL APPEND PROPERTY CUC_TEST_PLAN "${stem}: ${rel}")
endfunction()

set(_cuc_base "/src")
set(headers /src/kernels/b/z.cuh /src/kernels/a/y.cuh /src/kernels/a/x.cuh /src/kernels/math/m2.cuh
            /src/kernels/math/m1.cuh /src/kernels/solo/s.cuh /src/tests/selftest/p.cuh /src/tests/selftest/q.cuh)
set(failures 0)
function(expect_plan what group alone pool)
  set(_cuc_group ${group})
  set(_cuc_alone ${alone})
  set(_cuc_pool ${pool})
  set_property(GLOBAL PROPERTY CUC_TEST_PLAN "")
  _cuconform_make_tus("${headers}")
  get_property(plan GLOBAL PROPERTY CUC_TEST_PLAN)
  list(JOIN plan "\n  " got)
  list(JOIN ARGN "\n  " want)
  if(NOT got STREQUAL want)
    message(SEND_ERROR "tu_plan_test: ${what}:\n got\n  ${got}\n want\n  ${want}")
  else()
    message(STATUS "tu_plan_test: ${what}: ok")
  endif()
endfunction()

# Folders grouped, each its own TUs; an ALONE folder a TU a header; a folder of one header: its own TU.
expect_plan("folders, group 8" 8 "kernels/math" OFF
  "kernels__a__x__group: kernels/a/x.cuh, kernels/a/y.cuh"
  "kernels__b__z: kernels/b/z.cuh"
  "kernels__math__m1: kernels/math/m1.cuh"
  "kernels__math__m2: kernels/math/m2.cuh"
  "kernels__solo__s: kernels/solo/s.cuh"
  "tests__selftest__p__group: tests/selftest/p.cuh, tests/selftest/q.cuh")
# POOL_FOLDERS: the folders of a top folder share TUs (named after the first header), ALONE ones stay alone.
expect_plan("pooled, group 16" 16 "kernels/math" ON
  "kernels__a__x__pool: kernels/a/x.cuh, kernels/a/y.cuh, kernels/b/z.cuh, kernels/solo/s.cuh"
  "kernels__math__m1: kernels/math/m1.cuh"
  "kernels__math__m2: kernels/math/m2.cuh"
  "tests__selftest__p__pool: tests/selftest/p.cuh, tests/selftest/q.cuh")
# A pool larger than the group size splits as evenly as it can, by path.
expect_plan("pooled, group 3" 3 "kernels/math" ON
  "kernels__a__x__pool: kernels/a/x.cuh, kernels/a/y.cuh"
  "kernels__b__z__pool: kernels/b/z.cuh, kernels/solo/s.cuh"
  "kernels__math__m1: kernels/math/m1.cuh"
  "kernels__math__m2: kernels/math/m2.cuh"
  "tests__selftest__p__pool: tests/selftest/p.cuh, tests/selftest/q.cuh")
# Group size 1: a TU a header, pooled or not, named after the header's own folder.
expect_plan("group 1, pooled" 1 "" ON
  "kernels__a__x: kernels/a/x.cuh"
  "kernels__a__y: kernels/a/y.cuh"
  "kernels__b__z: kernels/b/z.cuh"
  "kernels__math__m1: kernels/math/m1.cuh"
  "kernels__math__m2: kernels/math/m2.cuh"
  "kernels__solo__s: kernels/solo/s.cuh"
  "tests__selftest__p: tests/selftest/p.cuh"
  "tests__selftest__q: tests/selftest/q.cuh")
# Headers outside the project (a user's units named through ".."): no "." in a
# stem, whose NAME_WE would otherwise be empty (a find_package build
# of two suite headers once failed its code classes on "generated/.cu").
set(headers /lib/math/u.cuh /lib/math/v.cuh /src/kernels/a/x.cuh)
expect_plan("headers outside the project" 8 "" OFF
  "____lib__math__u__group: ../lib/math/u.cuh, ../lib/math/v.cuh"
  "kernels__a__x: kernels/a/x.cuh")
