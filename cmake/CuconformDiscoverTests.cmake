# Runs inside ctest (TEST_INCLUDE_FILES), once per profile executable: asks the
# executable for its tests (--cuconform_list prints name, ctest name, labels;
# it makes no CUDA call) and adds one ctest test per GoogleTest case, with the
# list-valued LABELS that gtest_discover_tests cannot set in CMake 3.25.
# Inputs: CUC_EXE, CUC_TARGET. Uses only sh and the executable, so a build tree
# carried to another machine runs under that machine's ctest.

if(NOT EXISTS "${CUC_EXE}")
  add_test("${CUC_TARGET}.NOT_BUILT" sh -c "echo 'cuconform: ${CUC_EXE} is not built; run the build first'; exit 1")
  set_tests_properties("${CUC_TARGET}.NOT_BUILT" PROPERTIES LABELS "kind:infra")
  return()
endif()

execute_process(COMMAND "${CUC_EXE}" --cuconform_list
                OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc TIMEOUT 60)
if(NOT _rc EQUAL 0)
  string(REPLACE "'" "" _err "${_err}")
  add_test("${CUC_TARGET}.DISCOVERY_FAILED" sh -c "echo 'cuconform: listing the tests of ${CUC_EXE} failed (${_rc}): ${_err}'; exit 1")
  set_tests_properties("${CUC_TARGET}.DISCOVERY_FAILED" PROPERTIES LABELS "kind:infra")
  return()
endif()

string(REPLACE "\n" ";" _lines "${_out}")
foreach(_line IN LISTS _lines)
  if(NOT _line MATCHES "^([^\t]+)\t([^\t]+)\t(.*)$")
    continue()
  endif()
  set(_gname "${CMAKE_MATCH_1}")
  set(_cname "${CMAKE_MATCH_2}")
  string(REPLACE "," ";" _labels "${CMAKE_MATCH_3}")
  add_test("${_cname}" "${CUC_EXE}" "--gtest_filter=${_gname}" "--gtest_color=no")
  set_tests_properties("${_cname}" PROPERTIES
    LABELS "${_labels}"
    SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]"
    FIXTURES_REQUIRED cuconform_run
    ENVIRONMENT "CUCONFORM_UNDER_CTEST=1"
    TIMEOUT 900)
endforeach()
