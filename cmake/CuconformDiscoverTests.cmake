# Runs inside ctest (TEST_INCLUDE_FILES), once per cuconform_add_units() call:
# asks its executables for their tests (--cuconform_list prints name, ctest
# name, labels and the profiles each test exists under; it makes no CUDA call)
# and adds ctest tests with the list-valued LABELS that gtest_discover_tests
# cannot set in CMake 3.25.
#
# Profile-invariant work runs once. The split build compiles a unit TU's host
# side once for every split profile, and the build's code classes
# (cmake/cuconform-code-classes.py, <ptx>/code-classes.tsv) say under which
# profiles a unit's device code is the same PTX. So:
#   CPU side (<Unit>.<form>.cpu, .exhaustive_cpu_subset, .model.cpu): the same
#     code under every split profile: one ctest test,
#     <p1+p2+...>/<Unit>.<form>.cpu, runs it once per profile identity
#     (--cuconform_profiles), grading and recording it under each.
#   GPU side: per unit, tier and code class, <Unit>.gpu (every form's
#     sampled GPU test), <Unit>.exhaustive_gpu (every sweep) and
#     <Unit>.extended_gpu (every test of the extended tier), batched (below)
#     into ctest tests <p1+p2>/<UnitA+UnitB+...>.<tier>, run by the executable of
#     the class's first profile for every profile of the class; a profile whose
#     device code differs is a class of its own and runs its own. A GPU process
#     pays for a CUDA context, and the driver makes them one at a time (about
#     0.16 s each on an H100, alone or not: 32 at once wait 5.3 s for theirs,
#     ci/bench/gpu-context-cost.sh), so a unit's forms share one, and so do
#     several units: the GPU tests of one tier, one class of profiles and one
#     environment are batched in listing order, at most 8 units a test
#     (<p1+p2>/<UnitA+UnitB+...>.gpu; 4 for the exhaustive and extended tiers,
#     whose sweeps are long), each unit with its own code signature. A unit
#     that skips inside a batch that ran others is a skipped record and a
#     [  SKIPPED ] line in the test's output; the test passes or fails on the
#     others. 1,075 GPU processes a whole run (846 contexts) became about 210.
#   Work that cannot depend on the profile (device launches, sweeps, host
#   models) is done once per process (cuconform/harness/shared_work.h); each record
#   says so (shared_run). Every profile keeps its records, labels and verdicts.
#   Per profile: the codegen tier (<Unit>.codegen.*: it reads that profile's
#   PTX and SASS), batched into <p>/<UnitA+UnitB+...>.codegen, the exact checks
#   of up to 16 units a process, of one profile, environment and kind: label
#   (exit 77 only when every check skipped), and the perf tier (<p>/<Unit>.claims.perf,
#   label tier:perf, RUN_SERIAL while CUCONFORM_PERF=1 at ctest time; without
#   it the perf tests skip at once, in parallel, and make no CUDA context).
#   The sanitize tier (<p>/<Unit>.<tool>.sanitize, label tier:sanitize): the
#   first profile only (it skips at once unless CUCONFORM_SANITIZE=1).
#   No code classes (a build that did not make them, or one relinked since:
#   any executable newer than the file): every profile runs its own tests.
# Every GPU test declares RESOURCE_GROUPS "gpus:1": with ctest
# --resource-spec-file (ci/gpu-resource-spec.sh writes one for the GPUs
# present) ctest spreads them over the GPUs and the test uses the one it was
# given (CTEST_RESOURCE_GROUP_0_GPUS; recorded as device.assigned_by); without
# a spec file ctest ignores the property.
# A test running several cases reports Skipped only when every case skipped
# and none failed (the executable exits 77: SKIP_RETURN_CODE); a skip regex on
# a process running several cases would hide a failure behind a skip.
# Inputs: CUC_EXES (<profile>=<executable>, in the call's order), CUC_CLASSES,
# CUC_TARGET. Uses only the executables, so a build tree carried to another
# machine runs under that machine's ctest.

