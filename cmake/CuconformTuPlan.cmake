# Which unit headers share a translation unit (cuconform_add_units's GROUP_SIZE,
# ALONE and POOL_FOLDERS): _cuconform_make_tus() below. A module of its own so
# that tests/host/tu_plan_test.cmake can run it in script mode with a stub
# _cuconform_unit_tu() that records each TU instead of writing it.
# Inputs (the caller's variables): _cuc_base (paths are relative to it),
# _cuc_group, _cuc_alone, _cuc_pool; it calls _cuconform_unit_tu(stem headers)
# once a TU.
include_guard(GLOBAL)

# Unit headers -> TUs (sets _cuc_sources in the caller). Headers of a folder
# in _cuc_alone, or all when the group size is 1, get a TU each; the others are
# grouped, at most _cuc_group headers a TU, as even as possible, by path.
# With _cuc_pool, a group is a top folder (kernels/, tests/selftest/: the
# path up to its last folder but one) rather than a folder: each TU has a
# fixed cost of about 20 CPU s (the harness through cudafe++ and gcc, and
# through cicc once a profile), and CI's build had 6 folders of 2 to 5 headers.
# Pooled TUs are named after their first header's folder and name (…__pool).
# A TU's stem is a file name without its extension wherever it is read back
# (NAME_WE): a unit header outside the project (a relative path through
# "..", as a user's project may name one) would give "..__dir__name", whose
# NAME_WE is empty; every "." becomes "_". (A macro: _cuconform_unit_tu sets
# _cuc_sources in its caller's scope, which must stay _cuconform_make_tus.)
macro(_cuconform_plan_tu _cuc_plan_stem_in _cuc_plan_headers)
  string(REPLACE "." "_" _cuc_plan_stem "${_cuc_plan_stem_in}")
  _cuconform_unit_tu("${_cuc_plan_stem}" "${_cuc_plan_headers}")
endmacro()

function(_cuconform_make_tus headers)
  set(_cuc_sources "")
  list(SORT headers)
  set(dirs "")
  foreach(h IN LISTS headers)
    file(RELATIVE_PATH rel "${_cuc_base}" "${h}")
    get_filename_component(d "${rel}" DIRECTORY)
    if(_cuc_pool AND NOT d IN_LIST _cuc_alone)
      get_filename_component(d "${d}" DIRECTORY)
      set(d "${d}/")  # (a pool's key: never a folder's own)
    endif()
    string(MAKE_C_IDENTIFIER "x${d}" dkey)
    if(d MATCHES "/$")
      string(MAKE_C_IDENTIFIER "pool_${d}" dkey)
    endif()
    if(NOT dkey IN_LIST dirs)
      list(APPEND dirs "${dkey}")
      set(dir_${dkey} "${d}")
      set(hdrs_${dkey} "")
    endif()
    list(APPEND hdrs_${dkey} "${h}")
  endforeach()
  foreach(dkey IN LISTS dirs)
    set(d "${dir_${dkey}}")
    string(REPLACE "/" "__" dstem "${d}")
    if(dstem STREQUAL "")
      set(dstem "units")
    endif()
    list(LENGTH hdrs_${dkey} n)
    if(d IN_LIST _cuc_alone OR _cuc_group EQUAL 1 OR n EQUAL 1)
      foreach(h IN LISTS hdrs_${dkey})
        file(RELATIVE_PATH hrel "${_cuc_base}" "${h}")
        get_filename_component(hdir "${hrel}" DIRECTORY)  # (= d, except in a pool)
        string(REPLACE "/" "__" hstem "${hdir}")
        if(hstem STREQUAL "")
          set(hstem "units")
        endif()
        get_filename_component(hname "${h}" NAME_WE)
        _cuconform_plan_tu("${hstem}__${hname}" "${h}")
      endforeach()
      continue()
    endif()
    math(EXPR groups "(${n} + ${_cuc_group} - 1) / ${_cuc_group}")
    set(i 0)
    foreach(g RANGE 1 ${groups})
      math(EXPR take "(${n} - ${i} + ${groups} - ${g}) / (${groups} - ${g} + 1)")
      list(SUBLIST hdrs_${dkey} ${i} ${take} members)
      math(EXPR i "${i} + ${take}")
      list(GET members 0 first)
      if(d MATCHES "/$")
        file(RELATIVE_PATH frel "${_cuc_base}" "${first}")
        string(REGEX REPLACE "\\.[^./]*$" "" frel "${frel}")
        string(REPLACE "/" "__" fstem "${frel}")
        _cuconform_plan_tu("${fstem}__pool" "${members}")
        continue()
      endif()
      get_filename_component(hname "${first}" NAME_WE)
      _cuconform_plan_tu("${dstem}__${hname}__group" "${members}")
    endforeach()
  endforeach()
  set(_cuc_sources ${_cuc_sources} PARENT_SCOPE)
endfunction()
