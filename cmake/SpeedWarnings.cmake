# One place for every warning flag, applied to each of our targets.
function(speed_set_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
    -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wnull-dereference
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough -Wcast-align)
  # GCC's own (the fuzz build compiles with clang, which has neither).
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wmisleading-indentation -Wduplicated-cond -Wlogical-op)
  endif()
endfunction()
