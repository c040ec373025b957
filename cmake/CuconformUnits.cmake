# cuconform_add_units(): unit headers -> generated TUs -> one test executable
# per flag profile -> ctest tests with labels. The suite's own units go through
# it (cmake/CuconformSuite.cmake), and so do a user's, after
# find_package(cuconform) or FetchContent (examples/consumer/):
#
#   cuconform_add_units(<name>
#     UNITS <header>...            unit headers (.cuh), relative to BASE_DIR or absolute
#     [BASE_DIR <dir>]             TU names and include root of the units (default: CMAKE_CURRENT_SOURCE_DIR)
#     [PROFILES <profile>...]      default: CUCONFORM_PROFILES (cmake/CuconformProfiles.cmake)
#     [REFERENCES <source>...]     host-only sources of the units' exact references, compiled by the
#                                  C++ compiler with Boost.Multiprecision (float128) available
#     [INCLUDE_DIRECTORIES <dir>...] [LINK_LIBRARIES <lib>...]   for the units' own code
#     [REFERENCE_DEPENDS <file>...] files besides UNITS and REFERENCES that reference values depend on
#     [GROUP_SIZE <n>] [ALONE <folder>...]  light units of a folder share a TU, n headers at most;
#                                  headers under an ALONE folder get a TU each
#     [POOL_FOLDERS])              units of different folders under the same top folder may
#                                  share a TU too (fewer TUs: a build compiled once, like CI's)
#
# Makes targets <name>_<profile> (executables), <name>_code_classes (which
# profiles build the same device code of each unit: ptx/code-classes.tsv, and
# which unit each kernel belongs to: ptx/kernel-owners.tsv) and, at ctest time,
# one test per case for the profiles that share it (<p1+p2+...>/<Unit>.<form>.cpu),
# per profile for the codegen and perf tiers, and for the GPU tiers batches of
# units of one tier and code class (<p1+p2>/<UnitA+UnitB>.gpu, .exhaustive_gpu),
# labelled like the suite's
# (cmake/CuconformDiscoverTests.cmake). Records go to <top build
# dir>/results/<run>/ per profile (CUCONFORM_RESULTS_DIR overrides).
# One call per CMake directory (its ptx/, stubs/ and generated/ folders are the
# call's); add more from subdirectories.

include_guard(GLOBAL)
set(CUCONFORM_CMAKE_DIR "${CMAKE_CURRENT_LIST_DIR}" CACHE INTERNAL "cuconform's CMake modules and templates")
include("${CMAKE_CURRENT_LIST_DIR}/CuconformProfiles.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/CuconformBuildProfiles.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/CuconformTuPlan.cmake")

# Host optimisation of the unit TUs. nvcc's -O sets the host compiler's level
# only (cicc and ptxas optimise device code the same way at any -O), and the
# host pass is ~80% of a unit TU's compile time (measured: fractional_powers_f32
# 48 s at -O3, 11 s at -O0; fma_contraction 9.4 s vs 5.2 s). The CPU side's
# results do not depend on it: x86-64 SSE2 arithmetic under -ffp-contract=off
# -fno-fast-math is IEEE at every level, and the float128 reference and the
# fixtures stay at the build type's level. The value is recorded with the flags.
set(CUCONFORM_UNIT_HOST_OPT "-O0" CACHE STRING "nvcc -O level for the host side of unit TUs (-O0 keeps nvcc builds fast)")
# Every TU pays for parsing the harness once per profile (about 8 of a light
# unit's 10 CPU seconds: cudafe++, cicc and gcc on cuconform/harness.cuh and
# GoogleTest), so the light units of a folder share TUs (measured in
# docs/performance/build-and-tests.md). A TU's codegen tier reads that TU's PTX; every unit's
# kernels keep their own names.
set(CUCONFORM_TU_GROUP_SIZE 8 CACHE STRING "Unit headers of one folder compiled together in one TU (1: one TU per header)")
# The exhaustive tier's speed baseline (fixtures/include/cuconform/exhaustive/baseline.cuh):
# one more kernel per swept form, compiled only for benchmark builds.
option(CUCONFORM_SWEEP_BENCHMARK "Compile the minimal sweep kernel (CUCONFORM_SWEEP_BASELINE=1 times it next to each sweep)" OFF)
# The exhaustive tier (2^32 inputs of every one-argument float form, on a GPU)
# is most of a math unit's device compile: its sweep and reference kernels
# took 8.8 of intrinsics_explog's 11.4 CPU s per profile (docs/performance/build-and-tests.md).
# Builds that never run the tier leave it out: ci/test.sh (its ctest stages
# exclude tier:exhaustive) configures OFF; ci/build.sh, ci/pack-for-gpu.sh and
# ci/conformance.sh keep the default ON. OFF registers no exhaustive test.
option(CUCONFORM_EXHAUSTIVE "Build the exhaustive tier (sweep kernels); OFF where that tier never runs" ON)

