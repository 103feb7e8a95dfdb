# Standalone Asio (Debian libasio-dev) is header-only and ships no CMake config.
# ASIO_DISABLE_STD_ALIGNED_ALLOC: Asio 1.22 decides between aligned_alloc/free and operator
# new/delete per translation unit, depending on whether a libstdc++ header came before its own;
# two units that decide differently free with the wrong function (ASan: alloc-dealloc-mismatch).
# One fixed choice for every unit.
find_path(ASIO_INCLUDE_DIR NAMES asio.hpp)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Asio REQUIRED_VARS ASIO_INCLUDE_DIR)
if(Asio_FOUND AND NOT TARGET Asio::asio)
  add_library(Asio::asio INTERFACE IMPORTED)
  set_target_properties(Asio::asio PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${ASIO_INCLUDE_DIR}"
    INTERFACE_COMPILE_DEFINITIONS "ASIO_STANDALONE;ASIO_NO_DEPRECATED;ASIO_DISABLE_STD_ALIGNED_ALLOC")
  target_link_libraries(Asio::asio INTERFACE Threads::Threads)
endif()
