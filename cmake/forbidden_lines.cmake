# For the source checks (check_layers, check_scratch_folders): prints each line of `files` that matches
# `regex` as `path: line (why)`, and adds their number to the variable named by `count`.
function(report_forbidden_lines files regex why count)
  set(found ${${count}})
  foreach(file ${files})
    file(STRINGS ${file} lines REGEX "${regex}")
    foreach(line ${lines})
      file(RELATIVE_PATH name ${ROOT} ${file})
      message("${name}: ${line} (${why})")
      math(EXPR found "${found} + 1")
    endforeach()
  endforeach()
  set(${count} ${found} PARENT_SCOPE)
endfunction()
