# ctest script: install cvsearch into a fresh prefix, build the consumer project
# against it (find_package and pkg-config), run both binaries on a profile; then
# build and run examples/embed the same way; last, move the prefix and run the
# installed cvsearch from it with no LD_LIBRARY_PATH (its install RUNPATH).
# Inputs: -DBUILD_DIR -DSOURCE_DIR -DWORK_DIR -DSANITIZE (the library was built with
# ASan+UBSan: then the programs that link it must link the sanitizer runtimes too)
file(REMOVE_RECURSE ${WORK_DIR})
set(link_flags "")
if(SANITIZE)
  set(link_flags "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined")
endif()
set(prefix ${WORK_DIR}/prefix)
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f include/cvsearch/cvsearch.hpp include/cvsearch/version.hpp bin/cvsearch)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "install is missing ${f}")
  endif()
endforeach()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${WORK_DIR}/build ${link_flags}
    -DCMAKE_PREFIX_PATH=${prefix} "-DCMAKE_INSTALL_RPATH=${prefix}/lib"
    -DCMAKE_BUILD_RPATH=${prefix}/lib;${prefix}/lib/x86_64-linux-gnu)
set(ENV{PKG_CONFIG_PATH} "${prefix}/lib/pkgconfig:${prefix}/lib/x86_64-linux-gnu/pkgconfig")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
file(WRITE ${WORK_DIR}/p.json "{\"name\": \"Ada Example\", \"publications\": [{\"title\": \"T\", \"venue_raw\": \"SOSP '23\", \"year\": 2023}]}")
foreach(bin consumer consumer_pc)
  run(${WORK_DIR}/build/${bin} ${WORK_DIR}/p.json)
  if(NOT last_output MATCHES "Ada Example")
    message(FATAL_ERROR "${bin} printed unexpected output:\n${last_output}")
  endif()
endforeach()
message(STATUS "consumer OK:\n${last_output}")

# examples/embed, as its README says to build it: index data/profiles, search from threads.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/embed -B ${WORK_DIR}/embed ${link_flags}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_RPATH=${prefix}/lib;${prefix}/lib/x86_64-linux-gnu)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/embed)
run(${WORK_DIR}/embed/embed_search ${SOURCE_DIR}/data/profiles ${WORK_DIR}/embed.db "fault tolerance" SOSP)
foreach(expected "profiles indexed" "matching profiles" "1. " "[Fault" "venue:" " SOSP (")
  string(FIND "${last_output}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "examples/embed output lacks '${expected}':\n${last_output}")
  endif()
endforeach()
message(STATUS "examples/embed OK:\n${last_output}")

# The installed command runs as installed, under any prefix: no LD_LIBRARY_PATH, no
# ldconfig. The prefix is moved first, so only a RUNPATH relative to the binary
# ($ORIGIN/../lib...) can find the library, and ldd must show it found the moved copy.
set(moved ${WORK_DIR}/moved-prefix)
file(RENAME ${prefix} ${moved})
unset(ENV{LD_LIBRARY_PATH})
run(${moved}/bin/cvsearch --version)
if(NOT last_output MATCHES "cvsearch")
  message(FATAL_ERROR "installed cvsearch --version printed unexpected output:\n${last_output}")
endif()
run(${moved}/bin/cvsearch parse ${WORK_DIR}/p.json)
if(NOT last_output MATCHES "Ada Example" OR NOT last_output MATCHES "SOSP")
  message(FATAL_ERROR "installed cvsearch parse printed unexpected output:\n${last_output}")
endif()
run(ldd ${moved}/bin/cvsearch)
string(REGEX MATCH "libcvsearch[^\n]*" loaded "${last_output}")
string(FIND "${loaded}" "=> ${moved}/" at)
if(at EQUAL -1)
  message(FATAL_ERROR "installed cvsearch does not load the library installed beside it:\n${last_output}")
endif()
message(STATUS "installed cvsearch OK from a moved prefix (${moved})")
