# CMake package config of libofferkit, at <prefix>/lib/cmake/offerkit/offerkitConfig.cmake in a
# tree installed by ffi/install.sh or unpacked from a C SDK archive (written by
# ffi/write-package-files.sh). Relocatable: the prefix is found from this file's own place.
# `find_package(offerkit)` then gives, for the libraries the tree holds:
#   offerkit::offerkit               the shared library and offerkit.h
#   offerkit::offerkit_static        the static library with the system libraries it needs
#   offerkit::offerkit_lite          the lite shared library (no built-in HTTP: every client needs
#                                    a host executor; the same header)
#   offerkit::offerkit_lite_static   the lite static library
#   offerkit::cpp                    the header-only C++17 wrapper (offerkit.hpp) on offerkit::offerkit
# Layouts: Linux lib/libofferkit.so + lib/libofferkit.a; Windows bin/offerkit.dll (the target's
# IMPORTED_LOCATION) with its import library in lib/ (IMPORTED_IMPLIB: offerkit.dll.lib for MSVC
# and clang-cl, libofferkit.dll.a for MinGW) and, for MinGW, the static lib/libofferkit.a.
get_filename_component(_offerkit_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(offerkit_INCLUDE_DIRS "${_offerkit_prefix}/include")

# _offerkit_import(TARGET LIB): offerkit::TARGET and offerkit::TARGET_static for library LIB
# (offerkit, offerkit_lite), each only when its files are in the tree.
function(_offerkit_import target lib)
  set(p "${_offerkit_prefix}")
  set(static "")
  set(system_libs "")
  if(WIN32)
    set(location "${p}/bin/${lib}.dll")
    if(MINGW)
      set(implib "${p}/lib/lib${lib}.dll.a")
      # Built by the MinGW toolchain: usable by MinGW only. Rust's Windows imports come with it.
      set(static "${p}/lib/lib${lib}.a")
    else()
      set(implib "${p}/lib/${lib}.dll.lib")
    endif()
  else()
    set(location "${p}/lib/lib${lib}${CMAKE_SHARED_LIBRARY_SUFFIX}")
    set(static "${p}/lib/lib${lib}.a")
    if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
      # What `rustc --print native-static-libs` lists for libofferkit.a on Linux.
      set(system_libs gcc_s util rt pthread m dl c)
    endif()
  endif()

  if(NOT TARGET offerkit::${target} AND EXISTS "${location}")
    add_library(offerkit::${target} SHARED IMPORTED)
    set_target_properties(offerkit::${target} PROPERTIES
      IMPORTED_LOCATION "${location}"
      INTERFACE_INCLUDE_DIRECTORIES "${p}/include")
    if(WIN32)
      set_target_properties(offerkit::${target} PROPERTIES IMPORTED_IMPLIB "${implib}")
    else()
      # The library has no SONAME: link it by name (-L/-l), never by its build-time path.
      set_target_properties(offerkit::${target} PROPERTIES IMPORTED_NO_SONAME TRUE)
    endif()
  endif()

  if(NOT TARGET offerkit::${target}_static AND static AND EXISTS "${static}")
    add_library(offerkit::${target}_static STATIC IMPORTED)
    set_target_properties(offerkit::${target}_static PROPERTIES
      IMPORTED_LOCATION "${static}"
      INTERFACE_INCLUDE_DIRECTORIES "${p}/include"
      INTERFACE_LINK_LIBRARIES "${system_libs}")
  endif()
endfunction()

_offerkit_import(offerkit offerkit)
_offerkit_import(offerkit_lite offerkit_lite)

if(NOT TARGET offerkit::offerkit)
  set(offerkit_FOUND FALSE)
  set(offerkit_NOT_FOUND_MESSAGE
    "no libofferkit for this platform under ${_offerkit_prefix} (an SDK of another platform?)")
  unset(_offerkit_prefix)
  return()
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
