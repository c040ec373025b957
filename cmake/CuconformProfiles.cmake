# cuconform flag profiles: the ONLY place nvcc flags for profiles are spelled.
#
# A profile is a name and a list of nvcc flags. Each profile builds its own
# test executable (cuconform_<name>) from the same sources. The binary cannot
# see these flags (nvcc defines no macro for -fmad/-ftz/-prec-*/-use_fast_math),
# so cuconform_profile_semantics() derives what they mean and the build passes
# that to the binary (fixtures/src/profile.cpp), which records it.
#
# Add a profile:  -DCUCONFORM_PROFILES="default;my" -DCUCONFORM_PROFILE_my_FLAGS="-ftz=true;-fmad=false"
include_guard(GLOBAL)

# (Cache entries, so that a project pulling cuconform in with FetchContent sees them too.)
set(CUCONFORM_PROFILE_default_FLAGS "" CACHE INTERNAL "")                # nvcc defaults: IEEE div/sqrt, no ftz, fmad on
set(CUCONFORM_PROFILE_no-fmad_FLAGS "-fmad=false" CACHE INTERNAL "")
set(CUCONFORM_PROFILE_fast-math_FLAGS "-use_fast_math" CACHE INTERNAL "") # = -ftz=true -prec-div=false -prec-sqrt=false -fmad=true + intrinsics
set(CUCONFORM_PROFILE_ftz_FLAGS "-ftz=true" CACHE INTERNAL "")
set(CUCONFORM_PROFILE_approx_FLAGS "-prec-div=false;-prec-sqrt=false" CACHE INTERNAL "")
set(CUCONFORM_BUILTIN_PROFILES default no-fmad fast-math ftz approx CACHE INTERNAL "")

set(CUCONFORM_PROFILES "${CUCONFORM_BUILTIN_PROFILES}" CACHE STRING "Flag profiles to build (see cmake/CuconformProfiles.cmake)")
option(CUCONFORM_ALLOW_UNKNOWN_FLAGS "Pass profile flags that cuconform does not understand, unchecked" OFF)

# Host side of every unit (nvcc host pass and g++): arithmetic that does not
# depend on the build machine. No -march (FMA3 would contract a*b+c on the
# host), no fast math, no contraction: the CPU results are SSE2 IEEE binary32/64.
set(CUCONFORM_HOST_FP_FLAGS -ffp-contract=off -fno-fast-math CACHE INTERNAL "")

# Parse a profile's flags into semantics. Fails the configure step with a clear
# message on a flag it does not understand or a bad value.
function(cuconform_profile_semantics profile flags out_prefix)
  set(fmad 1)
  set(ftz 0)
  set(pdiv 1)
  set(psqrt 1)
  set(fast 0)
  foreach(f IN LISTS flags)
    if(f MATCHES "^--?use_fast_math$")
      set(fast 1)
      set(ftz 1)
      set(pdiv 0)
      set(psqrt 0)
      set(fmad 1)
    elseif(f MATCHES "^--?(ftz|fmad|prec-div|prec-sqrt)=(.*)$")
      set(opt "${CMAKE_MATCH_1}")
      set(val "${CMAKE_MATCH_2}")
      if(val STREQUAL "true")
        set(b 1)
      elseif(val STREQUAL "false")
        set(b 0)
      else()
        message(FATAL_ERROR "cuconform: profile '${profile}': flag '${f}' has value '${val}'; nvcc takes true or false")
      endif()
      if(opt STREQUAL "ftz")
        set(ftz ${b})
      elseif(opt STREQUAL "fmad")
        set(fmad ${b})
      elseif(opt STREQUAL "prec-div")
        set(pdiv ${b})
      else()
        set(psqrt ${b})
      endif()
    elseif(f MATCHES "^(-O[0-3]|-lineinfo|--extra-device-vectorization|-Xptxas=.+|--maxrregcount=[0-9]+|-maxrregcount=[0-9]+)$")
      # understood: no effect on the numerical semantics cuconform grades
    elseif(CUCONFORM_ALLOW_UNKNOWN_FLAGS)
      message(WARNING "cuconform: profile '${profile}': passing unknown flag '${f}' unchecked")
    else()
      message(FATAL_ERROR "cuconform: profile '${profile}': flag '${f}' is not understood. Known: -use_fast_math, "
                          "-ftz=, -fmad=, -prec-div=, -prec-sqrt= (true|false), -O0..3, -lineinfo, -Xptxas=..., "
                          "--maxrregcount=N, --extra-device-vectorization. Set -DCUCONFORM_ALLOW_UNKNOWN_FLAGS=ON to pass it unchecked.")
    endif()
  endforeach()
  set(${out_prefix}_FMAD ${fmad} PARENT_SCOPE)
  set(${out_prefix}_FTZ ${ftz} PARENT_SCOPE)
  set(${out_prefix}_PREC_DIV ${pdiv} PARENT_SCOPE)
  set(${out_prefix}_PREC_SQRT ${psqrt} PARENT_SCOPE)
  set(${out_prefix}_FAST_MATH ${fast} PARENT_SCOPE)
endfunction()

# Validate a profile list (default: CUCONFORM_PROFILES) before anything is generated.
function(cuconform_check_profiles)
  set(profiles "${CUCONFORM_PROFILES}")
  if(ARGC GREATER 0)
    set(profiles "${ARGV0}")
  endif()
  if(NOT profiles)
    message(FATAL_ERROR "cuconform: the profile list is empty; built-in profiles: ${CUCONFORM_BUILTIN_PROFILES}")
  endif()
  foreach(p IN LISTS profiles)
    if(NOT p MATCHES "^[a-z0-9][a-z0-9-]*$")
      message(FATAL_ERROR "cuconform: profile name '${p}' must be lower-case letters, digits and '-'")
    endif()
    if(NOT DEFINED CUCONFORM_PROFILE_${p}_FLAGS)
      message(FATAL_ERROR "cuconform: unknown profile '${p}'. Built-in profiles: ${CUCONFORM_BUILTIN_PROFILES}. "
                          "Define a new one with -DCUCONFORM_PROFILE_${p}_FLAGS=\"<nvcc flags>\".")
    endif()
    cuconform_profile_semantics("${p}" "${CUCONFORM_PROFILE_${p}_FLAGS}" _chk)
  endforeach()
endfunction()
