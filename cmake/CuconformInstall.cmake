# `cmake --install`: the framework as a CMake package, so that a user's project
# says find_package(cuconform) and cuconform_add_units(...) (examples/consumer/).
#   include/cuconform/         unit API, harness, reference and grading headers
#   lib/                       libcuconform_{reference,fixtures,main}.a
#   lib/cmake/cuconform/       cuconformConfig.cmake, targets, CuconformUnits.cmake and
#                              the templates and launchers it uses
#   share/cuconform/units/     the suite's own units (cuconform_add_suite_units)
#   share/cuconform/python/    the cuconform command's package and data; bin/cuconform runs it
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
option(CUCONFORM_INSTALL "Generate cuconform's install rules" ${PROJECT_IS_TOP_LEVEL})
if(NOT CUCONFORM_INSTALL)
  return()
endif()
set(_cuc_pkgdir "${CMAKE_INSTALL_LIBDIR}/cmake/cuconform")

install(TARGETS cuconform_reference cuconform_kernels cuconform_fixtures cuconform_main EXPORT cuconformTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT cuconformTargets NAMESPACE cuconform:: DESTINATION "${_cuc_pkgdir}")
foreach(d kernels/cuconform fixtures/include/cuconform reference/include/cuconform)
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/${d}/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/cuconform")
endforeach()
install(FILES "${PROJECT_SOURCE_DIR}/cmake/CuconformUnits.cmake" "${PROJECT_SOURCE_DIR}/cmake/CuconformProfiles.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/CuconformBuildProfiles.cmake" "${PROJECT_SOURCE_DIR}/cmake/CuconformDiscoverTests.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/CuconformTuPlan.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/reference_build_id.cmake" "${PROJECT_SOURCE_DIR}/cmake/unit_test.cu.in"
              "${PROJECT_SOURCE_DIR}/cmake/profile.cpp.in" "${PROJECT_SOURCE_DIR}/cmake/profiles.cpp.in"
        DESTINATION "${_cuc_pkgdir}")
install(PROGRAMS "${PROJECT_SOURCE_DIR}/cmake/nvcc-split.py" "${PROJECT_SOURCE_DIR}/cmake/nvcc-keep-ptx.sh"
                 "${PROJECT_SOURCE_DIR}/cmake/cuconform-code-classes.py" "${PROJECT_SOURCE_DIR}/cmake/cuconform_source_index.py"
                 "${PROJECT_SOURCE_DIR}/cmake/cuconform_ptx_text.py"
                 "${PROJECT_SOURCE_DIR}/cmake/begin_run.sh" "${PROJECT_SOURCE_DIR}/cmake/end_run.sh"
        DESTINATION "${_cuc_pkgdir}")
# The suite's units, for users who also want them (their folders, not the API).
install(DIRECTORY "${PROJECT_SOURCE_DIR}/kernels/" DESTINATION "${CMAKE_INSTALL_DATADIR}/cuconform/units"
        PATTERN "cuconform" EXCLUDE)

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/cuconformConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cuconformConfig.cmake" INSTALL_DESTINATION "${_cuc_pkgdir}"
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_DATADIR)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/cuconformConfigVersion.cmake" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/cuconformConfig.cmake" "${PROJECT_BINARY_DIR}/cuconformConfigVersion.cmake"
        DESTINATION "${_cuc_pkgdir}")

# The `cuconform` command (tools/cuconform_tools, standard library only) with the
# data it ships with, and bin/cuconform to run it: the installed package's
# users gate and report their runs with the same command as the suite.
set(_cuc_pydir "${CMAKE_INSTALL_DATADIR}/cuconform/python")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/tools/cuconform_tools" DESTINATION "${_cuc_pydir}"
        PATTERN "__pycache__" EXCLUDE PATTERN "data" EXCLUDE)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/fixtures/baselines/" DESTINATION "${_cuc_pydir}/cuconform_tools/data/baselines")
install(FILES "${PROJECT_SOURCE_DIR}/docs/catalog.md" "${PROJECT_SOURCE_DIR}/docs/coverage-notes.txt"
        DESTINATION "${_cuc_pydir}/cuconform_tools/data")
file(WRITE "${PROJECT_BINARY_DIR}/cuconform-command"
"#!/bin/sh\n# The cuconform command of this installation (share/cuconform/python).\n"
"here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
"PYTHONPATH=\"$here/../${_cuc_pydir}\${PYTHONPATH:+:\$PYTHONPATH}\" exec python3 -c \"import sys; from cuconform_tools.cli import main; sys.exit(main())\" \"$@\"\n")
install(PROGRAMS "${PROJECT_BINARY_DIR}/cuconform-command" DESTINATION "${CMAKE_INSTALL_BINDIR}" RENAME cuconform)