# ctest reads this without the project's policies: the functions below are
# defined under CMP0057 (if(IN_LIST)), which they keep when called.
cmake_policy(PUSH)
cmake_policy(SET CMP0057 NEW)

# Splits list `items` by membership of list `of`, keeping the items' order:
# those in it go to variable `in_var`, the others to `out_var` (either name
# may be "" for none).
function(_cuc_partition items of in_var out_var)
  set(_in "")
  set(_out "")
  foreach(_i IN LISTS items)
    if(_i IN_LIST of)
      list(APPEND _in "${_i}")
    else()
      list(APPEND _out "${_i}")
    endif()
  endforeach()
  if(NOT in_var STREQUAL "")
    set(${in_var} "${_in}" PARENT_SCOPE)
  endif()
  if(NOT out_var STREQUAL "")
    set(${out_var} "${_out}" PARENT_SCOPE)
  endif()
endfunction()

# `name`'s key (a C identifier, under which the caller keeps what it collects
# about it) in variable `kvar`; the first time list `listvar` sees it, appends
# it there and sets _first TRUE.
macro(_cuc_first_sight listvar name kvar)
  string(MAKE_C_IDENTIFIER "${name}" ${kvar})
  set(_first FALSE)
  if(NOT DEFINED _seen_${listvar}_${${kvar}})
    set(_seen_${listvar}_${${kvar}} TRUE)
    list(APPEND ${listvar} "${name}")
    set(_first TRUE)
  endif()
endmacro()

function(_cuc_discover)
set(_profiles "")
foreach(_pe IN LISTS CUC_EXES)
  string(FIND "${_pe}" "=" _eq)
  string(SUBSTRING "${_pe}" 0 ${_eq} _p)
  math(EXPR _eq1 "${_eq} + 1")
  string(SUBSTRING "${_pe}" ${_eq1} -1 _exe)
  set(_exe_${_p} "${_exe}")
  if(NOT EXISTS "${_exe}")  # (a build packed with some profiles only: ci/pack-for-gpu.sh)
    add_test("${CUC_TARGET}_${_p}.NOT_BUILT" sh -c "echo 'cuconform: ${_exe} is not built; run the build first'; exit 1")
    set_tests_properties("${CUC_TARGET}_${_p}.NOT_BUILT" PROPERTIES LABELS "kind:infra")
    continue()
  endif()
  list(APPEND _profiles "${_p}")
endforeach()
if(NOT _profiles)
  return()
endif()

# The code classes, unless missing or older than an executable.
set(_have_classes FALSE)
set(_split "")
if(EXISTS "${CUC_CLASSES}")
  set(_have_classes TRUE)
  file(TIMESTAMP "${CUC_CLASSES}" _ct "%s" UTC)
  foreach(_p IN LISTS _profiles)
    file(TIMESTAMP "${_exe_${_p}}" _et "%s" UTC)
    if(_et GREATER _ct)
      set(_have_classes FALSE)
    endif()
  endforeach()
endif()
set(_units "")
if(_have_classes)
  file(STRINGS "${CUC_CLASSES}" _cls)
  foreach(_l IN LISTS _cls)
    if(_l MATCHES "^profile\t([^\t]+)\tsplit$")
      if(CMAKE_MATCH_1 IN_LIST _profiles)
        list(APPEND _split "${CMAKE_MATCH_1}")
      endif()
    elseif(_l MATCHES "^class\t([^\t]+)\t([^\t]+)\t([^\t]+)\t")
      set(_u "${CMAKE_MATCH_1}")
      string(REPLACE "," ";" _cp "${CMAKE_MATCH_2}")
      if(NOT DEFINED _ncls_${_u})
        set(_ncls_${_u} 0)
        list(APPEND _units "${_u}")
      endif()
      set(_cls_${_u}_${_ncls_${_u}} "${_cp}")
      set(_sig_${_u}_${_ncls_${_u}} "${CMAKE_MATCH_3}")
      math(EXPR _ncls_${_u} "${_ncls_${_u}} + 1")
    endif()
  endforeach()