# Host arithmetic must not depend on the build machine (catalog A8): no host
# contraction, no fast math, no -march that brings FMA.
function(_cuconform_check_host_flags)
  foreach(v CMAKE_CXX_FLAGS CMAKE_CUDA_FLAGS CMAKE_CXX_FLAGS_RELEASE CMAKE_CXX_FLAGS_${CMAKE_BUILD_TYPE})
    if("${${v}}" MATCHES "(-march=native|-ffast-math|-Ofast|-mfma)")
      message(FATAL_ERROR "cuconform: ${v} contains '${CMAKE_MATCH_1}', which makes CPU results depend on the build "
                          "machine (host contraction / fast math). Remove it.")
    endif()
  endforeach()
endfunction()

# Writes one TU that includes `headers` (a list), named `stem`, and appends it to _cuc_sources.
function(_cuconform_unit_tu stem headers)
  set(CUC_UNIT_REL "")
  set(CUC_UNIT_INCLUDES "")
  foreach(h IN LISTS headers)
    file(RELATIVE_PATH rel "${_cuc_base}" "${h}")
    list(APPEND CUC_UNIT_REL "${rel}")
    string(APPEND CUC_UNIT_INCLUDES "#include \"${h}\"\n")
  endforeach()
  list(JOIN CUC_UNIT_REL ", " CUC_UNIT_REL)
  set(CUC_TU_STEM "${stem}")
  string(MAKE_C_IDENTIFIER "${stem}" CUC_TU_SYMBOL)  # = cmake/nvcc-split.py's symbol_of()
  configure_file("${CUCONFORM_CMAKE_DIR}/unit_test.cu.in" "${_cuc_gen}/${stem}.cu" @ONLY)
  set(_cuc_sources ${_cuc_sources} "${_cuc_gen}/${stem}.cu" PARENT_SCOPE)
endfunction()

# Unit headers -> TUs: _cuconform_make_tus (cmake/CuconformTuPlan.cmake).

# One row of profiles.cpp.in's table (a C++ initializer).
function(cuconform_profile_row out name flags fmad ftz prec_div prec_sqrt fast_math nvcc_flags manifest)
  set(${out} "    {{\"${name}\", \"${flags}\", ${fmad} != 0, ${ftz} != 0, ${prec_div} != 0, ${prec_sqrt} != 0, ${fast_math} != 0},\n     \"${nvcc_flags}\", \"${manifest}\"},\n" PARENT_SCOPE)
endfunction()

