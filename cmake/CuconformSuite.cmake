# Units -> generated TUs -> one executable per profile -> ctest tests with labels.
#
# Every kernels/**/*.cuh (except kernels/cuconform/) is a unit; every
# tests/selftest/*.cuh is a planted self-test unit. Adding a file is enough:
# the globs are CONFIGURE_DEPENDS, so the next build re-runs CMake.

file(GLOB_RECURSE CUCONFORM_UNIT_HEADERS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/kernels/*.cuh")
list(FILTER CUCONFORM_UNIT_HEADERS EXCLUDE REGEX "/kernels/cuconform/")
file(GLOB CUCONFORM_SELFTEST_HEADERS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/tests/selftest/*.cuh")

set(_gen "${CMAKE_BINARY_DIR}/generated")
set(CUCONFORM_UNIT_SOURCES "")
foreach(h IN LISTS CUCONFORM_UNIT_HEADERS CUCONFORM_SELFTEST_HEADERS)
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${h}")
  string(REGEX REPLACE "\\.cuh$" "" stem "${rel}")
  string(REPLACE "/" "__" stem "${stem}")
  set(CUC_UNIT_REL "${rel}")
  set(CUC_UNIT_PATH "${h}")
  configure_file("${PROJECT_SOURCE_DIR}/tests/unit_test.cu.in" "${_gen}/${stem}.cu" @ONLY)
  list(APPEND CUCONFORM_UNIT_SOURCES "${_gen}/${stem}.cu")
endforeach()
list(LENGTH CUCONFORM_UNIT_HEADERS _nunits)
list(LENGTH CUCONFORM_SELFTEST_HEADERS _nself)
message(STATUS "cuconform: ${_nunits} units, ${_nself} self-test units, profiles: ${CUCONFORM_PROFILES}")

# ctest-time discovery of one executable (see CuconformDiscoverTests.cmake).
function(cuconform_discover target)
  set(inc "${CMAKE_CURRENT_BINARY_DIR}/${target}_tests.cmake")
  file(GENERATE OUTPUT "${inc}" CONTENT
"set(CUC_EXE \"$<TARGET_FILE:${target}>\")
set(CUC_TARGET \"${target}\")
include(\"${PROJECT_SOURCE_DIR}/cmake/CuconformDiscoverTests.cmake\")
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${inc}")
endfunction()

list(JOIN CMAKE_CUDA_ARCHITECTURES ";" _archs)
foreach(p IN LISTS CUCONFORM_PROFILES)
  set(flags "${CUCONFORM_PROFILE_${p}_FLAGS}")
  cuconform_profile_semantics("${p}" "${flags}" SEM)
  list(JOIN flags " " flags_str)
  set(exe cuconform_${p})
  set(CUC_P_NAME "${p}")
  set(CUC_P_FLAGS "${flags_str}")
  set(CUC_P_FMAD ${SEM_FMAD})
  set(CUC_P_FTZ ${SEM_FTZ})
  set(CUC_P_PREC_DIV ${SEM_PREC_DIV})
  set(CUC_P_PREC_SQRT ${SEM_PREC_SQRT})
  set(CUC_P_FAST_MATH ${SEM_FAST_MATH})
  list(JOIN CMAKE_CUDA_ARCHITECTURES "," CUC_P_ARCHS)
  string(STRIP "${CMAKE_CUDA_FLAGS} ${flags_str} ${CUCONFORM_CUDA_HOST_FLAGS_STR}" CUC_P_NVCC_FLAGS)
  configure_file("${PROJECT_SOURCE_DIR}/fixtures/src/profile.cpp.in" "${_gen}/profile_${p}.cpp" @ONLY)
  add_executable(${exe} ${CUCONFORM_UNIT_SOURCES} "${_gen}/profile_${p}.cpp")
  target_link_libraries(${exe} PRIVATE cuconform_main cuconform_fixtures cuconform_kernels GTest::gtest CUDA::cudart_static)
  set_target_properties(${exe} PROPERTIES CUDA_RUNTIME_LIBRARY Static CUDA_SEPARABLE_COMPILATION OFF)
  target_compile_options(${exe} PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${flags}>")
  cuconform_discover(${exe})
endforeach()
