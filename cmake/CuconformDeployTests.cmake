# Deployment tests (catalog I3, I4, I8-I13) that cannot live in a unit: each
# needs its own process (sticky errors, CUDA_VISIBLE_DEVICES), its own
# architectures (binary compatibility), its own runtime linkage, or a script
# over the built executables. Included once from the top-level CMakeLists.txt
# (after the profile executables exist; if included earlier, e.g. through
# CMAKE_PROJECT_INCLUDE, it defers itself to the end of the top directory).
# Every check has a planted twin (deploy/planted.*, WILL_FAIL) that must fail.
# Tests: label kind:deploy plus unit:<id>; exit 77 = skipped (no usable GPU).
include_guard(GLOBAL)

function(cuconform_deploy_tests)
  set(src "${PROJECT_SOURCE_DIR}")
  set(d "${src}/tests/deploy")
  find_package(Python3 COMPONENTS Interpreter QUIET)
  set(py python3)  # from PATH at test time: the build tree also runs on the GPU machine

  # I9: sticky errors, one process each.
  add_executable(cuconform_deploy_sticky "${d}/sticky_errors.cu")
  set_target_properties(cuconform_deploy_sticky PROPERTIES CUDA_RUNTIME_LIBRARY Static)
  foreach(mode oob trap assert)
    add_test(NAME deploy/sticky_errors.${mode} COMMAND cuconform_deploy_sticky ${mode})
    set_tests_properties(deploy/sticky_errors.${mode} PROPERTIES SKIP_RETURN_CODE 77 LABELS "kind:deploy;unit:I9;side:gpu")
  endforeach()
  add_test(NAME deploy/planted.sticky_benign COMMAND cuconform_deploy_sticky planted)
  set_tests_properties(deploy/planted.sticky_benign PROPERTIES WILL_FAIL TRUE SKIP_RETURN_CODE 77
                       LABELS "kind:selftest;unit:I9;side:gpu")

  # I9: the unchecked-call lint over the framework's sources, and its planted input.
  add_test(NAME deploy/lint_cuda_calls COMMAND ${py} "${d}/lint_cuda_calls.py" --list-all "${src}/fixtures/src" "${src}/fixtures/include")
  set_tests_properties(deploy/lint_cuda_calls PROPERTIES LABELS "kind:deploy;unit:I9;side:cpu")
  add_test(NAME deploy/planted.lint_cuda_calls COMMAND ${py} "${d}/lint_cuda_calls.py" "${d}/lint_planted")
  set_tests_properties(deploy/planted.lint_cuda_calls PROPERTIES WILL_FAIL TRUE LABELS "kind:selftest;unit:I9;side:cpu")

  # I8 / I11 / I13: enumeration under CUDA_VISIBLE_DEVICES; first-call latency.
  add_executable(cuconform_deploy_enum "${d}/device_enum.cu")
  set_target_properties(cuconform_deploy_enum PROPERTIES CUDA_RUNTIME_LIBRARY Static)
  add_test(NAME deploy/visible_devices.none COMMAND cuconform_deploy_enum --expect-none)
  set_tests_properties(deploy/visible_devices.none PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=;CUCONFORM_REQUIRE_GPU=0"
                       LABELS "kind:deploy;unit:I8;unit:I11;side:cpu")
  add_test(NAME deploy/visible_devices.none_required COMMAND cuconform_deploy_enum --expect-none)
  set_tests_properties(deploy/visible_devices.none_required PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=;CUCONFORM_REQUIRE_GPU=1"
                       WILL_FAIL TRUE LABELS "kind:deploy;unit:I8;unit:I11;side:cpu")
  add_test(NAME deploy/visible_devices.one COMMAND cuconform_deploy_enum --expect-count 1)
  set_tests_properties(deploy/visible_devices.one PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=0" SKIP_RETURN_CODE 77
                       LABELS "kind:deploy;unit:I11;unit:I13;side:gpu")
  # The devices before an invalid index stay visible (recorded by the test's output).
  add_test(NAME deploy/visible_devices.invalid_after_first COMMAND cuconform_deploy_enum --expect-count 1)
  set_tests_properties(deploy/visible_devices.invalid_after_first PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=0,-1"
                       SKIP_RETURN_CODE 77 LABELS "kind:deploy;unit:I11;side:gpu")
  add_test(NAME deploy/planted.visible_devices_count COMMAND cuconform_deploy_enum --expect-count 2)
  set_tests_properties(deploy/planted.visible_devices_count PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=0" WILL_FAIL TRUE
                       SKIP_RETURN_CODE 77 LABELS "kind:selftest;unit:I11;side:gpu")
  # Tests that run a profile executable by hand write their records apart from
  # the run's (a run's folder holds what its conformance tests recorded).
  set(_cuc_selfcheck_results "CUCONFORM_RESULTS_DIR=${CMAKE_BINARY_DIR}/results/selfchecks")
  # The harness's own no-device path (I8): a GPU test of a profile executable skips, or fails under CUCONFORM_REQUIRE_GPU.
  if(TARGET cuconform_default AND "${CUCONFORM_UNIT_HEADERS}" MATCHES "deploy/device_query")
    add_test(NAME deploy/harness_no_device.skips COMMAND cuconform_default --gtest_filter=DeviceQuery.*)
    set_tests_properties(deploy/harness_no_device.skips PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=;CUCONFORM_REQUIRE_GPU=0;${_cuc_selfcheck_results}"
                         PASS_REGULAR_EXPRESSION "SKIPPED" LABELS "kind:deploy;unit:I8;side:cpu")
    add_test(NAME deploy/harness_no_device.required_fails COMMAND cuconform_default --gtest_filter=DeviceQuery.query_facts*)
    set_tests_properties(deploy/harness_no_device.required_fails PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=;CUCONFORM_REQUIRE_GPU=1;${_cuc_selfcheck_results}"
                         WILL_FAIL TRUE LABELS "kind:deploy;unit:I8;side:cpu")
  endif()

  # I6 on a runner with the driver but no toolkit: no NVRTC library, so the
  # NVRTC unit skips with where it looked (never fails, never passes).
  if(TARGET cuconform_default AND "${CUCONFORM_UNIT_HEADERS}" MATCHES "deploy/nvrtc_equivalence")
    add_test(NAME deploy/nvrtc_missing.skips COMMAND cuconform_default --gtest_filter=NvrtcEquivalence.model.cpu)
    set_tests_properties(deploy/nvrtc_missing.skips PROPERTIES ENVIRONMENT "CUCONFORM_NVRTC_LIBRARY=/nonexistent/libnvrtc.so;${_cuc_selfcheck_results}"
                         PASS_REGULAR_EXPRESSION "SKIPPED.*NvrtcEquivalence" LABELS "kind:deploy;unit:I6;side:cpu")
  endif()

  # I4: an sm_80-only cubin and a compute_80-only PTX in one executable.
  add_library(cuconform_deploy_bc_sm80 OBJECT "${d}/bincompat_sm80.cu")
  set_target_properties(cuconform_deploy_bc_sm80 PROPERTIES CUDA_ARCHITECTURES 80-real)
  add_library(cuconform_deploy_bc_ptx80 OBJECT "${d}/bincompat_ptx80.cu")
  set_target_properties(cuconform_deploy_bc_ptx80 PROPERTIES CUDA_ARCHITECTURES 80-virtual)
  add_executable(cuconform_deploy_bincompat "${d}/bincompat_main.cu" $<TARGET_OBJECTS:cuconform_deploy_bc_sm80>
                 $<TARGET_OBJECTS:cuconform_deploy_bc_ptx80>)
  set_target_properties(cuconform_deploy_bincompat PROPERTIES CUDA_RUNTIME_LIBRARY Static)
  add_test(NAME deploy/binary_compatibility COMMAND cuconform_deploy_bincompat)
  set_tests_properties(deploy/binary_compatibility PROPERTIES SKIP_RETURN_CODE 77 LABELS "kind:deploy;unit:I4;side:gpu")
  add_test(NAME deploy/planted.binary_compatibility COMMAND cuconform_deploy_bincompat --planted)
  set_tests_properties(deploy/planted.binary_compatibility PROPERTIES WILL_FAIL TRUE SKIP_RETURN_CODE 77
                       LABELS "kind:selftest;unit:I4;side:gpu")
  # I3: the fatbinary reader against objects of known contents, then the profile executables.
  add_test(NAME deploy/fatbin_reader
           COMMAND bash "${d}/check_fatbin_reader.sh" "${d}/fatbin_list.py" "$<TARGET_OBJECTS:cuconform_deploy_bc_sm80>"
                   "$<TARGET_OBJECTS:cuconform_deploy_bc_ptx80>")
  set_tests_properties(deploy/fatbin_reader PROPERTIES SKIP_RETURN_CODE 77 LABELS "kind:deploy;unit:I3;side:cpu")
  add_test(NAME deploy/fatbin_contents COMMAND bash "${src}/ci/check-fatbin.sh" "${CMAKE_BINARY_DIR}")
  set_tests_properties(deploy/fatbin_contents PROPERTIES LABELS "kind:deploy;unit:I3;side:cpu")
  add_test(NAME deploy/planted.fatbin_contents COMMAND bash "${src}/ci/check-fatbin.sh" "${CMAKE_BINARY_DIR}" --archs "80-real;90-virtual")
  set_tests_properties(deploy/planted.fatbin_contents PROPERTIES WILL_FAIL TRUE LABELS "kind:selftest;unit:I3;side:cpu")

  # I12: static runtime by default; a --cudart=shared build for comparison.
  add_executable(cuconform_deploy_shared_cudart "${d}/device_enum.cu")
  set_target_properties(cuconform_deploy_shared_cudart PROPERTIES CUDA_RUNTIME_LIBRARY Shared)
  add_test(NAME deploy/linkage COMMAND bash "${src}/ci/check-linkage.sh" "${CMAKE_BINARY_DIR}")
  set_tests_properties(deploy/linkage PROPERTIES LABELS "kind:deploy;unit:I12;side:cpu")
  add_test(NAME deploy/planted.linkage COMMAND bash "${src}/ci/check-linkage.sh" "${CMAKE_BINARY_DIR}" --planted)
  set_tests_properties(deploy/planted.linkage PROPERTIES WILL_FAIL TRUE LABELS "kind:selftest;unit:I12;side:cpu")

  # I10: nvidia-smi state and its schema.
  add_test(NAME deploy/gpu_state COMMAND ${py} "${d}/gpu_state.py" --out "${CMAKE_BINARY_DIR}/deploy-gpu-state.json")
  set_tests_properties(deploy/gpu_state PROPERTIES SKIP_RETURN_CODE 77 LABELS "kind:deploy;unit:I10;side:gpu")
  add_test(NAME deploy/planted.gpu_state COMMAND ${py} "${d}/gpu_state.py" --xml "${d}/planted_smi.xml")
  set_tests_properties(deploy/planted.gpu_state PROPERTIES WILL_FAIL TRUE LABELS "kind:selftest;unit:I10;side:cpu")
endfunction()

if(TARGET cuconform_fixtures)
  cuconform_deploy_tests()
else()
  cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL cuconform_deploy_tests)
endif()