# Which profiles build the same device code of each unit (cmake/cuconform-code-classes.py,
# from the kept PTX of every profile), remade whenever an executable is relinked;
# ctest-time discovery runs a unit's tests once for the profiles of a class.
function(_cuconform_code_classes specs)
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  set(out "${_cuc_ptx_root}/code-classes.tsv")
  set(deps "")
  foreach(p IN LISTS profiles)
    list(APPEND deps ${_cuc_name}_${p})
  endforeach()
  # Where the units' includes resolve (the units' own folders, the unit API and the harness).
  # The script runs in the build folder: a relative INCLUDE_DIRECTORIES folder is the
  # caller's source folder's, as target_include_directories reads it.
  set(incs "")
  foreach(d IN LISTS _cuc_unit_includes)
    if(NOT d MATCHES "^\\$<" AND NOT IS_ABSOLUTE "${d}")
      set(d "${CMAKE_CURRENT_SOURCE_DIR}/${d}")
    endif()
    list(APPEND incs "-I${d}")
  endforeach()
  foreach(t cuconform::fixtures cuconform::kernels cuconform::reference)
    get_target_property(ti ${t} INTERFACE_INCLUDE_DIRECTORIES)
    foreach(d IN LISTS ti)
      list(APPEND incs "-I${d}")
    endforeach()
  endforeach()
  add_custom_command(OUTPUT "${out}"
    COMMAND "${Python3_EXECUTABLE}" "${CUCONFORM_CMAKE_DIR}/cuconform-code-classes.py" "${out}" "${_cuc_ptx_root}" "${_cuc_gen}"
            ${incs} ${specs}
    DEPENDS ${deps} "${CUCONFORM_CMAKE_DIR}/cuconform-code-classes.py" "${CUCONFORM_CMAKE_DIR}/cuconform_source_index.py"
            "${CUCONFORM_CMAKE_DIR}/cuconform_ptx_text.py"
    COMMENT "cuconform: code classes of ${_cuc_name}'s units (which profiles build the same device code)" VERBATIM)
  add_custom_target(${_cuc_name}_code_classes ALL DEPENDS "${out}")
endfunction()

