# CMake package config of libofferkit, installed as <prefix>/lib/cmake/offerkit/offerkitConfig.cmake
# by ffi/install.sh. `find_package(offerkit)` then gives:
#   offerkit::offerkit         the shared library (libofferkit.so) and offerkit.h
#   offerkit::offerkit_static  the static library (libofferkit.a) with its system libraries
#   offerkit::cpp              the header-only C++17 wrapper (offerkit.hpp) on offerkit::offerkit
get_filename_component(_offerkit_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(offerkit_INCLUDE_DIRS "${_offerkit_prefix}/include")

if(NOT TARGET offerkit::offerkit)
  add_library(offerkit::offerkit SHARED IMPORTED)
  set_target_properties(offerkit::offerkit PROPERTIES
    IMPORTED_LOCATION "${_offerkit_prefix}/lib/libofferkit.so"
    IMPORTED_NO_SONAME TRUE
    INTERFACE_INCLUDE_DIRECTORIES "${_offerkit_prefix}/include")
endif()

if(NOT TARGET offerkit::offerkit_static)
  add_library(offerkit::offerkit_static STATIC IMPORTED)
  set_target_properties(offerkit::offerkit_static PROPERTIES
    IMPORTED_LOCATION "${_offerkit_prefix}/lib/libofferkit.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_offerkit_prefix}/include"
    # What `rustc --print native-static-libs` lists for libofferkit.a on Linux.
    INTERFACE_LINK_LIBRARIES "gcc_s;util;rt;pthread;m;dl;c")
endif()

if(NOT TARGET offerkit::cpp)
  add_library(offerkit::cpp INTERFACE IMPORTED)
  set_target_properties(offerkit::cpp PROPERTIES
    INTERFACE_LINK_LIBRARIES offerkit::offerkit
    INTERFACE_COMPILE_FEATURES cxx_std_17)
endif()

set(offerkit_LIBRARIES offerkit::offerkit)
set(offerkit_FOUND TRUE)
unset(_offerkit_prefix)
