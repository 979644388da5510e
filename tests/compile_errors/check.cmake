# Compiles SOURCE with COMPILER and checks that it fails with a short error that names what the
# user must see: every string in EXPECT (separated by |), in at most MAX_LINES lines and, when
# MAX_ERRORS is given, at most that many errors.
execute_process(
  COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${INCLUDE_DIR} ${SOURCE}
  RESULT_VARIABLE result
  OUTPUT_VARIABLE out
  ERROR_VARIABLE out)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled; it must not")
endif()
string(REGEX MATCHALL "\n" newlines "${out}")
list(LENGTH newlines lines)
if(lines GREATER MAX_LINES)
  message(FATAL_ERROR "${lines} lines of errors (at most ${MAX_LINES}):\n${out}")
endif()
if(DEFINED MAX_ERRORS)
  string(REGEX MATCHALL "error:" errors "${out}")
  list(LENGTH errors error_count)
  if(error_count GREATER MAX_ERRORS)
    message(FATAL_ERROR "${error_count} errors (at most ${MAX_ERRORS}):\n${out}")
  endif()
endif()
string(REPLACE "|" ";" expected_list "${EXPECT}")
foreach(expected IN LISTS expected_list)
  string(FIND "${out}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the error does not say \"${expected}\":\n${out}")
  endif()
endforeach()
message(STATUS "${lines} lines, naming ${expected_list}")