endif()

# Listings: the split profiles' shared host code answers for all of them
# (asked under each identity); a profile built whole answers for itself.
set(_listings "")
if(_split)
  list(GET _split 0 _first)
  list(JOIN _split "," _split_csv)
  list(APPEND _listings "${_first}|${_split_csv}")
endif()
_cuc_partition("${_profiles}" "${_split}" "" _whole)
foreach(_p IN LISTS _whole)
  list(APPEND _listings "${_p}|${_p}")
endforeach()

set(_tests "")     # gtest names, in order
set(_groups "")    # GPU groups: <Unit>.<tier>
set(_cbatches "")  # codegen batches: c<N>
foreach(_li IN LISTS _listings)
  string(REPLACE "|" ";" _li "${_li}")
  list(GET _li 0 _lp)
  list(GET _li 1 _lfor)
  execute_process(COMMAND "${_exe_${_lp}}" --cuconform_list "--cuconform_profiles=${_lfor}"
                  OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc TIMEOUT 60)
  if(NOT _rc EQUAL 0)
    string(REPLACE "'" "" _err "${_err}")
    add_test("${CUC_TARGET}_${_lp}.DISCOVERY_FAILED" sh -c "echo 'cuconform: listing the tests of ${_exe_${_lp}} failed (${_rc}): ${_err}'; exit 1")
    set_tests_properties("${CUC_TARGET}_${_lp}.DISCOVERY_FAILED" PROPERTIES LABELS "kind:infra")
    return()
  endif()
  string(REPLACE "\n" ";" _lines "${_out}")
  foreach(_line IN LISTS _lines)
    if(NOT _line MATCHES "^([^\t]+)\t([^\t]+)\t([^\t]*)\t([^\t]*)\t([^\t]*)$")
      continue()
    endif()
    set(_g "${CMAKE_MATCH_1}")
    string(REPLACE "," ";" _labels "${CMAKE_MATCH_3}")
    list(FILTER _labels EXCLUDE REGEX "^profile:")
    string(REPLACE "," ";" _where "${CMAKE_MATCH_4}")
    set(_env "${CMAKE_MATCH_5}")
    _cuc_first_sight(_tests "${_g}" _k)
    if(_first)
      set(_labels_${_k} "${_labels}")
      set(_env_${_k} "${_env}")
    endif()
    list(APPEND _where_${_k} ${_where})
  endforeach()
endforeach()

# (env: what the unit's tests must start with, its `ctest_environment`)
macro(_cuc_common name env)
  set(_e "CUCONFORM_UNDER_CTEST=1")
  if(NOT "${env}" STREQUAL "")
    set(_e "${_e};${env}")
  endif()
  set_tests_properties("${name}" PROPERTIES FIXTURES_REQUIRED cuconform_run ENVIRONMENT "${_e}" TIMEOUT 900)
endmacro()

