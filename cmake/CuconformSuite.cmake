# Units -> generated TUs -> one executable per profile -> ctest tests with labels.
#
# Every kernels/**/*.cuh (except kernels/cuconform/) is a unit; every
# tests/selftest/*.cuh is a planted self-test unit. Adding a file is enough:
# the globs are CONFIGURE_DEPENDS, so the next build re-runs CMake.

file(GLOB_RECURSE CUCONFORM_UNIT_HEADERS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/kernels/*.cuh")
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

set(_gen "${CMAKE_BINARY_DIR}/generated")

# Host optimisation of the unit TUs. nvcc's -O sets the host compiler's level
# only (cicc and ptxas optimise device code the same way at any -O), and the
# host pass is ~80% of a unit TU's compile time (measured: fractional_powers_f32
# 48 s at -O3, 11 s at -O0; fma_contraction 9.4 s vs 5.2 s). The CPU side's
# results do not depend on it: x86-64 SSE2 arithmetic under -ffp-contract=off
# -fno-fast-math is IEEE at every level, and the float128 reference and the
# fixtures stay at the build type's level. The value is recorded with the flags.
set(CUCONFORM_UNIT_HOST_OPT "-O0" CACHE STRING "nvcc -O level for the host side of unit TUs (-O0 keeps nvcc builds fast)")
if(NOT CUCONFORM_UNIT_HOST_OPT MATCHES "^-O[0-3s]$")
  message(FATAL_ERROR "cuconform: CUCONFORM_UNIT_HOST_OPT='${CUCONFORM_UNIT_HOST_OPT}' is not one of -O0 -O1 -O2 -O3 -Os")
endif()
# The CUDA TUs are all unit TUs: drop the build type's -O from them so that
# nvcc does not see two levels (it warns on every TU).
foreach(cfg "" _RELEASE _DEBUG _RELWITHDEBINFO _MINSIZEREL)
  string(REGEX REPLACE "(^| )-O[0-3s]( |$)" " " CMAKE_CUDA_FLAGS${cfg} "${CMAKE_CUDA_FLAGS${cfg}}")
endforeach()
# Unit headers -> translation units. Every TU pays for parsing the harness
# once per profile (about 8 of a light unit's 10 CPU seconds: cudafe++, cicc
# and gcc on cuconform/harness.cuh and GoogleTest), so the light units of a
# folder share TUs, CUCONFORM_TU_GROUP_SIZE headers each (sorted by path;
# measured in docs/performance.md). Folders in CUCONFORM_TU_ALONE keep one TU
# a header: their units are heavy (sweeps over many functions), so a group
# would gain little and make a rebuild after one edit slow. A TU's codegen
# tier reads that TU's PTX; every unit's kernels keep their own names.
set(CUCONFORM_TU_GROUP_SIZE 8 CACHE STRING "Unit headers of one folder compiled together in one TU (1: one TU per header)")
set(CUCONFORM_TU_ALONE "kernels/math;kernels/lowp" CACHE STRING "Folders whose unit headers each get their own TU")
if(NOT CUCONFORM_TU_GROUP_SIZE MATCHES "^[1-9][0-9]*$")
  message(FATAL_ERROR "cuconform: CUCONFORM_TU_GROUP_SIZE='${CUCONFORM_TU_GROUP_SIZE}' is not a positive integer")
endif()
set(CUCONFORM_UNIT_SOURCES "")
set(_all_headers ${CUCONFORM_UNIT_HEADERS} ${CUCONFORM_SELFTEST_HEADERS})
list(SORT _all_headers)
set(_dirs "")
foreach(h IN LISTS _all_headers)
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${h}")
  get_filename_component(d "${rel}" DIRECTORY)
  string(MAKE_C_IDENTIFIER "${d}" dkey)
  if(NOT dkey IN_LIST _dirs)
    list(APPEND _dirs "${dkey}")
    set(_dir_${dkey} "${d}")
    set(_hdrs_${dkey} "")
  endif()
  list(APPEND _hdrs_${dkey} "${h}")
endforeach()
# Writes one TU that includes `headers` (a list), named `stem`.
function(cuconform_unit_tu stem headers)
  set(CUC_UNIT_REL "")
  set(CUC_UNIT_INCLUDES "")
  foreach(h IN LISTS headers)
    file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${h}")
    list(APPEND CUC_UNIT_REL "${rel}")
    string(APPEND CUC_UNIT_INCLUDES "#include \"${h}\"\n")
  endforeach()
  list(JOIN CUC_UNIT_REL ", " CUC_UNIT_REL)
  set(CUC_TU_STEM "${stem}")
  string(MAKE_C_IDENTIFIER "${stem}" CUC_TU_SYMBOL)  # = cmake/nvcc-split.py's symbol_of()
  configure_file("${PROJECT_SOURCE_DIR}/tests/unit_test.cu.in" "${_gen}/${stem}.cu" @ONLY)
  set(CUCONFORM_UNIT_SOURCES ${CUCONFORM_UNIT_SOURCES} "${_gen}/${stem}.cu" PARENT_SCOPE)
endfunction()
foreach(dkey IN LISTS _dirs)
  set(d "${_dir_${dkey}}")
  string(REPLACE "/" "__" dstem "${d}")
  list(LENGTH _hdrs_${dkey} n)
  if(d IN_LIST CUCONFORM_TU_ALONE OR CUCONFORM_TU_GROUP_SIZE EQUAL 1 OR n EQUAL 1)
    foreach(h IN LISTS _hdrs_${dkey})
      get_filename_component(name "${h}" NAME_WE)
      cuconform_unit_tu("${dstem}__${name}" "${h}")
    endforeach()
    continue()
  endif()
  # Groups of at most CUCONFORM_TU_GROUP_SIZE, as even as possible, named by their first header.
  math(EXPR groups "(${n} + ${CUCONFORM_TU_GROUP_SIZE} - 1) / ${CUCONFORM_TU_GROUP_SIZE}")
  set(i 0)
  foreach(g RANGE 1 ${groups})
    math(EXPR take "(${n} - ${i} + ${groups} - ${g}) / (${groups} - ${g} + 1)")
    list(SUBLIST _hdrs_${dkey} ${i} ${take} members)
    math(EXPR i "${i} + ${take}")
    list(GET members 0 first)
    get_filename_component(name "${first}" NAME_WE)
    cuconform_unit_tu("${dstem}__${name}__group" "${members}")
  endforeach()
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

# Architectures whose PTX the codegen tier reads: every number in
# CMAKE_CUDA_ARCHITECTURES (nvcc generates PTX for each on the way to its code).
set(CUCONFORM_PTX_ARCHS "")
foreach(a IN LISTS CMAKE_CUDA_ARCHITECTURES)
  string(REGEX REPLACE "-(real|virtual)$" "" a "${a}")
  list(APPEND CUCONFORM_PTX_ARCHS ${a})
endforeach()
list(REMOVE_DUPLICATES CUCONFORM_PTX_ARCHS)
include(${PROJECT_SOURCE_DIR}/cmake/CuconformBuildProfiles.cmake)
foreach(p IN LISTS CUCONFORM_PROFILES)
  set(flags "${CUCONFORM_PROFILE_${p}_FLAGS}")
  cuconform_profile_semantics("${p}" "${flags}" SEM)
  list(JOIN flags " " flags_str)
  set(CUC_P_NAME "${p}")
  set(CUC_P_FLAGS "${flags_str}")
  set(CUC_P_FMAD ${SEM_FMAD})
  set(CUC_P_FTZ ${SEM_FTZ})
  set(CUC_P_PREC_DIV ${SEM_PREC_DIV})
  set(CUC_P_PREC_SQRT ${SEM_PREC_SQRT})
  set(CUC_P_FAST_MATH ${SEM_FAST_MATH})
  list(JOIN CMAKE_CUDA_ARCHITECTURES "," CUC_P_ARCHS)
  string(STRIP "${CMAKE_CUDA_FLAGS} ${CUCONFORM_UNIT_HOST_OPT} ${flags_str} ${CUCONFORM_CUDA_HOST_FLAGS_STR}" CUC_P_NVCC_FLAGS)
  # PTX of every unit TU under this profile, per architecture: kept from the
  # profile's own device compile (nvcc -keep), never from a second compile.
  set(ptx_dir "${CMAKE_BINARY_DIR}/ptx/${p}")
  set(manifest_content "")
  foreach(src IN LISTS CUCONFORM_UNIT_SOURCES)
    get_filename_component(stem "${src}" NAME_WE)
    foreach(a IN LISTS CUCONFORM_PTX_ARCHS)
      string(APPEND manifest_content "${ptx_dir}/${stem}.sm${a}.ptx\n")
    endforeach()
  endforeach()
  set(CUC_P_PTX_MANIFEST "${CMAKE_BINARY_DIR}/ptx/${p}.manifest")
  file(GENERATE OUTPUT "${CUC_P_PTX_MANIFEST}" CONTENT "${manifest_content}")
  configure_file("${PROJECT_SOURCE_DIR}/fixtures/src/profile.cpp.in" "${_gen}/profile_${p}.cpp" @ONLY)
  cuconform_add_profile_executable(${p} "${flags}" "${ptx_dir}" "${_gen}/profile_${p}.cpp")
  cuconform_discover(cuconform_${p})
endforeach()

# Codegen tier at test time: ptxas -v and cuobjdump of the toolkit that built
# this (else PATH, /usr/local/cuda/bin), and the parser tests, which join the
# framework's host tests (tests/host) once that directory has defined them.
get_filename_component(_cuc_cuda_bin "${CMAKE_CUDA_COMPILER}" DIRECTORY)
target_compile_definitions(cuconform_fixtures PRIVATE CUC_CUDA_BIN_DIR="${_cuc_cuda_bin}")
cmake_language(DEFER CALL target_sources cuconform_host_tests PRIVATE "${PROJECT_SOURCE_DIR}/tests/host/codegen_test.cpp")
