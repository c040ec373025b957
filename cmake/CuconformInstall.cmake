# `cmake --install`: the framework as a CMake package, so that a user's project
# says find_package(cuconform) and cuconform_add_units(...) (examples/consumer/).
#   include/cuconform/         unit API, harness, reference and grading headers
#   lib/                       libcuconform_{reference,fixtures,main}.a
#   lib/cmake/cuconform/       cuconformConfig.cmake, targets, CuconformUnits.cmake and
#                              the templates and launchers it uses
#   share/cuconform/units/     the suite's own units (cuconform_add_suite_units)
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