# One test for profiles `ps` (a list; the first one's executable runs it).
function(_cuc_add kind gname ps labels env)
  list(GET ps 0 _p0)
  list(JOIN ps "+" _pjoin)
  list(JOIN ps "," _pcsv)
  set(_pl "")
  foreach(_p IN LISTS ps)
    list(APPEND _pl "profile:${_p}")
  endforeach()
  set(_ids "")
  list(LENGTH ps _n)
  if(_n GREATER 1 OR _p0 IN_LIST _split)
    set(_ids "--cuconform_profiles=${_pcsv}")
  endif()
  if(kind STREQUAL "codegen")
    # gname: <UnitA+UnitB+...>.codegen; ARGV5: the exact gtest filter of its
    # checks (UnitA.codegen.ptx:UnitA.codegen.f64_lint:...), ARGV6: the cost
    add_test("${_pjoin}/${gname}" "${_exe_${_p0}}" "--gtest_filter=${ARGV5}" "--gtest_color=no" "--cuconform_skip_code"
             ${_ids} "--cuconform_code_signature=host-objects-shared")
    set_tests_properties("${_pjoin}/${gname}" PROPERTIES LABELS "${_pl};${labels}" SKIP_RETURN_CODE 77 COST ${ARGV6})
  elseif(kind STREQUAL "group")
    # gname: <UnitA+UnitB+...>.<tier>; ARGV5: the code signature(s), ARGV6: the cost
    string(REGEX REPLACE "^([^.]+)\\.(.*)$" "\\1" _fu "${gname}")
    string(REGEX REPLACE "^([^.]+)\\.(.*)$" "\\2" _ft "${gname}")
    string(REPLACE "+" ".*.${_ft}:" _filter "${_fu}")
    set(_filter "${_filter}.*.${_ft}")
    add_test("${_pjoin}/${gname}" "${_exe_${_p0}}" "--gtest_filter=${_filter}" "--gtest_color=no" "--cuconform_skip_code"
             ${_ids} "--cuconform_code_signature=${ARGV5}")
    set_tests_properties("${_pjoin}/${gname}" PROPERTIES LABELS "${_pl};${labels}" RESOURCE_GROUPS "gpus:1"
                         SKIP_RETURN_CODE 77 COST ${ARGV6})
  else()
    # (CPU side: the host code is one object for the split profiles.)
    add_test("${_pjoin}/${gname}" "${_exe_${_p0}}" "--gtest_filter=${gname}" "--gtest_color=no" ${_ids}
             "--cuconform_code_signature=host-objects-shared")
    set_tests_properties("${_pjoin}/${gname}" PROPERTIES LABELS "${_pl};${labels}"
                         SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
    if(kind STREQUAL "sanitize")
      set_tests_properties("${_pjoin}/${gname}" PROPERTIES RESOURCE_GROUPS "gpus:1")
    endif()
    if(kind STREQUAL "perf")
      # The perf tier times kernels: nothing else may run on the GPU meanwhile.
      if("$ENV{CUCONFORM_PERF}" MATCHES "^(1|true|TRUE|yes|on|ON)$")
        set_tests_properties("${_pjoin}/${gname}" PROPERTIES RUN_SERIAL TRUE RESOURCE_GROUPS "gpus:1")
      endif()
    endif()
  endif()
  _cuc_common("${_pjoin}/${gname}" "${env}")
endfunction()

# The batch of key `key` that takes `unit`: the open one while it holds fewer
# than `limit` units (or holds the unit already), else a new one, named
# <letter><N> and appended to list `listvar`. Sets _slot, and _slot_new TRUE
# for a new batch: its unit list _units_<slot> and labels _slabels_<slot>
# start empty, its profiles _sps_<slot> are `ps` and its environment
# _senv_<slot> is `env` (both part of the key).
macro(_cuc_slot listvar letter key limit unit ps env)
  set(_slot "")
  set(_slot_new FALSE)
  if(DEFINED _open_${letter}_${key})
    set(_slot "${_open_${letter}_${key}}")
    list(LENGTH _units_${_slot} _sn)
    if(_sn GREATER_EQUAL ${limit} AND NOT "${unit}" IN_LIST _units_${_slot})
      set(_slot "")
    endif()
  endif()
  if(_slot STREQUAL "")
    list(LENGTH ${listvar} _sn)
    set(_slot "${letter}${_sn}")
    list(APPEND ${listvar} "${_slot}")
    set(_open_${letter}_${key} "${_slot}")
    set(_units_${_slot} "")
    set(_slabels_${_slot} "")
    set(_sps_${_slot} "${ps}")
    set(_senv_${_slot} "${env}")
    set(_slot_new TRUE)
  endif()
endmacro()

# Adds the test of batch `b`, <UnitA+UnitB+...>.<suffix>, of kind `kind`
# (`arg` and `cost` as _cuc_add takes them).
macro(_cuc_add_batch kind b suffix arg cost)
  list(REMOVE_DUPLICATES _slabels_${b})
  list(JOIN _units_${b} "+" _sname)
  _cuc_add(${kind} "${_sname}.${suffix}" "${_sps_${b}}" "${_slabels_${b}}" "${_senv_${b}}" "${arg}" ${cost})
endmacro()

foreach(_g IN LISTS _tests)
  string(MAKE_C_IDENTIFIER "${_g}" _k)
  _cuc_partition("${_profiles}" "${_where_${_k}}" _where "")  # in the call's order
  if(NOT _where)
    continue()
  endif()
  set(_labels "${_labels_${_k}}")
  if(_g MATCHES "^([A-Za-z0-9_]+)\\.[A-Za-z0-9_.]+\\.(gpu|exhaustive_gpu|extended_gpu|deep_gpu)$")
    set(_gk "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
    _cuc_first_sight(_groups "${_gk}" _gkk)
    if(_first)
      set(_gunit_${_gkk} "${CMAKE_MATCH_1}")
      set(_gforms_${_gkk} 0)
      set(_genv_${_gkk} "${_env_${_k}}")
    endif()
    list(APPEND _gwhere_${_gkk} ${_where})
    list(APPEND _glabels_${_gkk} ${_labels})
    math(EXPR _gforms_${_gkk} "${_gforms_${_gkk}} + 1")
    continue()
  endif()
  if("tier:sanitize" IN_LIST _labels)
    # The sanitize tier: the first profile's executable (memory errors and
    # races are about device memory and synchronisation, which the floating-
    # point flags do not change; its records say which profile ran).
    list(GET _where 0 _p)
    _cuc_add(sanitize "${_g}" "${_p}" "${_labels}" "${_env_${_k}}")
    continue()
  endif()
  if(_g MATCHES "^([A-Za-z0-9_]+)\\.codegen\\." AND NOT "tier:perf" IN_LIST _labels)
    # The codegen tier, per profile, batched: up to 16 units' checks a
    # process, of one profile, one environment and the same kind: labels.
    # Each check is a few milliseconds once the process has read its TU's
    # PTX; as a process of its own it cost about 0.09 s of ctest time
    # (940 of them in CI's project checks: 93 s).
    set(_cu "${CMAKE_MATCH_1}")
    set(_kinds "${_labels}")
    list(FILTER _kinds INCLUDE REGEX "^kind:")
    foreach(_p IN LISTS _where)
      string(MAKE_C_IDENTIFIER "${_p}|${_env_${_k}}|${_kinds}" _ckey)
      _cuc_slot(_cbatches c "${_ckey}" 16 "${_cu}" "${_p}" "${_env_${_k}}")
      if(_slot_new)
        set(_ctests_${_slot} "")
      endif()
      if(NOT _cu IN_LIST _units_${_slot})
        list(APPEND _units_${_slot} "${_cu}")
      endif()
      list(APPEND _ctests_${_slot} "${_g}")
      list(APPEND _slabels_${_slot} ${_labels})
    endforeach()
    continue()
  endif()
  if(_g MATCHES "\\.codegen\\." OR "tier:perf" IN_LIST _labels)
    set(_kind per-profile)
    if("tier:perf" IN_LIST _labels)
      set(_kind perf)
    endif()
    foreach(_p IN LISTS _where)
      _cuc_add(${_kind} "${_g}" "${_p}" "${_labels}" "${_env_${_k}}")
    endforeach()
    continue()
  endif()
  # CPU side: one test for the split profiles, one each for the others.
  _cuc_partition("${_where}" "${_split}" _shared _own)
  foreach(_p IN LISTS _own)
    _cuc_add(cpu "${_g}" "${_p}" "${_labels}" "${_env_${_k}}")
  endforeach()
  if(_shared)
    _cuc_add(cpu "${_g}" "${_shared}" "${_labels}" "${_env_${_k}}")
  endif()
endforeach()

foreach(_b IN LISTS _cbatches)
  list(JOIN _ctests_${_b} ":" _cfilter)
  list(LENGTH _ctests_${_b} _ccost)
  _cuc_add_batch(codegen ${_b} codegen "${_cfilter}" ${_ccost})
endforeach()

# Batches of GPU groups (see the top): one per tier, class of profiles and
# environment while it has room, in listing order.
set(_batches "")
macro(_cuc_batch gk ps labels env sig cost)
  string(REGEX REPLACE "^([^.]+)\\.(.*)$" "\\1" _bu "${gk}")
  string(REGEX REPLACE "^([^.]+)\\.(.*)$" "\\2" _bt "${gk}")
  set(_bpl "${ps}")  # (a macro's arguments are not variables)
  list(JOIN _bpl "," _bps)
  string(MAKE_C_IDENTIFIER "${_bt}|${_bps}|${env}" _bkey)
  set(_bmax 8)
  if(NOT _bt STREQUAL "gpu")
    set(_bmax 4)
  endif()
  _cuc_slot(_batches b "${_bkey}" ${_bmax} "${_bu}" "${_bpl}" "${env}")
  if(_slot_new)
    set(_bsigs_${_slot} "")
    set(_btier_${_slot} "${_bt}")
    set(_bcost_${_slot} 0)
  endif()
  list(APPEND _units_${_slot} "${_bu}")
  list(APPEND _bsigs_${_slot} "${_bu}=${sig}")
  list(APPEND _slabels_${_slot} ${labels})
  math(EXPR _bcost_${_slot} "${_bcost_${_slot}} + ${cost}")
endmacro()

foreach(_gk IN LISTS _groups)
  string(MAKE_C_IDENTIFIER "${_gk}" _gkk)
  set(_u "${_gunit_${_gkk}}")
  list(REMOVE_DUPLICATES _glabels_${_gkk})
  _cuc_partition("${_profiles}" "${_gwhere_${_gkk}}" _present "")
  # Scheduling: the exhaustive tier and many-form units start first.
  set(_cost ${_gforms_${_gkk}})
  if(_gk MATCHES "(exhaustive|extended|deep)_gpu$")
    math(EXPR _cost "${_cost} * 10")
  endif()
  set(_done "")
  if(DEFINED _ncls_${_u})
    math(EXPR _last "${_ncls_${_u}} - 1")
    foreach(_i RANGE 0 ${_last})
      _cuc_partition("${_cls_${_u}_${_i}}" "${_present}" _c "")
      _cuc_partition("${_c}" "${_done}" "" _c)
      if(_c)
        list(APPEND _done ${_c})
        list(LENGTH _c _nc)
        math(EXPR _cc "${_cost} * (1 + ${_nc}) / 2")
        _cuc_batch("${_gk}" "${_c}" "${_glabels_${_gkk}}" "${_genv_${_gkk}}" "${_sig_${_u}_${_i}}" ${_cc})
      endif()
    endforeach()
  endif()
  _cuc_partition("${_present}" "${_done}" "" _left)
  foreach(_p IN LISTS _left)  # no class known: each profile runs its own
    _cuc_batch("${_gk}" "${_p}" "${_glabels_${_gkk}}" "${_genv_${_gkk}}" "none" ${_cost})
  endforeach()
endforeach()
foreach(_b IN LISTS _batches)
  list(JOIN _bsigs_${_b} "," _bsig)
  list(LENGTH _units_${_b} _bn)
  if(_bn EQUAL 1)
    string(REGEX REPLACE "^[^=]*=" "" _bsig "${_bsig}")  # one unit: its signature alone, as before
  endif()
  _cuc_add_batch(group ${_b} "${_btier_${_b}}" "${_bsig}" ${_bcost_${_b}})
endforeach()
endfunction()
cmake_policy(POP)
_cuc_discover()
