# Writes a help2man include file with one man-page subsection per subcommand,
# holding that subcommand's own --help text, so `man cvsearch` documents every
# subcommand from the same option definitions as the binary.
#   cmake -DCVSEARCH=path/to/cvsearch -DOUT=file.h2m -P man_subcommands.cmake
execute_process(COMMAND ${CVSEARCH} --help OUTPUT_VARIABLE top RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "`${CVSEARCH} --help` failed (${rc})")
endif()
# The "Subcommands:" block of the top-level help: "  NAME   description" lines.
string(REGEX REPLACE ".*\nSubcommands:\n" "" block "${top}")
string(REGEX MATCHALL "\n?  [a-z][a-z-]* " names "\n${block}")
set(text "[SUBCOMMANDS]\n")
foreach(raw IN LISTS names)
  string(STRIP "${raw}" name)
  execute_process(COMMAND ${CVSEARCH} ${name} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "`${CVSEARCH} ${name} --help` failed (${rc})")
  endif()
  # roff: escape backslashes, protect lines starting with '.' or '\''.
  string(REPLACE "\\" "\\e" help "${help}")
  string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" help "${help}")
  string(APPEND text ".SS \"cvsearch ${name}\"\n.nf\n${help}.fi\n")
endforeach()
if(NOT names)
  message(FATAL_ERROR "no subcommands found in `${CVSEARCH} --help`")
endif()
file(WRITE ${OUT} "${text}")
