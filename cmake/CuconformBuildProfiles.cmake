# How each profile's executable is built from the unit TUs.
#
# Split build (CUCONFORM_SPLIT_BUILD=ON, the default): the profile flags reach
# only cicc and ptxas, so every unit TU's host side (host preprocessing,
# cudafe++, the host compile of the harness and the unit's CPU code) is
# compiled ONCE, into the object library cuconform_unit_host, and only its
# device side (cicc, ptxas, fatbinary) once per profile, into
# cuconform_unit_device_<profile>: objects that hold nothing but the fatbinary.
# Linking the host objects with one profile's device objects gives that
# profile's executable. cmake/nvcc-split.py does both halves with nvcc's own
# steps (see its header); the device half is `nvcc -fatbin` with the very
# arguments of a whole compile, so the PTX and SASS are those of a whole
# compile (ci/bench/ptx_identity.py compares kept PTX trees).
#
# Whether a profile's flags really leave the host side alone is checked at
# configure time for this toolkit (nvcc --dryrun with and without them; the
# host steps must be identical). A profile whose flags touch the host side
# (e.g. -O2, -D..., anything let through by CUCONFORM_ALLOW_UNKNOWN_FLAGS) is
# built the unsplit way: every TU compiled whole for that profile.
#
# Unsplit build (CUCONFORM_SPLIT_BUILD=OFF): every profile compiles every TU
# whole (nvcc -c), keeping its PTX through cmake/nvcc-keep-ptx.sh. For a
# toolkit whose nvcc driver the split launcher does not recognise.

include_guard(GLOBAL)
option(CUCONFORM_SPLIT_BUILD "Compile each unit TU's host side once and only its device side per profile" ON)

# Per cuconform_add_units() call (reads the caller's _cuc_* variables, sets
# the split launcher's paths and the -gencode arguments in the caller).
macro(_cuconform_build_setup)
  if(CUCONFORM_SPLIT_BUILD)
    find_package(Python3 COMPONENTS Interpreter REQUIRED)
    set(_cuc_split "${CUCONFORM_CMAKE_DIR}/nvcc-split.py")
    set(_cuc_stub_dir "${CMAKE_CURRENT_BINARY_DIR}/stubs")
    set(_cuc_stems_file "${_cuc_gen}/unit_stems.txt")
    set(_cuc_stems "")
    foreach(_cuc_src IN LISTS _cuc_sources)
      get_filename_component(_cuc_stem "${_cuc_src}" NAME_WE)
      string(APPEND _cuc_stems "${_cuc_stem}\n")
    endforeach()
    file(WRITE "${_cuc_stems_file}.new" "${_cuc_stems}")
    configure_file("${_cuc_stems_file}.new" "${_cuc_stems_file}" COPYONLY)
    # nvcc arguments every unit TU gets (as the compile line will have them),
    # for the configure-time check of which profiles may share host objects.
    set(_cuc_arch_args "")
    foreach(_cuc_a IN LISTS CMAKE_CUDA_ARCHITECTURES)
      if(_cuc_a MATCHES "^([0-9]+[af]?)-real$")
        list(APPEND _cuc_arch_args "--generate-code=arch=compute_${CMAKE_MATCH_1},code=[sm_${CMAKE_MATCH_1}]")
      elseif(_cuc_a MATCHES "^([0-9]+[af]?)-virtual$")
        list(APPEND _cuc_arch_args "--generate-code=arch=compute_${CMAKE_MATCH_1},code=[compute_${CMAKE_MATCH_1}]")
      elseif(_cuc_a MATCHES "^([0-9]+[af]?)$")
        list(APPEND _cuc_arch_args "--generate-code=arch=compute_${CMAKE_MATCH_1},code=[compute_${CMAKE_MATCH_1},sm_${CMAKE_MATCH_1}]")
      endif()
    endforeach()
  endif()
endmacro()

# Does this profile's flag list leave nvcc's host steps unchanged? (configure time)
function(_cuconform_flags_host_neutral flags out)
  if(NOT flags)
    set(${out} TRUE PARENT_SCOPE)
    return()
  endif()
  execute_process(
    COMMAND "${Python3_EXECUTABLE}" "${_cuc_split}" check-host-neutral "${CMAKE_CUDA_COMPILER}" ${_cuc_arch_args}
            ${CUCONFORM_UNIT_HOST_OPT} -- ${flags}
    RESULT_VARIABLE rc OUTPUT_VARIABLE why ERROR_VARIABLE why)
  if(rc EQUAL 0)
    set(${out} TRUE PARENT_SCOPE)
  else()
    string(STRIP "${why}" why)
    message(STATUS "cuconform: profile flags '${flags}' change nvcc's host steps (${why}); that profile is built unsplit")
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# Usage requirements every unit TU compiles with (include dirs, definitions, host FP flags).
function(_cuconform_unit_usage target)
  target_link_libraries(${target} PRIVATE ${_cuc_unit_libs} GTest::gtest)
  target_include_directories(${target} PRIVATE ${_cuc_unit_includes})
  target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${_cuc_unit_host_fp}>")
  if(CUCONFORM_SWEEP_BENCHMARK)
    target_compile_definitions(${target} PRIVATE CUCONFORM_SWEEP_BASELINE_KERNEL=1)
  endif()
  if(NOT CUCONFORM_EXHAUSTIVE)
    target_compile_definitions(${target} PRIVATE CUCONFORM_EXHAUSTIVE_TIER=0)
  endif()
  set_target_properties(${target} PROPERTIES CUDA_RUNTIME_LIBRARY Static CUDA_SEPARABLE_COMPILATION OFF)