# ctest-time discovery of the call's executables (see CuconformDiscoverTests.cmake,
# copied into the build tree so that a carried build needs no source tree).
# exes: <profile>=<executable> for every profile, in the call's order.
function(_cuconform_discover exes)
  set(inc "${CMAKE_CURRENT_BINARY_DIR}/${_cuc_name}_tests.cmake")
  file(GENERATE OUTPUT "${inc}" CONTENT
"set(CUC_EXES \"${exes}\")
set(CUC_CLASSES \"${_cuc_ptx_root}/code-classes.tsv\")
set(CUC_TARGET \"${_cuc_name}\")
include(\"${CMAKE_BINARY_DIR}/cuconform/CuconformDiscoverTests.cmake\")
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${inc}")
endfunction()

# Once per build tree: the run folder's ctest fixture and the scripts ctest runs.
function(_cuconform_build_tree_setup)
  get_property(done GLOBAL PROPERTY CUCONFORM_BUILD_TREE_SETUP)
  if(done)
    return()
  endif()
  set_property(GLOBAL PROPERTY CUCONFORM_BUILD_TREE_SETUP TRUE)
  file(COPY "${CUCONFORM_CMAKE_DIR}/CuconformDiscoverTests.cmake" "${CUCONFORM_CMAKE_DIR}/begin_run.sh"
            "${CUCONFORM_CMAKE_DIR}/end_run.sh" DESTINATION "${CMAKE_BINARY_DIR}/cuconform")
  # One ctest run = one results folder (fixture pulled in by every graded test),
  # marked complete once every test has ended (a killed run has no end mark).
  add_test(NAME cuconform.run.begin COMMAND sh "${CMAKE_BINARY_DIR}/cuconform/begin_run.sh" "${CMAKE_BINARY_DIR}")
  set_tests_properties(cuconform.run.begin PROPERTIES FIXTURES_SETUP cuconform_run LABELS "kind:infra")
  add_test(NAME cuconform.run.end COMMAND sh "${CMAKE_BINARY_DIR}/cuconform/end_run.sh" "${CMAKE_BINARY_DIR}")
  set_tests_properties(cuconform.run.end PROPERTIES FIXTURES_CLEANUP cuconform_run LABELS "kind:infra")
endfunction()

function(cuconform_add_units name)
  cmake_parse_arguments(PARSE_ARGV 1 A "POOL_FOLDERS" "BASE_DIR;GROUP_SIZE"
                        "UNITS;PROFILES;REFERENCES;INCLUDE_DIRECTORIES;LINK_LIBRARIES;REFERENCE_DEPENDS;ALONE;ACCEPTED")
  if(A_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cuconform_add_units(${name}): unknown arguments '${A_UNPARSED_ARGUMENTS}'. Known: UNITS, "
                        "BASE_DIR, PROFILES, REFERENCES, INCLUDE_DIRECTORIES, LINK_LIBRARIES, REFERENCE_DEPENDS, GROUP_SIZE, ALONE, "
                        "POOL_FOLDERS, ACCEPTED")
  endif()
  # ACCEPTED: baselines (files, or folders of them) whose accepted findings the
  # tests apply at run time (fixtures/include/cuconform/harness/accepted.h).
  set(_cuc_accepted "")
  foreach(a IN LISTS A_ACCEPTED)
    get_filename_component(abs "${a}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${abs}")
      message(FATAL_ERROR "cuconform_add_units(${name}): ACCEPTED '${a}' not found (looked at ${abs}); name a baseline "
                          "written by `cuconform baseline`, or a folder of them")
    endif()
    list(APPEND _cuc_accepted "${abs}")
  endforeach()
  if(NOT name MATCHES "^[A-Za-z][A-Za-z0-9_]*$")
    message(FATAL_ERROR "cuconform_add_units: name '${name}' must be a C identifier (it prefixes targets)")
  endif()
  if(NOT A_UNITS)
    message(FATAL_ERROR "cuconform_add_units(${name}): no UNITS given (unit headers, .cuh)")
  endif()
  get_property(prev DIRECTORY PROPERTY CUCONFORM_UNITS_NAME)
  if(prev)
    message(FATAL_ERROR "cuconform_add_units(${name}): this directory already has '${prev}'; call it once per "
                        "directory (add_subdirectory for more), as ptx/, stubs/ and generated/ are the call's")
  endif()
  set_property(DIRECTORY PROPERTY CUCONFORM_UNITS_NAME "${name}")
  foreach(t cuconform::fixtures cuconform::main cuconform::kernels cuconform::reference)
    if(NOT TARGET ${t})
      message(FATAL_ERROR "cuconform_add_units(${name}): target ${t} is missing; use find_package(cuconform) or "
                          "FetchContent/add_subdirectory of cuconform first")
    endif()
  endforeach()
  # Imported targets are per directory: a project that pulled cuconform in
  # with FetchContent has not found these itself.
  if(NOT TARGET GTest::gtest)
    find_package(GTest REQUIRED)
  endif()
  if(NOT TARGET CUDA::cudart_static)
    find_package(CUDAToolkit REQUIRED)
  endif()
  if(NOT TARGET Boost::headers)
    find_package(Boost 1.74 REQUIRED)
  endif()
  if(NOT CMAKE_CUDA_COMPILER_LOADED)
    message(FATAL_ERROR "cuconform_add_units(${name}): enable the CUDA language first (project(... LANGUAGES CXX CUDA))")
  endif()
  _cuconform_check_host_flags()

  set(_cuc_name "${name}")
  set(_cuc_base "${CMAKE_CURRENT_SOURCE_DIR}")
  if(A_BASE_DIR)
    get_filename_component(_cuc_base "${A_BASE_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()
  set(profiles "${CUCONFORM_PROFILES}")
  if(A_PROFILES)
    set(profiles "${A_PROFILES}")
  endif()
  cuconform_check_profiles("${profiles}")
  set(_cuc_group "${CUCONFORM_TU_GROUP_SIZE}")
  if(A_GROUP_SIZE)
    set(_cuc_group "${A_GROUP_SIZE}")
  endif()
  if(NOT _cuc_group MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "cuconform_add_units(${name}): group size '${_cuc_group}' is not a positive integer")
  endif()
  if(NOT CUCONFORM_UNIT_HOST_OPT MATCHES "^-O[0-3s]$")
    message(FATAL_ERROR "cuconform: CUCONFORM_UNIT_HOST_OPT='${CUCONFORM_UNIT_HOST_OPT}' is not one of -O0 -O1 -O2 -O3 -Os")
  endif()
  set(_cuc_alone "${A_ALONE}")
  set(_cuc_pool "${A_POOL_FOLDERS}")
  set(headers "")
  foreach(h IN LISTS A_UNITS)
    get_filename_component(abs "${h}" ABSOLUTE BASE_DIR "${_cuc_base}")
    if(NOT EXISTS "${abs}")
      message(FATAL_ERROR "cuconform_add_units(${name}): unit header '${h}' not found (looked at ${abs})")
    endif()
    list(APPEND headers "${abs}")
  endforeach()

  # The unit TUs get CUCONFORM_UNIT_HOST_OPT: drop the build type's -O from
  # this directory's CUDA flags so that nvcc does not see two levels (it warns
  # on every TU, and the split launcher stops on that warning).
  foreach(cfg "" _RELEASE _DEBUG _RELWITHDEBINFO _MINSIZEREL)
    string(REGEX REPLACE "(^| )-O[0-3s]( |$)" " " CMAKE_CUDA_FLAGS${cfg} "${CMAKE_CUDA_FLAGS${cfg}}")
    set(CMAKE_CUDA_FLAGS${cfg} "${CMAKE_CUDA_FLAGS${cfg}}" PARENT_SCOPE)
  endforeach()

  _cuconform_build_tree_setup()
  set(_cuc_gen "${CMAKE_CURRENT_BINARY_DIR}/generated")
  _cuconform_make_tus("${headers}")

  # The units' exact references: host compiler only (nvcc cannot parse Boost's float128).
  set(refs_target "")
  if(A_REFERENCES)
    set(refs_target ${name}_references)
    add_library(${refs_target} STATIC ${A_REFERENCES})
    target_link_libraries(${refs_target} PUBLIC cuconform::reference PRIVATE Boost::headers)
    target_include_directories(${refs_target} PRIVATE "${_cuc_base}" ${A_INCLUDE_DIRECTORIES})
    target_compile_options(${refs_target} PRIVATE ${CUCONFORM_HOST_FP_FLAGS})
  endif()

  # The reference cache's build id: a hash of every source a reference value
  # can depend on (kernels/cuconform/refcache.h), remade when one changes.
  set(ref_files ${headers} ${A_REFERENCES} ${A_REFERENCE_DEPENDS} ${CUCONFORM_PACKAGE_REFERENCE_FILES})
  set(ref_abs "")
  foreach(f IN LISTS ref_files)
    get_filename_component(f "${f}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND ref_abs "${f}")
  endforeach()
  list(REMOVE_DUPLICATES ref_abs)
  list(JOIN CUCONFORM_HOST_FP_FLAGS " " host_fp_str)
  add_custom_command(OUTPUT "${_cuc_gen}/reference_build_id.cpp"
    COMMAND "${CMAKE_COMMAND}" "-DROOT=${_cuc_base}" "-DOUT=${_cuc_gen}/reference_build_id.cpp" "-DFILES=${ref_abs}"
            "-DEXTRA=${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} ${CMAKE_BUILD_TYPE} ${CMAKE_CXX_FLAGS} ${host_fp_str}"
            -P "${CUCONFORM_CMAKE_DIR}/reference_build_id.cmake"
    DEPENDS ${ref_abs} "${CUCONFORM_CMAKE_DIR}/reference_build_id.cmake"
    COMMENT "cuconform: reference build id (${name})" VERBATIM)

  # What the units' TUs compile and link with.
  set(_cuc_unit_libs cuconform::fixtures cuconform::kernels ${refs_target} ${A_LINK_LIBRARIES})
  set(_cuc_unit_includes "${_cuc_base}" ${A_INCLUDE_DIRECTORIES})
  list(JOIN CUCONFORM_HOST_FP_FLAGS "," host_fp_csv)
  set(_cuc_unit_host_fp "-Xcompiler=${host_fp_csv}")
  set(_cuc_ptx_root "${CMAKE_CURRENT_BINARY_DIR}/ptx")
  _cuconform_build_setup()

  # Architectures whose PTX the codegen tier reads: every number in
  # CMAKE_CUDA_ARCHITECTURES (nvcc generates PTX for each on the way to its code).
  set(ptx_archs "")
  foreach(a IN LISTS CMAKE_CUDA_ARCHITECTURES)
    string(REGEX REPLACE "-(real|virtual)$" "" a "${a}")
    list(APPEND ptx_archs ${a})
  endforeach()
  list(REMOVE_DUPLICATES ptx_archs)
  get_filename_component(cuda_bin "${CMAKE_CUDA_COMPILER}" DIRECTORY)
  set(CUC_B_DIR "${CMAKE_BINARY_DIR}")
  set(CUC_B_NVCC_VERSION "${CMAKE_CUDA_COMPILER_VERSION}")
  set(CUC_B_HOST_COMPILER "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
  string(STRIP "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_RELEASE} ${host_fp_str}" CUC_B_HOST_FLAGS)
  set(CUC_B_CUDA_BIN_DIR "${cuda_bin}")
  set(CUC_B_ACCEPTED "${_cuc_accepted}")
  list(JOIN CMAKE_CUDA_ARCHITECTURES "," CUC_P_ARCHS)
  # Every profile of the call, as data every executable carries (profiles.cpp.in):
  # one executable can then grade a test under another profile's identity.
  set(CUC_PROFILE_ROWS "")
  foreach(p IN LISTS profiles)
    set(flags "${CUCONFORM_PROFILE_${p}_FLAGS}")
    cuconform_profile_semantics("${p}" "${flags}" SEM)
    list(JOIN flags " " flags_str)
    string(STRIP "${CMAKE_CUDA_FLAGS} ${CUCONFORM_UNIT_HOST_OPT} ${flags_str} ${_cuc_unit_host_fp}" nvcc_flags_str)
    cuconform_profile_row(row "${p}" "${flags_str}" ${SEM_FMAD} ${SEM_FTZ} ${SEM_PREC_DIV} ${SEM_PREC_SQRT}
                          ${SEM_FAST_MATH} "${nvcc_flags_str}" "${_cuc_ptx_root}/${p}.manifest")
    string(APPEND CUC_PROFILE_ROWS "${row}")
  endforeach()
  set(CUC_CALL_NAME "${name}")
  configure_file("${CUCONFORM_CMAKE_DIR}/profiles.cpp.in" "${_cuc_gen}/profiles_${name}.cpp" @ONLY)
  set(class_specs "")
  set(exes "")
  foreach(p IN LISTS profiles)
    set(flags "${CUCONFORM_PROFILE_${p}_FLAGS}")
    set(CUC_P_NAME "${p}")
    # PTX of every unit TU under this profile, per architecture: kept from the
    # profile's own device compile (nvcc -keep), never from a second compile.
    set(ptx_dir "${_cuc_ptx_root}/${p}")
    set(manifest_content "")
    foreach(src IN LISTS _cuc_sources)
      get_filename_component(stem "${src}" NAME_WE)
      foreach(a IN LISTS ptx_archs)
        string(APPEND manifest_content "${ptx_dir}/${stem}.sm${a}.ptx\n")
      endforeach()
    endforeach()
    file(GENERATE OUTPUT "${_cuc_ptx_root}/${p}.manifest" CONTENT "${manifest_content}")
    configure_file("${CUCONFORM_CMAKE_DIR}/profile.cpp.in" "${_cuc_gen}/profile_${p}.cpp" @ONLY)
    _cuconform_add_profile_executable(${p} "${flags}" "${ptx_dir}"
      "${_cuc_gen}/profile_${p}.cpp;${_cuc_gen}/profiles_${name}.cpp;${_cuc_gen}/reference_build_id.cpp")
    if(_cuc_split_${p})
      set(how split)
    else()
      set(how whole)
    endif()
    list(JOIN flags " " flags_sp)
    list(APPEND class_specs "${p}=${how}=${flags_sp}")
    list(APPEND exes "${p}=$<TARGET_FILE:${name}_${p}>")
  endforeach()
  _cuconform_code_classes("${class_specs}")
  _cuconform_discover("${exes}")
  list(LENGTH headers nh)
  list(LENGTH _cuc_sources nt)
  message(STATUS "cuconform: ${name}: ${nh} unit headers in ${nt} TUs, profiles: ${profiles}")
endfunction()
