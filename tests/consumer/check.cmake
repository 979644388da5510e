# Installs prism into a temporary prefix, then configures, builds and runs tests/consumer
# against it with find_package(prism).
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
foreach(step
    "${CMAKE_COMMAND};-S;${SOURCE_DIR};-B;${WORK_DIR}/prism;-G;${GENERATOR};-DCMAKE_CXX_COMPILER=${CXX};-DPRISM_BUILD_TESTS=OFF;-DPRISM_BUILD_BENCH=OFF;-DPRISM_BUILD_TOOLS=OFF;-DCMAKE_INSTALL_PREFIX=${prefix}"
    "${CMAKE_COMMAND};--install;${WORK_DIR}/prism"
    "${CMAKE_COMMAND};-S;${SOURCE_DIR}/tests/consumer;-B;${WORK_DIR}/consumer;-G;${GENERATOR};-DCMAKE_CXX_COMPILER=${CXX};-DCMAKE_PREFIX_PATH=${prefix}"
    "${CMAKE_COMMAND};--build;${WORK_DIR}/consumer"
    "${WORK_DIR}/consumer/consumer")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "step failed (${rc}): ${step}\n${out}\n${err}")
  endif()
endforeach()
# The pkg-config file: its flags compile the consumer without CMake.
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  set(ENV{PKG_CONFIG_PATH} ${prefix}/share/pkgconfig)
  execute_process(COMMAND ${PKG_CONFIG} --cflags prism RESULT_VARIABLE rc OUTPUT_VARIABLE cflags OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0 OR NOT cflags MATCHES "-I${prefix}/include")
    message(FATAL_ERROR "pkg-config --cflags prism: ${rc} ${cflags}")
  endif()
  separate_arguments(flags UNIX_COMMAND "${cflags}")
  execute_process(COMMAND ${CXX} ${flags} -fsyntax-only ${SOURCE_DIR}/tests/consumer/main.cpp RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the consumer does not compile with pkg-config's flags (${cflags}):\n${err}")
  endif()
endif()
message(STATUS "consumer built and ran against the installed prism")
