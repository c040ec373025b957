# Runs inside ctest (TEST_INCLUDE_FILES), once per profile executable: asks the
# executable for its tests (--cuconform_list prints name, ctest name, labels;
# it makes no CUDA call) and adds ctest tests with the list-valued LABELS that
# gtest_discover_tests cannot set in CMake 3.25.
#   CPU side: one ctest test per GoogleTest case, <profile>/<Unit>.<form>.cpu
#     (and .exhaustive_cpu_subset, .codegen.*): each a process without a GPU.
#   GPU side: one ctest test per unit and tier, <profile>/<Unit>.gpu (every
#     form's sampled GPU test) and <profile>/<Unit>.exhaustive_gpu (every
#     sweep): a GPU process pays for a CUDA context, which took about 2.7 s
#     under ctest -j16 on an H100, so the forms of a unit share one. Records
#     stay per form (their "test" is the form's name, as before).
#   Perf tier (<Unit>.claims.perf, label tier:perf): one test each, RUN_SERIAL.
#   Every GPU test declares RESOURCE_GROUPS "gpus:1": with ctest
#   --resource-spec-file (ci/gpu-resource-spec.sh writes one for the GPUs
#   present) ctest spreads them over the GPUs and the test uses the one it was
#   given (CTEST_RESOURCE_GROUP_0_GPUS; recorded as device.assigned_by);
#   without a spec file ctest ignores the property.
#   A grouped test reports Skipped only when every case in it skipped and none
#   failed (the executable exits 77: SKIP_RETURN_CODE); a skip regex on a
#   process running several cases would hide a failure behind a skip.
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
set(_groups "")
foreach(_line IN LISTS _lines)
  if(NOT _line MATCHES "^([^\t]+)\t([^\t]+)\t(.*)$")
    continue()
  endif()
  set(_gname "${CMAKE_MATCH_1}")
  set(_cname "${CMAKE_MATCH_2}")
  string(REPLACE "," ";" _labels "${CMAKE_MATCH_3}")
  if(_gname MATCHES "^([A-Za-z0-9_]+)\\.[A-Za-z0-9_.]+\\.(gpu|exhaustive_gpu)$")
    # GPU side: grouped per unit and tier.
    set(_key "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
    list(FIND _groups "${_key}" _at)  # (not IN_LIST: ctest runs this without the project's policies)
    if(_at EQUAL -1)
      list(APPEND _groups "${_key}")
      set(_gfilter_${_key} "${CMAKE_MATCH_1}.*.${CMAKE_MATCH_2}")
      string(REGEX REPLACE "^([^/]+/).*$" "\\1" _prefix "${_cname}")
      set(_gctest_${_key} "${_prefix}${_key}")
      set(_glabels_${_key} "")
    endif()
    list(APPEND _glabels_${_key} ${_labels})
    continue()
  endif()
  add_test("${_cname}" "${CUC_EXE}" "--gtest_filter=${_gname}" "--gtest_color=no")
  set_tests_properties("${_cname}" PROPERTIES
    LABELS "${_labels}"
    SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]"
    FIXTURES_REQUIRED cuconform_run
    ENVIRONMENT "CUCONFORM_UNDER_CTEST=1"
    TIMEOUT 900)
  list(FIND _labels "tier:perf" _perf)
  if(NOT _perf EQUAL -1)
    # The perf tier times kernels: nothing else may run on the GPU meanwhile.
    set_tests_properties("${_cname}" PROPERTIES RUN_SERIAL TRUE RESOURCE_GROUPS "gpus:1")
  endif()
endforeach()
foreach(_key IN LISTS _groups)
  list(REMOVE_DUPLICATES _glabels_${_key})
  add_test("${_gctest_${_key}}" "${CUC_EXE}" "--gtest_filter=${_gfilter_${_key}}" "--gtest_color=no" "--cuconform_skip_code")
  set_tests_properties("${_gctest_${_key}}" PROPERTIES
    LABELS "${_glabels_${_key}}"
    RESOURCE_GROUPS "gpus:1"
    SKIP_RETURN_CODE 77
    FIXTURES_REQUIRED cuconform_run
    ENVIRONMENT "CUCONFORM_UNDER_CTEST=1"
    TIMEOUT 900)
endforeach()