endfunction()

# The host objects, once per call: made on the first profile that can share
# them, whose device compile also provides the kernel-registration stubs.
function(_cuconform_host_objects stub_profile)
  if(TARGET ${_cuc_name}_unit_host)
    return()
  endif()
  add_library(${_cuc_name}_unit_host OBJECT ${_cuc_sources})
  _cuconform_unit_usage(${_cuc_name}_unit_host)
  target_compile_options(${_cuc_name}_unit_host PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${CUCONFORM_UNIT_HOST_OPT}>")
  set_target_properties(${_cuc_name}_unit_host PROPERTIES CUDA_COMPILER_LAUNCHER
    "${Python3_EXECUTABLE};${_cuc_split};host;${stub_profile};${_cuc_stub_dir};--")
  # A TU's host compile reads the stub its device compile under stub_profile
  # wrote. add_dependencies() on the object library alone only orders the two
  # targets' *start* under Ninja; a utility target that depends on the device
  # objects themselves makes every host compile wait for them.
  add_custom_target(${_cuc_name}_unit_stubs DEPENDS $<TARGET_OBJECTS:${_cuc_name}_unit_device_${stub_profile}>)
  add_dependencies(${_cuc_name}_unit_stubs ${_cuc_name}_unit_device_${stub_profile})
  add_dependencies(${_cuc_name}_unit_host ${_cuc_name}_unit_stubs)
  set_property(GLOBAL PROPERTY CUCONFORM_STUB_PROFILE_${_cuc_name} ${stub_profile})
endfunction()

# extra_sources: the executable's generated sources (profile facts, reference build id).
function(_cuconform_add_profile_executable p flags ptx_dir extra_sources)
  set(exe ${_cuc_name}_${p})
  set(split OFF)
  if(CUCONFORM_SPLIT_BUILD)
    _cuconform_flags_host_neutral("${flags}" split)
  endif()
  if(split)
    add_library(${_cuc_name}_unit_device_${p} OBJECT ${_cuc_sources})
    _cuconform_unit_usage(${_cuc_name}_unit_device_${p})
    target_compile_options(${_cuc_name}_unit_device_${p} PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${CUCONFORM_UNIT_HOST_OPT};${flags}>")
    set_target_properties(${_cuc_name}_unit_device_${p} PROPERTIES CUDA_COMPILER_LAUNCHER
      "${Python3_EXECUTABLE};${_cuc_split};device;${p};${ptx_dir};${_cuc_stub_dir};${CMAKE_CXX_COMPILER};--")
    _cuconform_host_objects(${p})
    add_executable(${exe} ${extra_sources})
    get_property(stub_profile GLOBAL PROPERTY CUCONFORM_STUB_PROFILE_${_cuc_name})
    # Before linking: this profile registers the same kernels as the host objects expect.
    add_custom_command(TARGET ${exe} PRE_LINK
      COMMAND "${Python3_EXECUTABLE}" "${_cuc_split}" check-stubs "${_cuc_stub_dir}" "${_cuc_stems_file}" ${stub_profile} ${p}
      VERBATIM)
    target_link_libraries(${exe} PRIVATE ${_cuc_name}_unit_host ${_cuc_name}_unit_device_${p} cuconform::main
                                         ${_cuc_unit_libs} GTest::gtest CUDA::cudart_static)
    set_target_properties(${exe} PROPERTIES LINKER_LANGUAGE CXX)
  else()
    add_executable(${exe} ${_cuc_sources} ${extra_sources})
    _cuconform_unit_usage(${exe})
    target_link_libraries(${exe} PRIVATE cuconform::main CUDA::cudart_static)
    target_compile_options(${exe} PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${CUCONFORM_UNIT_HOST_OPT};${flags}>")
    set_target_properties(${exe} PROPERTIES CUDA_COMPILER_LAUNCHER "${CUCONFORM_CMAKE_DIR}/nvcc-keep-ptx.sh;${ptx_dir}")
  endif()
  set(_cuc_split_${p} ${split} PARENT_SCOPE)
  if(split)
    message(STATUS "cuconform: ${_cuc_name}: profile ${p}: device code only (host objects shared)")
  else()
    message(STATUS "cuconform: ${_cuc_name}: profile ${p}: every unit TU compiled whole")
  endif()
endfunction()
