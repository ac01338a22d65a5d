# Tests take their folders from mjtest::temp_dir (a CTest, `cmake -DROOT=<repo> -P check_scratch_folders.cmake`):
# ctest runs tests two at a time, each its own process, so a folder named anywhere else can be written by one
# test while another reads it (CI once failed so), and stays behind in /tmp.
file(GLOB files ${ROOT}/tests/*.cpp ${ROOT}/tests/*.hpp)
list(REMOVE_ITEM files ${ROOT}/tests/test_util.hpp)
include(${CMAKE_CURRENT_LIST_DIR}/forbidden_lines.cmake)
set(violations 0)
report_forbidden_lines("${files}" "temp_directory_path|mkdtemp|tmpnam|tmpfile" "use mjtest::temp_dir" violations)
if(violations GREATER 0)
  message(FATAL_ERROR "${violations} scratch folders outside mjtest::temp_dir")
endif()
message("scratch folders: every test's comes from mjtest::temp_dir")
