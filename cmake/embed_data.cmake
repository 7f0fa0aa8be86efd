# Script mode: cmake -DOUT=file.cpp -DNAMESPACE=ns -DINPUTS="name=path;name=path" -P embed_data.cmake
# Writes a C++ file with one function per input returning its bytes as a std::string_view.
set(code "// Generated from data/ by cmake/embed_data.cmake. Do not edit.\n#include <string_view>\nnamespace ${NAMESPACE} {\n")
foreach(pair IN LISTS INPUTS)
  string(REPLACE "=" ";" parts "${pair}")
  list(GET parts 0 fn)
  list(GET parts 1 path)
  file(READ "${path}" hex HEX)
  string(LENGTH "${hex}" hexlen)
  math(EXPR nbytes "${hexlen} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  # unsigned: bytes over 0x7F (UTF-8) would be narrowing conversions into char.
  string(APPEND code "static const unsigned char ${fn}_bytes[] = {${bytes}0};\n")
  string(APPEND code "std::string_view ${fn}() { return {reinterpret_cast<const char*>(${fn}_bytes), ${nbytes}}; }\n")
endforeach()
string(APPEND code "}  // namespace ${NAMESPACE}\n")
file(WRITE "${OUT}.tmp" "${code}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
